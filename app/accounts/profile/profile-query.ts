// The profile's address: its tab (?tab=) and the top-up dialog a link asks for (?topup=). Apart from
// the top-up rules (app/money/topup/topup.ts) so the profile opens without them: they come with a
// top-up dialog or the wallet tab (decision 0066).
import type { TopupKind } from "~/money/topup/topup";

export const PROFILE_TABS = ["profile", "wallet", "purchases"] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** How long the profile waits before reading a balance the session did not bring (docs/product.md §9). */
export const BALANCE_REFETCH_MS = 1_000;

/** ?tab=… as a tab; anything else is the profile tab. */
export function profileTabFrom(value: string | null | undefined): ProfileTab {
  return (PROFILE_TABS as readonly string[]).includes(value ?? "") ? (value as ProfileTab) : "profile";
}

/** ?topup=vietqr|card|crypto (the header's top-up links), else null. */
export function topupFrom(value: string | null | undefined): TopupKind | null {
  return value === "vietqr" || value === "card" || value === "crypto" ? value : null;
}
