// The wallet figures kept in the stored user (the header shows them), and their refresh from the
// server. Small on purpose: the app page loads it with its first JavaScript.
import { apiCall } from "../api";
import { formatVND } from "@workers/shared/format";
import { readStoredUser, type SessionUser, updateStoredUser } from "./session";

export type WalletFigures = Pick<SessionUser, "balance" | "formatted_balance" | "total_spent" | "total_keys_purchased">;

/** Copies the wallet figures into the stored user, so the header shows the new balance. */
export function storeWalletFigures(wallet: Partial<WalletFigures> | null | undefined) {
  const stored = readStoredUser();
  if (!stored || !wallet || typeof wallet.balance !== "number") return;
  updateStoredUser({
    ...stored,
    balance: wallet.balance,
    formatted_balance: wallet.formatted_balance ?? formatVND(wallet.balance),
    total_spent: wallet.total_spent ?? stored.total_spent,
    total_keys_purchased: wallet.total_keys_purchased ?? stored.total_keys_purchased,
  });
}

/** The balance from the server into the stored user; null when it could not be read (the stored one stays). */
export async function refreshStoredBalance(signal?: AbortSignal): Promise<WalletFigures | null> {
  try {
    const { data } = await apiCall((api) => api.api.auth.wallet.balance.$get(), { auth: true, signal });
    storeWalletFigures(data);
    return data ?? null;
  } catch {
    return null;
  }
}
