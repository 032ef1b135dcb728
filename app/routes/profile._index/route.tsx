// /profile (the index under the profile layout): the account, the wallet and the purchases as three
// tabs addressed by ?tab= (docs/product.md §2). The clientLoader reads the list the open tab shows; a
// settled top-up reads the balance again and revalidates it (no navigation). The query
// ?topup=vietqr|card (the header's links) opens that dialog on the wallet tab and
// ?vietqr_success=true (back from a payment page) says so and refreshes; both leave the URL. The
// dialogs' settings are read by this loader (for ?topup=) or by the button that opens them.
// The clientAction moves a bought key to another device and changes the password (JSON bodies with
// intent "reset-device" or "change-password"), switches the e-mail notices ("email-notifications"),
// and moves money: a VietQR top-up created or cancelled ("vietqr-create", "vietqr-cancel") and a
// phone card sent ("card"), from their dialogs' fetchers. shouldRevalidate reads again, after each,
// only the lists it changed (./profile-lists.ts). The wallet tab also lists the VietQR top-ups still
// awaiting a transfer, and the VietQR dialog resumes the newest of them (issue #27 item 2).
import {
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  Link,
  replace,
  type ShouldRevalidateFunction,
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigation,
  useOutletContext,
  useRevalidator,
  useSearchParams,
} from "@remix-run/react";
import { type KeyboardEvent, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { SECONDARY_BUTTON } from "~/accounts/AuthCard";
import { Avatar } from "~/shell/Avatar";
import { lazyDialog } from "~/ui/LazyDialog";
import { ApiError, apiCall } from "~/platform/api";
import { useSessionExpired } from "~/accounts/session/auth";
import { useBalanceText } from "~/shell/Header";
import { useFormat } from "~/i18n/format";
import { requestLocale, useLocalePath } from "~/i18n/locale";
import { profileWords } from "~/i18n/vi/wallet/profile";
import { walletWords } from "~/i18n/vi/wallet/wallet";
import { useWords, wordsIn } from "~/i18n/words";
import type { Purchase } from "@workers/money/buyer-wallet";
import { isSessionOver, requireSession, sessionEnded } from "~/accounts/session/session-route";
import { readStoredUser, type SessionUser, STORAGE_KEYS, subscribeSession } from "~/accounts/session/session";
import { toast } from "~/ui/toast";
import { PROFILE_TABS, type ProfileTab, profileTabFrom, TOPUP_TIMINGS, type TopupKind, topupFrom } from "~/money/topup/topup";
import { refreshStoredBalance } from "~/money/wallet/wallet-figures";
import { onWalletChange } from "~/money/wallet/live-wallet";
import type { ProfileOutlet } from "../profile/route";
import type { PasswordChange } from "../../accounts/ChangePasswordModal";
import { MailSwitch, switchEmailNotifications } from "../../accounts/MailSwitch";
import type { ListState } from "../../accounts/profile/ProfileList";
import { PurchasesTab } from "../../licensing/PurchasesTab";
import { useFetcherAnswer } from "~/ui/forms/fetcher-answer";
import { type OpenTopup, loadCardConfig, loadPendingCards, loadPendingTopups, loadVietQrConfig, openedTopup } from "../../money/topup/topup-config";
import type { VietQrTransaction } from "~/money/topup/topup";
import { TopupButtons, WalletTab } from "../../money/wallet/WalletTab";
import { announceLoad, keepLists, type ListName, type Lists, listsKept } from "../../accounts/profile/profile-lists";
import type { VietQrCancel, VietQrCreate } from "../../money/topup/VietQrModal";
import type { CardSend } from "../../money/topup/CardTopupModal";

// The three dialogs load when first opened, not with the page: the wallet opens with fewer files.
const loadChangePassword = () => import("../../accounts/ChangePasswordModal");
const loadVietQrModal = () => import("../../money/topup/VietQrModal");
const loadCardModal = () => import("../../money/topup/CardTopupModal");
const VietQrModal = lazyDialog(() => loadVietQrModal().then((module) => module.VietQrModal));
const CardTopupModal = lazyDialog(() => loadCardModal().then((module) => module.CardTopupModal));
const ChangePasswordModal = lazyDialog(() => loadChangePassword().then((module) => module.ChangePasswordModal));

/** A tab's name in the page's words. */
function tabLabel(words: typeof profileWords.vi, tab: ProfileTab): string {
  return tab === "wallet" ? words.tabWallet : tab === "purchases" ? words.tabPurchases : words.tabProfile;
}

type TabList = "ledger" | "purchases";
const TAB_LIST: Partial<Record<ProfileTab, TabList>> = { wallet: "ledger", purchases: "purchases" };

// What ?topup= asked for, handed from the load that cleaned the URL to the load after it.
let askedTopup: TopupKind | null = null;

type Loaded = { tab: ProfileTab; lists: Lists; failed: { list: TabList; message: string } | null; topup: OpenTopup | null };

type ProfileAction =
  | { intent: "reset-device"; purchase_id: number }
  | ({ intent: "change-password" } & PasswordChange)
  | { intent: "email-notifications"; enabled: boolean }
  | VietQrCreate
  | VietQrCancel
  | CardSend;

/** The lists each action changes when it succeeds (a refusal changes none). */
const CHANGED_BY: Record<ProfileAction["intent"], readonly ListName[]> = {
  "reset-device": ["purchases"],
  "change-password": [],
  "email-notifications": [],
  "vietqr-create": ["pending"],
  "vietqr-cancel": ["pending"],
  card: ["pendingCards"],
};

/**
 * What is read again, and when (docs/architecture.md, "Protected screens"): a tab switch reads
 * only a list not read yet on this visit; after an action, the lists it changed; a revalidation of
 * the same address (the live wallet heard of a change, a settled top-up, "Thử lại") all of them.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, json, actionResult, defaultShouldRevalidate }) => {
  if (!defaultShouldRevalidate) return false;
  let stale: readonly ListName[] | "all" = [];
  if (formMethod) {
    const intent = (json as { intent?: ProfileAction["intent"] } | undefined)?.intent;
    stale = intent && (actionResult as { ok?: boolean } | undefined)?.ok ? CHANGED_BY[intent] ?? "all" : [];
    // Nothing on screen changed: nothing is loaded.
    if (stale.length === 0) return false;
  } else if (currentUrl.href === nextUrl.href || nextUrl.searchParams.get("vietqr_success") === "true") {
    stale = "all";
  }
  announceLoad(nextUrl, stale);
  return true;
};

export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<Loaded> {
  // The layout's guard runs on entering the profile; a tab switch only runs this loader, and a
  // session that ended meanwhile goes to /login the same way.
  requireSession(request);
  const url = new URL(request.url);
  const locale = requestLocale(request);
  const tab = profileTabFrom(url.searchParams.get("tab"));

  const topup = topupFrom(url.searchParams.get("topup"));
  const returned = url.searchParams.get("vietqr_success") === "true";
  if (topup || returned) {
    askedTopup = topup;
    if (returned) {
      toast.success(wordsIn(locale, walletWords).returned);
      void refetchBalance();
    }
    const params = new URLSearchParams(url.search);
    params.delete("topup");
    params.delete("vietqr_success");
    params.set("tab", "wallet");
    // A reload or Back does not repeat the one-off parameters.
    throw replace(`${url.pathname}?${params}`);
  }

  // The dialog ?topup= asked for opens with its settings, read beside the list.
  const asked = askedTopup && openedTopup(askedTopup, locale);
  askedTopup = null;
  // Only what this visit has not read yet, or what a change made stale (shouldRevalidate).
  const kept = listsKept(url, readStoredUser()?.balance);
  const read: Lists = {};
  const list = TAB_LIST[tab];
  let failed: Loaded["failed"] = null;
  // The wallet tab lists the top-ups awaiting a transfer beside the ledger, read at the same time
  // (the page waits for both); a failure shows none.
  const pendingRead = tab === "wallet" && !kept.pending ? loadPendingTopups(request.signal) : null;
  const cardsRead = tab === "wallet" && !kept.pendingCards ? loadPendingCards(request.signal) : null;
  if (list && !kept[list]) {
    try {
      Object.assign(read, { [list]: await readList(list, request.signal) });
    } catch (error) {
      if (isSessionOver(error)) return sessionEnded(request);
      if (request.signal.aborted) throw error;
      failed = { list, message: error instanceof ApiError ? error.message : wordsIn(locale, profileWords).loadFailed };
    }
  }
  const [pending, pendingCards] = await Promise.all([pendingRead, cardsRead]);
  if (pending) read.pending = pending;
  if (pendingCards) read.pendingCards = pendingCards;
  return { tab, lists: keepLists(read), failed, topup: asked && (await asked) };
}
clientLoader.hydrate = true as const;

/** A tab's list as its route answers it (an answer without a list reads as an empty one). */
async function readList(list: TabList, signal: AbortSignal): Promise<unknown[]> {
  const body =
    list === "ledger"
      ? await apiCall((api) => api.api.auth.wallet.transactions.$get(), { auth: true, signal })
      : await apiCall((api) => api.api.auth.purchase.history.$get(), { auth: true, signal });
  return Array.isArray(body?.data) ? body.data : [];
}

/** The balance as the server has it, into the stored user (and so the header); a failure keeps the stored one (docs/product.md §4). */
function refetchBalance() {
  void refreshStoredBalance().then((figures) => figures ?? console.warn("Không thể tải số dư"));
}

type MovedDevice = { ok: true } | { ok: false; error: string };

/** Unbinds a bought key from its device; the purchases are read again to show it. */
async function resetDevice(request: Request, purchaseId: number): Promise<MovedDevice> {
  try {
    // Not tied to request.signal: a change is never cut off half-way (the reset is limited to one a day).
    const body = await apiCall((api) => api.api.auth.purchase[":id"]["reset-device"].$post({ param: { id: String(purchaseId) } }), { auth: true });
    toast.success(body.message);
    return { ok: true };
  } catch (error) {
    if (isSessionOver(error)) return sessionEnded(request);
    const message = error instanceof ApiError ? error.message : wordsIn(requestLocale(request), profileWords).moveFailed;
    toast.error(message);
    return { ok: false, error: message };
  }
}

/**
 * A key moves to another device, the password changes, the buyer's e-mail notices are switched on
 * or off, a VietQR top-up is created or cancelled, a phone card is sent (JSON bodies). Each dialog's
 * own code is already here: it sent the request.
 */
export async function clientAction({ request }: ClientActionFunctionArgs) {
  const action = (await request.json()) as ProfileAction;
  if (action.intent === "change-password") {
    const { intent: _intent, ...change } = action;
    // Sent from the open dialog, so its module is already here.
    const { changePassword } = await loadChangePassword();
    return changePassword(change, requestLocale(request));
  }
  if (action.intent === "reset-device") return resetDevice(request, action.purchase_id);
  if (action.intent === "email-notifications") {
    const switched = await switchEmailNotifications(action.enabled, requestLocale(request));
    return !switched.ok && switched.sessionOver ? sessionEnded(request) : switched;
  }
  // Not tied to request.signal: money that moved is never left half-told.
  if (action.intent === "vietqr-create") return (await loadVietQrModal()).createVietQr(request, action);
  if (action.intent === "vietqr-cancel") return (await loadVietQrModal()).cancelVietQr(request, action);
  if (action.intent === "card") return (await loadCardModal()).sendCard(request, action);
  throw new Error(`Unknown profile action: ${(action as { intent?: unknown }).intent}`);
}

/** What a tab's list shows: its rows, its failure (until "Thử lại" loads again), or the wait for it. */
function listState<T>(loaded: Loaded, list: TabList, retrying: boolean): ListState<T> {
  const rows = loaded.lists[list] as T[] | undefined;
  if (rows) return { status: "ready", rows };
  if (loaded.failed?.list === list && !retrying) return { status: "failed", message: loaded.failed.message };
  return { status: "loading" };
}

function StatTile({ label, value, tone }: { label: string; value: string; tone: string }) {
  return (
    <div className="rounded-2xl border border-white/5 bg-zinc-900/70 p-4">
      <p className="text-sm text-zinc-400">{label}</p>
      <p className={`mt-1 text-xl font-black break-words sm:text-2xl ${tone}`}>{value}</p>
    </div>
  );
}

function InfoRow({ label, value }: { label: string; value: string | null | undefined }) {
  const words = useWords(profileWords);
  const empty = !value?.trim();
  return (
    <div className="flex flex-col gap-0.5 border-b border-white/5 py-3 last:border-b-0 sm:flex-row sm:items-center sm:gap-4">
      <dt className="text-sm text-zinc-400 sm:w-40 sm:shrink-0">{label}</dt>
      <dd className={`min-w-0 break-words ${empty ? "text-zinc-500 italic" : "font-medium text-white"}`}>{empty ? words.notSet : value}</dd>
    </div>
  );
}

function readRawUser(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.user);
  } catch {
    return null;
  }
}

