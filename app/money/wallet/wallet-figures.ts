// The wallet figures kept in the stored user (the header shows them), and their refresh from the
// server. Small on purpose: the app page loads it with its first JavaScript.
import { apiCall } from "../../platform/api";
import { formatVND } from "@workers/shared/format";
import { readStoredUser, type SessionUser, updateStoredUser } from "../../accounts/session/session";

export type WalletFigures = Pick<SessionUser, "balance" | "formatted_balance" | "total_spent" | "total_keys_purchased">;

/** How many times figures were stored: a read that began before the last store may be older than it. */
let stores = 0;

/** Copies the wallet figures into the stored user, so the header shows the new balance. */
export function storeWalletFigures(wallet: Partial<WalletFigures> | null | undefined) {
  const stored = readStoredUser();
  if (!stored || !wallet || typeof wallet.balance !== "number") return;
  stores += 1;
  updateStoredUser({
    ...stored,
    balance: wallet.balance,
    formatted_balance: wallet.formatted_balance ?? formatVND(wallet.balance),
    total_spent: wallet.total_spent ?? stored.total_spent,
    total_keys_purchased: wallet.total_keys_purchased ?? stored.total_keys_purchased,
  });
}

/**
 * The balance read from the server, and stored unless figures were stored while it was on its way
 * (a live message, a purchase's answer: they stay, and the change after them brings its own);
 * `stored` says which. Null when it could not be read (the stored figures stay).
 */
export async function readStoredBalanceAgain(signal?: AbortSignal): Promise<{ figures: WalletFigures; stored: boolean } | null> {
  const began = stores;
  try {
    const { data } = await apiCall((api) => api.api.auth.wallet.balance.$get(), { auth: true, signal });
    if (!data) return null;
    const stored = stores === began;
    if (stored) storeWalletFigures(data);
    return { figures: data, stored };
  } catch {
    return null;
  }
}

/** The balance from the server into the stored user (as readStoredBalanceAgain); null when it could not be read. */
export async function refreshStoredBalance(signal?: AbortSignal): Promise<WalletFigures | null> {
  return (await readStoredBalanceAgain(signal))?.figures ?? null;
}
