// The profile's screen (docs/product.md §2): the summary, then the account, the wallet and the
// purchases as three tabs addressed by ?tab=, and the dialog open, if any. Its data come from the
// route (app/routes/profile._index/route.tsx); a settled top-up reads the balance again and
// revalidates (no navigation), and a change told live reads the lists again.
import { useFetcher, useLocation, useNavigation, useOutletContext, useRevalidator, useSearchParams } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useSessionExpired } from "~/accounts/session/auth";
import { useFormat } from "~/i18n/format";
import { profileWords } from "~/i18n/vi/wallet/profile";
import { useWords } from "~/i18n/words";
import type { Purchase } from "@workers/money/buyer-wallet";
import { readStoredUser, type SessionUser } from "~/accounts/session/session";
import { BALANCE_REFETCH_MS, PROFILE_TABS, type ProfileTab, profileTabFrom } from "./profile-query";
import { refreshStoredBalance } from "~/money/wallet/wallet-figures";
import { useFetcherAnswer } from "~/ui/forms/fetcher-answer";
import { CardTopupModal, ChangePasswordModal, CryptoTopupModal, loadAccountTab, loadPurchasesTab, loadWalletTab, VietQrModal } from "./profile-dialogs";
import { type Loaded, listState, type MovedDevice, type ProfileOutlet, refetchBalance, TAB_LIST } from "./profile-data";
import { ProfileSummary } from "./ProfileSummary";
import { ProfileTabs } from "./ProfileTabs";
import { PageSpinner } from "~/ui/Spinner";
import { useProfileDialogs } from "./use-profile-dialogs";
import { useStoredUser } from "./use-stored-user";

// Each tab comes in a file of its own, which the route's loader fetches for the open tab beside its
// list (the account tab's beside the layout's read of the user): none waits for the others.
const AccountPanel = lazy(() => loadAccountTab().then((module) => ({ default: module.AccountPanel })));
const WalletTab = lazy(() => loadWalletTab().then((module) => ({ default: module.WalletTab })));
const PurchasesTab = lazy(() => loadPurchasesTab().then((module) => ({ default: module.PurchasesTab })));

export function ProfileScreen({ loaded }: { loaded: Loaded }) {
  // The layout renders this screen only with a user; the session may end while the page stays a
  // moment (its notice), and the last user keeps showing.
  const stored = useStoredUser();
  // From the layout's outlet: its route id differs per language (routes/profile, en/profile/route.tsx).
  const layout = useOutletContext<ProfileOutlet | undefined>();
  const user = (stored ?? layout?.user) as SessionUser;
  const words = useWords(profileWords);
  const format = useFormat();
  const balance = format.vnd(user.balance ?? 0);
  const navigation = useNavigation();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [, setSearchParams] = useSearchParams();
  const sessionExpired = useSessionExpired(words.sessionExpired);
  const [moving, setMoving] = useState<Purchase | null>(null);
  const moveDevice = useFetcher<MovedDevice>();
  useFetcherAnswer(moveDevice, (answer) => answer.ok && setMoving(null));
  const dialogs = useProfileDialogs(loaded, format.locale);

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
    const timer = readStoredUser()?.formatted_balance ? null : setTimeout(refetchBalance, BALANCE_REFETCH_MS);
    return () => {
      if (timer) clearTimeout(timer);
    };
  }, []);

  // A change of the wallet told live (a credit, a card, a purchase elsewhere): the lists are read
  // again (the open tab's now, the others when shown); the figures are in the stored user already
  // (app/money/wallet/live-wallet.ts).
  // The live wallet's file is the header's (app/shell/Header.tsx starts it), fetched after the page.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let ended = false;
    import("~/money/wallet/live-wallet").then(
      ({ onWalletChange }) => {
        if (ended) return;
        stop = onWalletChange(() => {
          revalidateRef.current();
          return undefined;
        });
      },
      () => undefined,
    );
    return () => {
      ended = true;
      stop?.();
    };
  }, []);

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

  const { topup, openTopup } = dialogs;
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:py-10">
      <ProfileSummary user={user} balance={balance} onTopup={openTopup} />

      <ProfileTabs tab={tab} visible={visible} onSelect={selectTab}>
        {(name) => (
          <Suspense fallback={<PageSpinner label={words.loading} />}>
            {name === "profile" && <AccountPanel user={user} onChangePassword={dialogs.openPassword} />}
            {name === "wallet" && (
              <WalletTab
                user={user}
                ledger={listState(loaded, "ledger", retrying)}
                pending={loaded.lists.pending ?? []}
                pendingCards={loaded.lists.pendingCards ?? []}
                pendingCrypto={loaded.lists.pendingCrypto ?? []}
                history={loaded.lists.topups}
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
          </Suspense>
        )}
      </ProfileTabs>

      {topup?.kind === "vietqr" && (
        <VietQrModal config={topup.config} resume={topup.resume} onClose={dialogs.closeTopup} onPaid={afterTopup} onSessionExpired={sessionExpired} />
      )}
      {topup?.kind === "card" && (
        <CardTopupModal configLoad={topup.config} resume={topup.resume} onRetryConfig={dialogs.readCardConfig} onClose={dialogs.closeTopup} onSettled={afterTopup} onSessionExpired={sessionExpired} />
      )}
      {topup?.kind === "crypto" && <CryptoTopupModal termsLoad={topup.config} resume={topup.resume} onRetryTerms={dialogs.readCryptoTerms} onClose={dialogs.closeTopup} onPaid={afterTopup} />}
      {dialogs.passwordOpen && <ChangePasswordModal user={user} onClose={dialogs.closePassword} onSessionExpired={sessionExpired} />}
    </div>
  );
}