/** The stored user as it changes (the password dialog, a top-up, another tab); null once the session is gone. */
function useStoredUser(): SessionUser | null {
  const raw = useSyncExternalStore(subscribeSession, readRawUser, () => null);
  return useMemo(() => (raw === null ? null : readStoredUser()), [raw]);
}

export default function ProfileScreen() {
  // The layout renders this screen only with a user; the session may end while the page stays a
  // moment (its notice), and the last user keeps showing.
  const stored = useStoredUser();
  // From the layout's outlet: its route id differs per language (routes/profile, en/profile/route.tsx).
  const layout = useOutletContext<ProfileOutlet | undefined>();
  const user = (stored ?? layout?.user) as SessionUser;
  const words = useWords(profileWords);
  const format = useFormat();
  const to = useLocalePath();
  const balance = useBalanceText(user) ?? format.vnd(0);
  const loaded = useLoaderData<typeof clientLoader>();
  const navigation = useNavigation();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [, setSearchParams] = useSearchParams();
  const sessionExpired = useSessionExpired(words.sessionExpired);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [moving, setMoving] = useState<Purchase | null>(null);
  const moveDevice = useFetcher<MovedDevice>();
  useFetcherAnswer(moveDevice, (answer) => answer.ok && setMoving(null));
  const [topup, setTopup] = useState<OpenTopup | null>(loaded.topup);
  const [shown, setShown] = useState(loaded);
  // A load that carries ?topup='s request opens that dialog (once per load).
  if (shown !== loaded) {
    setShown(loaded);
    if (loaded.topup) setTopup(loaded.topup);
  }

  // The tab shows at once; its list follows when the load for ?tab= ends.
  const pending = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const tab = pending ? profileTabFrom(new URLSearchParams(navigation.location.search).get("tab")) : loaded.tab;
  const retrying = revalidator.state !== "idle";
  // For the live listener, registered once: the revalidation as it is now.
  const revalidateRef = useRef(revalidator.revalidate);
  revalidateRef.current = revalidator.revalidate;
  const visible = PROFILE_TABS.filter((name) => name === tab || (TAB_LIST[name] && loaded.lists[TAB_LIST[name]]));

  // docs/product.md §4 "Session": the balance is read again after 1 s when the stored user lacks its
  // figures.
  useEffect(() => {
    const timer = readStoredUser()?.formatted_balance ? null : setTimeout(refetchBalance, TOPUP_TIMINGS.balanceRefetchMs);
    return () => {
      if (timer) clearTimeout(timer);
    };
  }, []);

  // A change of the wallet told live (a credit, a card, a purchase elsewhere): the lists are read
  // again (the open tab's now, the others when shown); the figures are in the stored user already
  // (app/money/wallet/live-wallet.ts).
  useEffect(
    () =>
      onWalletChange(() => {
        revalidateRef.current();
        return undefined;
      }),
    [],
  );

  /**
   * Opens a top-up dialog from its button; its settings are read meanwhile. VietQR resumes
   * `resume`, else the newest top-up still awaiting a transfer (read afresh).
   */
  function openTopup(kind: TopupKind, resume?: VietQrTransaction) {
    // One dialog at a time: while a dialog's file is on its way, the page still takes taps.
    setPasswordOpen(false);
    if (kind === "vietqr") {
      setTopup({ kind, config: null, resume });
      void loadVietQrConfig(format.locale).then((config) => setTopup((open) => (open?.kind === "vietqr" ? { ...open, config } : open)));
      if (!resume) {
        void loadPendingTopups().then((pending) =>
          setTopup((open) => (open?.kind === "vietqr" && open.resume === undefined ? { ...open, resume: pending?.[0]?.topup ?? null } : open)),
        );
      }
    } else {
      readCardConfig();
    }
  }

  function readCardConfig() {
    setTopup({ kind: "card", config: { status: "loading" } });
    void loadCardConfig(format.locale).then((config) => setTopup((open) => (open?.kind === "card" ? { kind: "card", config } : open)));
  }

  function selectTab(next: ProfileTab) {
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        params.set("tab", next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  /**
   * After a top-up settled: the balance into the stored user (and so the header), then the wallet
   * tab with its lists read again. A revalidation, not a navigation, so an open menu stays open.
   */
  function afterTopup() {
    // The balance moved, so the wallet tab's load reads its lists again (./profile-lists.ts).
    void refreshStoredBalance().then(() => (loaded.tab === "wallet" ? revalidator.revalidate() : selectTab("wallet")));
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = PROFILE_TABS.indexOf(tab);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: PROFILE_TABS.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = PROFILE_TABS[(moves[event.key] + PROFILE_TABS.length) % PROFILE_TABS.length];
    selectTab(next);
    document.getElementById(`profile-tab-${next}`)?.focus();
  }

  const name = user.full_name?.trim() || user.username;

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:py-10">
      <section aria-labelledby="profile-name" className="flex flex-col items-center gap-5 rounded-2xl border border-white/5 bg-zinc-900/70 p-5 text-center sm:flex-row sm:p-6 sm:text-left">
        <Avatar user={user} size="xl" />
        <div className="min-w-0 flex-1">
          <h1 id="profile-name" className="text-2xl font-black break-words text-white sm:text-3xl">
            {name}
          </h1>
          <p className="mt-1 break-all text-zinc-400">{user.email}</p>
          <p className="mt-1 text-sm text-zinc-500">{words.joined(format.date(user.created_at))}</p>
          {!user.has_usable_password && (
            <p className="mt-3 inline-flex items-center gap-1.5 rounded-full bg-sky-500/15 px-3 py-1 text-xs font-semibold text-sky-200">{words.google}</p>
          )}
        </div>
        <div className="flex w-full flex-col gap-3 sm:w-auto">
          <div className="rounded-xl bg-emerald-500/10 px-5 py-3 text-center ring-1 ring-emerald-500/20">
            <p className="text-xs tracking-wide text-emerald-300/80 uppercase">{words.balance}</p>
            <p className="text-2xl font-black text-emerald-300" data-testid="profile-balance">
              {balance}
            </p>
          </div>
          <div data-testid="profile-topup">
            <TopupButtons onTopup={openTopup} compact />
          </div>
        </div>
      </section>

      <section aria-label={words.stats} className="mt-4 grid gap-3 sm:grid-cols-3">
        <StatTile label={words.walletBalance} value={balance} tone="text-emerald-300" />
        <StatTile label={words.spent} value={format.vnd(user.total_spent ?? 0)} tone="text-white" />
        <StatTile label={words.keys} value={format.number(user.total_keys_purchased ?? 0)} tone="text-indigo-300" />
      </section>

      <div className="mt-6 rounded-2xl border border-white/5 bg-zinc-900/70">
        <div role="tablist" aria-label={words.tabs} className="flex overflow-x-auto border-b border-white/5 px-2" onKeyDown={onTabKeyDown}>
          {PROFILE_TABS.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`profile-tab-${name}`}
              aria-selected={tab === name}
              aria-controls={`profile-panel-${name}`}
              tabIndex={tab === name ? 0 : -1}
              onClick={() => selectTab(name)}
              className={`-mb-px shrink-0 border-b-2 px-4 py-3.5 text-sm font-semibold whitespace-nowrap transition ${
                tab === name ? "border-indigo-400 text-white" : "border-transparent text-zinc-400 hover:text-zinc-200"
              }`}
            >
              {tabLabel(words, name)}
            </button>
          ))}
        </div>
        {visible.map((name) => (
          <div
            key={name}
            role="tabpanel"
            id={`profile-panel-${name}`}
            aria-labelledby={`profile-tab-${name}`}
            hidden={tab !== name}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern makes the tab panel focusable.
            tabIndex={0}
            className="p-5 outline-none sm:p-6"
          >
            {name === "profile" && (
              <section aria-labelledby="account-heading">
                <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                  <h2 id="account-heading" className="text-lg font-bold text-white">
                    {words.account}
                  </h2>
                  <div className="flex flex-col gap-3 sm:flex-row">
                    <Link to={to("/profile/security")} className={`${SECONDARY_BUTTON} sm:w-auto`}>
                      {words.security}
                    </Link>
                    <button
                      type="button"
                      onClick={() => {
                        setTopup(null);
                        setPasswordOpen(true);
                      }}
                      className={`${SECONDARY_BUTTON} sm:w-auto`}
                    >
                      {user.has_usable_password ? words.changePassword : words.createPassword}
                    </button>
                  </div>
                </div>
                <dl className="mt-4">
                  <InfoRow label={words.username} value={user.username} />
                  <InfoRow label="Email" value={user.email} />
                  <InfoRow label={words.firstName} value={user.first_name} />
                  <InfoRow label={words.lastName} value={user.last_name} />
                  {user.last_login && <InfoRow label={words.lastLogin} value={format.dateTime(user.last_login)} />}
                </dl>
                <MailSwitch user={user} />
              </section>
            )}
            {name === "wallet" && (
              <WalletTab
                user={user}
                ledger={listState(loaded, "ledger", retrying)}
                pending={loaded.lists.pending ?? []}
                pendingCards={loaded.lists.pendingCards ?? []}
                onRetry={revalidator.revalidate}
                onTopup={openTopup}
                onResume={(pending) => openTopup("vietqr", pending)}
              />
            )}
            {name === "purchases" && <PurchasesTab
                purchases={listState(loaded, "purchases", retrying)}
                onRetry={revalidator.revalidate}
                deviceMove={{
                  moving,
                  busy: moveDevice.state !== "idle",
                  ask: setMoving,
                  cancel: () => setMoving(null),
                  confirm: () => moving && moveDevice.submit({ intent: "reset-device", purchase_id: moving.id }, { method: "post", encType: "application/json", flushSync: true }),
                }}
              />}
          </div>
        ))}
      </div>

      {topup?.kind === "vietqr" && (
        <VietQrModal config={topup.config} resume={topup.resume} onClose={() => setTopup(null)} onPaid={afterTopup} onSessionExpired={sessionExpired} />
      )}
      {topup?.kind === "card" && (
        <CardTopupModal configLoad={topup.config} onRetryConfig={readCardConfig} onClose={() => setTopup(null)} onSettled={afterTopup} onSessionExpired={sessionExpired} />
      )}
      {passwordOpen && <ChangePasswordModal user={user} onClose={() => setPasswordOpen(false)} onSessionExpired={sessionExpired} />}
    </div>
  );
}
