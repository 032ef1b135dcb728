// The lists the profile's tabs have read on this visit, kept so that a tab switched back to shows
// its list at once (docs/architecture.md, "Protected screens"). One owner, the profile route
// (app/routes/profile._index/route.tsx): its shouldRevalidate says, before each load it lets run, which lists a change made
// stale (`announceLoad`); its clientLoader takes what is still good (`listsKept`) and keeps what it
// read (`keepLists`). Nothing else reads or writes them. A load nobody announced (entering the
// profile, a reload) starts from nothing, so leaving the profile forgets them all; and they are
// kept for one balance: once the stored balance moved (a top-up settled, a purchase, a credit told
// live), the next load reads them all again.
import type { Purchase } from "@workers/money/buyer-wallet";
import type { CardPayment } from "~/money/topup/topup";
import type { CryptoTopup } from "~/money/topup/topup-config";
import type { PendingTopup } from "../../money/topup/topup-config";
import type { WalletTransaction } from "../../money/wallet/WalletTab";
import type { TopupHistoryEntry } from "../../money/wallet/topup-history";

export type Lists = { ledger?: WalletTransaction[]; purchases?: Purchase[]; pending?: PendingTopup[]; pendingCards?: CardPayment[]; pendingCrypto?: CryptoTopup[]; topups?: TopupHistoryEntry[] };
export type ListName = keyof Lists;

let kept: Lists = {};
/** The stored balance when the kept lists were read. */
let keptAt: number | undefined;
/** The path and query of the load announced last, until that load takes the lists. */
let announced: string | null = null;

function pageOf(url: URL): string {
  return url.pathname + url.search;
}

/** Before a load of `next`: the lists `stale` names ("all": every one) are read again by it. */
export function announceLoad(next: URL, stale: readonly ListName[] | "all") {
  if (stale === "all") kept = {};
  else {
    kept = { ...kept };
    for (const name of stale) delete kept[name];
  }
  announced = pageOf(next);
}

/**
 * At the start of a load of `url`, with the stored balance: the lists still good, or none when this
 * load was not announced or the balance moved since they were read.
 */
export function listsKept(url: URL, balance: number | undefined): Lists {
  if (announced !== pageOf(url) || balance !== keptAt) kept = {};
  announced = null;
  keptAt = balance;
  return kept;
}

/** After a load: what it read joins what was kept; returns all of them. */
export function keepLists(read: Lists): Lists {
  kept = { ...kept, ...read };
  return kept;
}
