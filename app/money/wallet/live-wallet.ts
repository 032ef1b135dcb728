// The live wallet (docs/architecture.md, "The live wallet"): while someone is signed in, each tab
// keeps one socket to their wallet object (a single-use ticket opens it). A message puts the new
// figures into the stored user (so the header follows), goes to the listeners (open dialogs, the
// wallet tab), and a credit none of them told the buyer about is toasted. A socket that drops is
// opened again with backoff; each socket that opens is followed by a catch-up read (a page's first
// one too); a tab coming back reads again; where no socket can be had, the balance is polled while
// the tab is visible. A socket the store closed for good (its session ended, a newer tab took its
// place) is not opened again: after a session end, only once this tab holds another session.
import type { LiveMessage } from "@workers/money/wallet/user-wallet";
import { LIVE_CLOSE } from "@workers/shared/money/live-wallet";
import type { Locale } from "~/i18n/locale";
import { formatIn } from "~/i18n/format";
import { liveWalletWords } from "~/i18n/vi/wallet/live-wallet";
import { wordsIn } from "~/i18n/words";
import { apiCall } from "../../platform/api";
import { toast } from "../../ui/toast";
import { readAccessToken, readStoredUser, subscribeSession } from "../../accounts/session/session";
import { readStoredBalanceAgain, storeWalletFigures } from "./wallet-figures";
import { concernsTopup, tellTopupChange, tellTopupsSinceLastPage } from "./topup-history";

/** A listener returns true when it told the buyer itself (a dialog's own success message). */
type Listener = (message: LiveMessage) => boolean | undefined;

const listeners = new Set<Listener>();
const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
const POLL_MS = 10_000;
const PING_MS = 30_000;
/** Failures in a row before polling stands in for the socket (it is still tried, less often). */
const FAILURES_BEFORE_POLLING = 2;

/** Hears every change of the signed-in buyer's wallet; returns the way to stop. */
export function onWalletChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `quiet`: the change was told already (a top-up's own toast, app/money/wallet/topup-history.ts). */
function deliver(message: LiveMessage, quiet = false) {
  storeWalletFigures(message);
  let told = false;
  for (const listener of listeners) told = listener(message) === true || told;
  // In the language of the page on screen now (its <html lang>, "vi" or "en", which follows the address).
  const locale = document.documentElement.lang as Locale;
  // A top-up, card or late transfer is told by its entry in the history: its state and why.
  if (concernsTopup(message)) void tellTopupChange(message, told, locale);
  else if (!told && !quiet && message.delta > 0) toast.success(wordsIn(locale, liveWalletWords).credited(formatIn(locale).vnd(message.delta)));
}

let catchingUp: Promise<void> | null = null;

/**
 * The balance read again (a reconnect, a tab back, a poll): told to the listeners, as a change when
 * it moved. `onlyIfMoved`: a page's first read, after which the page's own reads are fresh; it is
 * told only when the balance moved while no page listened. One read at a time (a second caller
 * shares it), and a message that came while it was read was told already: the read is then dropped,
 * so no credit is told twice and no older balance replaces a newer one.
 */
function catchUp(onlyIfMoved = false): Promise<void> {
  catchingUp ??= (async () => {
    const before = readStoredUser()?.balance;
    // A page's first read also tells the top-ups that reached a state while no page was open.
    const [read, creditTold] = await Promise.all([readStoredBalanceAgain(), onlyIfMoved ? tellTopupsSinceLastPage(document.documentElement.lang as Locale) : false]);
    if (!read?.stored || typeof before !== "number" || (onlyIfMoved && read.figures.balance === before)) return;
    const { balance, formatted_balance } = read.figures;
    deliver({ event: "credit", balance, formatted_balance, delta: balance - before }, creditTold);
  })().finally(() => {
    catchingUp = null;
  });
  return catchingUp;
}

/** Starts the live channel for this tab's session; returns the way to stop it. */
export function startLiveWallet(): () => void {
  let socket: WebSocket | null = null;
  let failures = 0;
  let opened = false;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;
  let awaitingSession: (() => void) | undefined;
  const poll = setInterval(() => failures >= FAILURES_BEFORE_POLLING && document.visibilityState === "visible" && void catchUp(), POLL_MS);

  const again = () => {
    clearInterval(ping);
    if (stopped) return;
    failures += 1;
    retry = setTimeout(connect, BACKOFF_MS[Math.min(failures, BACKOFF_MS.length) - 1]);
  };

  async function connect() {
    const token = readAccessToken();
    if (stopped || !token) return;
    let ticket: string;
    try {
      ticket = (await apiCall((api) => api.api.auth.wallet["live-ticket"].$post(), { auth: true })).data.ticket;
    } catch {
      return again();
    }
    if (stopped) return;
    socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/auth/wallet/live/?ticket=${encodeURIComponent(ticket)}`);
    socket.onopen = () => {
      // Whatever happened while no socket listened is read once: while the connection was down,
      // and before this page's first socket (a credit that came while no tab of the store was open).
      void catchUp(!opened && failures === 0);
      opened = true;
      failures = 0;
      ping = setInterval(() => socket?.send("ping"), PING_MS);
    };
    socket.onmessage = (event) => {
      if (event.data !== "pong") deliver(JSON.parse(String(event.data)) as LiveMessage);
    };
    socket.onclose = (event) => {
      if (event.code === LIVE_CLOSE.tooManyTabs) return clearInterval(ping);
      if (event.code !== LIVE_CLOSE.sessionEnded) return again();
      clearInterval(ping);
      // The session that opened it ended: a new one in this tab (a changed password) opens another.
      const renewed = () => {
        const now = readAccessToken();
        if (!now || now === token) return false;
        awaitingSession?.();
        awaitingSession = undefined;
        void connect();
        return true;
      };
      if (!renewed()) awaitingSession = subscribeSession(renewed);
    };
  }

  const onVisible = () => document.visibilityState === "visible" && void catchUp();
  document.addEventListener("visibilitychange", onVisible);
  void connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(ping);
    clearInterval(poll);
    awaitingSession?.();
    document.removeEventListener("visibilitychange", onVisible);
    socket?.close(1000);
  };
}
