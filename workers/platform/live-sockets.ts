// Session ends reach the live wallet (decision 0045; below the domains since issue 51, so accounts,
// which ends sessions, calls it without importing money): after every event that ends session chains
// (a logout, a reused refresh token, a new password, a reset, a Google takeover, a change of the
// second factor, every session ended), the account's wallet object is told, and closes the live
// sockets of the chains that ended. The object also checks before it tells a socket anything, so
// an end it was not told of (the end-sessions script, a failed call here) leaks nothing.
import { errorText, logEvent } from "../lib/log";
import { walletObject } from "./wallet-object";

/** Wallet objects told at once when every session of the store ends. */
const AT_ONCE = 50;

/** Tells each user's wallet object that session chains may have ended; a failure is logged, never thrown. */
export async function closeEndedSockets(env: Env, userIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(userIds)];
  for (let start = 0; start < ids.length; start += AT_ONCE) {
    const told = await Promise.allSettled(ids.slice(start, start + AT_ONCE).map((id) => walletObject(env, id).closeEndedSessions()));
    for (const outcome of told) if (outcome.status === "rejected") logEvent("error", "live_sockets_not_closed", { error: errorText(outcome.reason) });
  }
}
