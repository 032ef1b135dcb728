// The buyer's top-up history in the browser (docs/product.md, "The top-up history"): the wallet
// tab's list, and how a top-up's new state reaches a buyer who has no dialog open. The live wallet
// hands each message about a top-up here: its entry is read from the history and told in a toast
// (what it was, its state, what was credited and why), unless an open dialog told it already. A
// state reached while no page of the store was open is told by the next page's first read: the
// newest change told on this device is kept (per user), and entries changed after it are told then.
import type { TopupHistoryEntry as Entry } from "@workers/money/topup-history";
import type { LiveMessage } from "@workers/money/wallet/user-wallet";
import type { Locale } from "~/i18n/locale";
import { formatIn } from "~/i18n/format";
import { liveWalletWords } from "~/i18n/vi/wallet/live-wallet";
import { topupHistoryWords } from "~/i18n/vi/wallet/topup-history";
import { wordsIn } from "~/i18n/words";
import { apiCall } from "../../platform/api";
import { toast } from "../../ui/toast";
import { readStoredUser } from "../../accounts/session/session";

/** An entry as the route answers it: its reason written in the reader's language. */
export type TopupHistoryEntry = Omit<Entry, "reason"> & { reason: string | null };

/** The states that still move by themselves: nothing to tell yet. */
const MOVING: readonly TopupHistoryEntry["state"][] = ["waiting", "checking"];
/** The states that brought money in. */
const CREDITS: readonly TopupHistoryEntry["state"][] = ["credited", "partial", "credited_by_shop"];
const TOLD_MS = 8_000;

/** The history's first page (the newest 20), or null when it cannot be read. */
export async function loadTopupHistory(signal?: AbortSignal): Promise<TopupHistoryEntry[] | null> {
  try {
    const body = await apiCall((api) => api.api.auth.wallet.topups.$get({ query: { page: "1" } }), { auth: true, signal });
    return body.data;
  } catch {
    return null;
  }
}

/** Whether a live message is about a top-up, a card or a late transfer (so its entry tells it). */
export function concernsTopup(message: LiveMessage): boolean {
  // A cancellation is the buyer's own act, told where they did it.
  if (message.event === "topup_cancelled") return false;
  return message.topup_id !== undefined || message.card_id !== undefined || message.event_id !== undefined || message.crypto_id !== undefined;
}

function markKey(): string | null {
  const id = readStoredUser()?.id;
  return id === undefined ? null : `topups-told:${id}`;
}

/** Remembers the newest change of `entries` as told on this device. */
function markTold(entries: TopupHistoryEntry[]) {
  const key = markKey();
  if (!key) return;
  // ISO times in UTC compare as text.
  const newest = [localStorage.getItem(key) ?? "", ...entries.map((entry) => entry.updated_at)].sort().at(-1);
  if (newest) localStorage.setItem(key, newest);
}

/** One entry in words: what it was, its state, what was credited and why. */
function entryText(entry: TopupHistoryEntry, locale: Locale): string {
  const words = wordsIn(locale, topupHistoryWords);
  const format = formatIn(locale);
  const what = entry.channel === "card" && entry.telco ? words.card(entry.telco, format.vnd(entry.amount)) : `${words.channel(entry.channel)} ${format.vnd(entry.amount)}`;
  // A credit is told as every credit is ("Đã cộng … vào ví"), then why it is what it is.
  if (entry.credited !== null && CREDITS.includes(entry.state)) return [wordsIn(locale, liveWalletWords).credited(format.vnd(entry.credited)), entry.reason].filter(Boolean).join(". ");
  return [words.told(what, words.state(entry.state)), entry.reason].filter(Boolean).join(". ");
}

function tell(entry: TopupHistoryEntry, locale: Locale) {
  const text = entryText(entry, locale);
  if (CREDITS.includes(entry.state)) toast.success(text, TOLD_MS);
  else if (entry.state === "refused" || entry.state === "dismissed") toast.error(text, TOLD_MS);
  else toast.info(text, TOLD_MS);
}

const matches = (entry: TopupHistoryEntry, message: LiveMessage) =>
  (message.card_id !== undefined && entry.card_id === message.card_id) ||
  (message.event_id !== undefined && entry.event_id === message.event_id) ||
  (message.crypto_id !== undefined && entry.crypto_id === message.crypto_id) ||
  (message.topup_id !== undefined && message.event_id === undefined && entry.topup_id === message.topup_id);

/**
 * A live message about a top-up: its entry is read, told unless `told` (a dialog said it), and
 * marked as told. Without the history (a failed read) a credit is still told by its amount.
 */
export async function tellTopupChange(message: LiveMessage, told: boolean, locale: Locale): Promise<void> {
  const entries = await loadTopupHistory();
  const entry = entries?.find((candidate) => matches(candidate, message));
  if (entries) markTold(entries);
  if (told || (entry && MOVING.includes(entry.state))) return;
  if (entry) tell(entry, locale);
  else if (message.delta > 0) toast.success(wordsIn(locale, liveWalletWords).credited(formatIn(locale).vnd(message.delta)));
}

/**
 * A page's first read: the entries that reached a new state since this device last told one are
 * told now; the first read on a device only marks. Returns whether one of them brought money in
 * (so the balance's catch-up needs no toast of its own).
 */
export async function tellTopupsSinceLastPage(locale: Locale): Promise<boolean> {
  const key = markKey();
  const entries = key ? await loadTopupHistory() : null;
  if (!key || !entries) return false;
  const since = localStorage.getItem(key);
  markTold(entries);
  if (since === null) return false;
  const news = entries.filter((entry) => entry.updated_at > since && !MOVING.includes(entry.state)).reverse();
  for (const entry of news) tell(entry, locale);
  return news.some((entry) => CREDITS.includes(entry.state));
}
