// /profile (the index under the profile layout): the account, the wallet and the purchases as three
// tabs addressed by ?tab= (docs/product.md §2); the screen is app/accounts/profile/ProfileScreen.tsx. The clientLoader reads the list the open tab shows; a
// settled top-up reads the balance again and revalidates it (no navigation). The query
// ?topup=vietqr|card|crypto (the header's links) opens that dialog on the wallet tab and
// ?vietqr_success=true (back from a payment page) says so and refreshes; both leave the URL. The
// dialogs' settings are read by this loader (for ?topup=) or by the button that opens them.
// The clientAction moves a bought key to another device and changes the password (JSON bodies with
// intent "reset-device" or "change-password"), switches the e-mail notices ("email-notifications"),
// and moves money: a VietQR top-up created or cancelled ("vietqr-create", "vietqr-cancel") and a
// phone card sent ("card"), from their dialogs' fetchers. shouldRevalidate reads again, after each,
// only the lists it changed (./profile-lists.ts). The wallet tab also lists the VietQR top-ups still
// awaiting a transfer, and the VietQR dialog resumes the newest of them (issue #27 item 2).
import { type ClientActionFunctionArgs, type ClientLoaderFunctionArgs, replace, type ShouldRevalidateFunction, useLoaderData } from "@remix-run/react";
import { ApiError } from "~/platform/api";
import { requestLocale } from "~/i18n/locale";
import { profileWords } from "~/i18n/vi/wallet/profile";
import { topupOfferWords } from "~/i18n/vi/wallet/topup-offer";
import { wordsIn } from "~/i18n/words";
import { isSessionOver, requireSession, sessionEnded } from "~/accounts/session/session-route";
import { readStoredUser } from "~/accounts/session/session";
import { toast } from "~/ui/toast";
import type { TopupKind } from "~/money/topup/topup";
import { profileTabFrom, topupFrom } from "~/accounts/profile/profile-query";
import { CHANGED_BY, type Loaded, type ProfileAction, readList, refetchBalance, resetDevice, TAB_LIST } from "~/accounts/profile/profile-data";
import { loadAccountTab, loadCardModal, loadChangePassword, loadCryptoModal, loadMailSwitch, loadPurchasesTab, loadTopupConfig, loadVietQrModal, loadWalletTab } from "~/accounts/profile/profile-dialogs";
import { announceLoad, keepLists, type ListName, type Lists, listsKept } from "~/accounts/profile/profile-lists";
import { ProfileScreen } from "~/accounts/profile/ProfileScreen";

// What ?topup= asked for, handed from the load that cleaned the URL to the load after it.
let askedTopup: TopupKind | null = null;

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
      toast.success(wordsIn(locale, topupOfferWords).returned);
      void refetchBalance();
    }
    const params = new URLSearchParams(url.search);
    params.delete("topup");
    params.delete("vietqr_success");
    params.set("tab", "wallet");
    // A reload or Back does not repeat the one-off parameters.
    throw replace(`${url.pathname}?${params}`);
  }

  // The open tab's file comes beside its list (the screen shows it as it arrives). The account tab
  // has no list: its file is awaited, read beside the layout's user, so it shows with the page.
  if (tab === "profile") await loadAccountTab().catch(() => undefined);
  else void (tab === "wallet" ? loadWalletTab() : loadPurchasesTab()).catch(() => undefined);
  // The dialog ?topup= asked for opens with its settings, read beside the list.
  const kind = askedTopup;
  askedTopup = null;
  const asked = kind && loadTopupConfig().then((config) => config.openedTopup(kind, locale));
  // Only what this visit has not read yet, or what a change made stale (shouldRevalidate).
  const kept = listsKept(url, readStoredUser()?.balance);
  const read: Lists = {};
  const list = TAB_LIST[tab];
  let failed: Loaded["failed"] = null;
  // The wallet tab lists the top-ups awaiting a transfer beside the ledger, read at the same time
  // (the page waits for both); a failure shows none. The top-up rules come with the wallet tab.
  const config = tab === "wallet" ? loadTopupConfig() : null;
  const pendingRead = config && !kept.pending ? config.then((rules) => rules.loadPendingTopups(request.signal)).catch(() => null) : null;
  const cardsRead = config && !kept.pendingCards ? config.then((rules) => rules.loadPendingCards(request.signal)).catch(() => null) : null;
  const cryptoRead = config && !kept.pendingCrypto ? config.then((rules) => rules.loadPendingCrypto(request.signal)).catch(() => null) : null;
  const historyRead = tab === "wallet" && !kept.topups ? import("~/money/wallet/topup-history").then((history) => history.loadTopupHistory(request.signal)) : null;
  if (list && !kept[list]) {
    try {
      Object.assign(read, { [list]: await readList(list, request.signal) });
    } catch (error) {
      if (isSessionOver(error)) return sessionEnded(request);
      if (request.signal.aborted) throw error;
      failed = { list, message: error instanceof ApiError ? error.message : wordsIn(locale, profileWords).loadFailed };
    }
  }
  const [pending, pendingCards, pendingCrypto, topups] = await Promise.all([pendingRead, cardsRead, cryptoRead, historyRead]);
  if (pending) read.pending = pending;
  if (pendingCrypto) read.pendingCrypto = pendingCrypto;
  if (pendingCards) read.pendingCards = pendingCards;
  if (topups) read.topups = topups;
  return { tab, lists: keepLists(read), failed, topup: asked && (await asked) };
}
clientLoader.hydrate = true as const;

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
    const { switchEmailNotifications } = await loadMailSwitch();
    const switched = await switchEmailNotifications(action.enabled, requestLocale(request));
    return !switched.ok && switched.sessionOver ? sessionEnded(request) : switched;
  }
  // Not tied to request.signal: money that moved is never left half-told.
  if (action.intent === "vietqr-create") return (await loadVietQrModal()).createVietQr(request, action);
  if (action.intent === "vietqr-cancel") return (await loadVietQrModal()).cancelVietQr(request, action);
  if (action.intent === "card") return (await loadCardModal()).sendCard(request, action);
  if (action.intent === "crypto-create") return (await loadCryptoModal()).createCrypto(request, action);
  throw new Error(`Unknown profile action: ${(action as { intent?: unknown }).intent}`);
}

export default function ProfilePage() {
  return <ProfileScreen loaded={useLoaderData<typeof clientLoader>()} />;
}
