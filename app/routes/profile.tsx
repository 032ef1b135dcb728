import type { MetaFunction } from "@remix-run/cloudflare";
import { useLocation, useSearchParams } from "@remix-run/react";
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from "react";
import { SECONDARY_BUTTON } from "~/components/AuthCard";
import { Avatar } from "~/components/Avatar";
import { CardTopupModal } from "~/components/CardTopupModal";
import { ChangePasswordModal } from "~/components/ChangePasswordModal";
import { PurchasesTab } from "~/components/PurchasesTab";
import { storeWalletFigures, type WalletFigures } from "~/lib/wallet-figures";
import { RequireAuth } from "~/components/RequireAuth";
import { PageSpinner } from "~/components/Spinner";
import { announceBalanceChange, REFRESH_BALANCE_EVENT, useTopupSessionExpired } from "~/components/TopupParts";
import { VietQrModal } from "~/components/VietQrModal";
import { TopupButtons, WalletTab } from "~/components/WalletTab";
import { ApiError, apiFetch } from "~/lib/api";
import { useSessionExpired } from "~/lib/auth";
import { formatDate, formatDateTime, formatNumber, formatVND } from "../../workers/shared/format";
import { pageMeta } from "~/lib/meta";
import { readStoredUser, subscribeSession, updateStoredUser, type SessionUser } from "~/lib/session";
import { toast } from "~/lib/toast";
import { PROFILE_TABS, type ProfileTab, profileTabFrom, TOPUP_TIMINGS, type TopupKind, topupFrom } from "~/lib/topup";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "Hồ sơ");

const LOAD_FAILED = "Lỗi khi tải dữ liệu người dùng";
const NOT_SET = "Chưa cập nhật";
const VIETQR_RETURNED = "Nạp tiền thành công!";

const TAB_LABELS: Record<ProfileTab, string> = { profile: "Hồ sơ", wallet: "Ví tiền", purchases: "Lịch sử mua hàng" };

function balanceText(user: SessionUser): string {
  return user.formatted_balance || formatVND(user.balance ?? 0);
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
  const empty = !value?.trim();
  return (
    <div className="flex flex-col gap-0.5 border-b border-white/5 py-3 last:border-b-0 sm:flex-row sm:items-center sm:gap-4">
      <dt className="text-sm text-zinc-400 sm:w-40 sm:shrink-0">{label}</dt>
      <dd className={`min-w-0 break-words ${empty ? "text-zinc-500 italic" : "font-medium text-white"}`}>{empty ? NOT_SET : value}</dd>
    </div>
  );
}

function Profile() {
  const [user, setUser] = useState<SessionUser | null>(() => readStoredUser());
  const [loading, setLoading] = useState(true);
  const [loadFailed, setLoadFailed] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const sessionExpired = useSessionExpired();
  const topupSessionExpired = useTopupSessionExpired();
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  // The tab shows at once; the URL (?tab=) follows without waiting for the navigation.
  const [tab, setTab] = useState<ProfileTab>(() => profileTabFrom(searchParams.get("tab")));
  // A tab keeps its list once opened, so switching back does not load it again.
  const [opened, setOpened] = useState<ReadonlySet<ProfileTab>>(() => new Set([profileTabFrom(searchParams.get("tab"))]));
  const [topup, setTopup] = useState<TopupKind | null>(null);
  const [ledgerVersion, setLedgerVersion] = useState(0);
  const handledQuery = useRef<string | null>(null);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setLoading(true);
      setLoadFailed(false);
      try {
        const { data } = await apiFetch<{ data: SessionUser }>("/api/auth/me/", { auth: true, signal });
        updateStoredUser(data);
        setUser(data);
      } catch (error) {
        if (signal?.aborted) return;
        if (error instanceof ApiError && error.status === 401) {
          sessionExpired();
        } else {
          toast.error(LOAD_FAILED);
          setLoadFailed(true);
        }
      } finally {
        if (!signal?.aborted) setLoading(false);
      }
    },
    [sessionExpired],
  );

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
    // Once per visit: `load` changes identity with the query string, not with the account.
  }, []);

  // The balance as the server has it, into the stored user (and so the header). Spec §4: a 401
  // here only logs a warning; the profile's own calls handle an ended session.
  const refetchBalance = useCallback(async () => {
    try {
      const { data } = await apiFetch<{ data: WalletFigures }>("/api/auth/wallet/balance/", { auth: true });
      storeWalletFigures(data);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) console.warn("Không thể tải số dư: phiên đăng nhập đã hết hạn");
      else console.warn("Không thể tải số dư", error);
    }
  }, []);

  useEffect(() => {
    const timer = readStoredUser()?.formatted_balance ? null : setTimeout(refetchBalance, TOPUP_TIMINGS.balanceRefetchMs);
    window.addEventListener(REFRESH_BALANCE_EVENT, refetchBalance);
    return () => {
      if (timer) clearTimeout(timer);
      window.removeEventListener(REFRESH_BALANCE_EVENT, refetchBalance);
    };
  }, [refetchBalance]);

  const showTab = useCallback((next: ProfileTab) => {
    setTab(next);
    setOpened((previous) => (previous.has(next) ? previous : new Set([...previous, next])));
  }, []);

  const selectTab = useCallback(
    (next: ProfileTab) => {
      showTab(next);
      setSearchParams(
        (previous) => {
          const params = new URLSearchParams(previous);
          params.set("tab", next);
          return params;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setSearchParams, showTab],
  );

  // The query: ?tab= picks the tab; ?topup=vietqr|card (the header's links) opens that dialog on
  // the wallet tab; ?vietqr_success=true (back from a payment page) says so and refreshes. The
  // one-off parameters leave the URL, so a reload or Back does not repeat them.
  useEffect(() => {
    const kind = topupFrom(searchParams.get("topup"));
    const returned = searchParams.get("vietqr_success") === "true";
    if (!kind && !returned) {
      showTab(profileTabFrom(searchParams.get("tab")));
      return;
    }
    if (handledQuery.current === location.key) return;
    handledQuery.current = location.key;
    showTab("wallet");
    if (kind) setTopup(kind);
    if (returned) {
      toast.success(VIETQR_RETURNED);
      announceBalanceChange();
      setLedgerVersion((version) => version + 1);
    }
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        params.delete("topup");
        params.delete("vietqr_success");
        params.set("tab", "wallet");
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [searchParams]);

  /** After a top-up settled: the ledger is read again (the balance follows refreshBalance). */
  const afterTopup = useCallback(() => {
    setLedgerVersion((version) => version + 1);
    selectTab("wallet");
  }, [selectTab]);

  const closeTopup = useCallback(() => setTopup(null), []);

  function onTabKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = PROFILE_TABS.indexOf(tab);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: PROFILE_TABS.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = PROFILE_TABS[(moves[event.key] + PROFILE_TABS.length) % PROFILE_TABS.length];
    selectTab(next);
    document.getElementById(`profile-tab-${next}`)?.focus();
  }

  // Follow changes made elsewhere (the password dialog, another tab).
  useEffect(
    () =>
      subscribeSession(() => {
        const stored = readStoredUser();
        if (stored) setUser(stored);
      }),
    [],
  );

  if (!user) {
    if (loading) return <PageSpinner label="Đang tải hồ sơ..." />;
    return (
      <div className="mx-auto max-w-md px-4 py-24 text-center">
        <p className="text-zinc-300">{loadFailed ? LOAD_FAILED : "Không có dữ liệu người dùng."}</p>
        <button type="button" onClick={() => load()} className={`${SECONDARY_BUTTON} mt-6`}>
          Thử lại
        </button>
      </div>
    );
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
          <p className="mt-1 text-sm text-zinc-500">Tham gia ngày {formatDate(user.created_at)}</p>
          {!user.has_usable_password && (
            <p className="mt-3 inline-flex items-center gap-1.5 rounded-full bg-sky-500/15 px-3 py-1 text-xs font-semibold text-sky-200">Tài khoản Google</p>
          )}
        </div>
        <div className="flex w-full flex-col gap-3 sm:w-auto">
          <div className="rounded-xl bg-emerald-500/10 px-5 py-3 text-center ring-1 ring-emerald-500/20">
            <p className="text-xs tracking-wide text-emerald-300/80 uppercase">Số dư</p>
            <p className="text-2xl font-black text-emerald-300" data-testid="profile-balance">
              {balanceText(user)}
            </p>
          </div>
          <div data-testid="profile-topup">
            <TopupButtons onTopup={setTopup} compact />
          </div>
        </div>
      </section>

      <section aria-label="Thống kê" className="mt-4 grid gap-3 sm:grid-cols-3">
        <StatTile label="Số dư ví" value={balanceText(user)} tone="text-emerald-300" />
        <StatTile label="Tổng đã chi" value={formatVND(user.total_spent ?? 0)} tone="text-white" />
        <StatTile label="Key đã mua" value={formatNumber(user.total_keys_purchased ?? 0)} tone="text-indigo-300" />
      </section>

      <div className="mt-6 rounded-2xl border border-white/5 bg-zinc-900/70">
        <div role="tablist" aria-label="Hồ sơ và ví tiền" className="flex overflow-x-auto border-b border-white/5 px-2" onKeyDown={onTabKeyDown}>
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
              {TAB_LABELS[name]}
            </button>
          ))}
        </div>
        {PROFILE_TABS.filter((name) => opened.has(name)).map((name) => (
          <div
            key={name}
            role="tabpanel"
            id={`profile-panel-${name}`}
            aria-labelledby={`profile-tab-${name}`}
            hidden={tab !== name}
            tabIndex={0}
            className="p-5 outline-none sm:p-6"
          >
            {name === "profile" && (
              <section aria-labelledby="account-heading">
                <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                  <h2 id="account-heading" className="text-lg font-bold text-white">
                    Thông tin tài khoản
                  </h2>
                  <button type="button" onClick={() => setPasswordOpen(true)} className={`${SECONDARY_BUTTON} sm:w-auto`}>
                    {user.has_usable_password ? "Đổi mật khẩu" : "Tạo mật khẩu"}
                  </button>
                </div>
                <dl className="mt-4">
                  <InfoRow label="Tên đăng nhập" value={user.username} />
                  <InfoRow label="Email" value={user.email} />
                  <InfoRow label="Họ" value={user.first_name} />
                  <InfoRow label="Tên" value={user.last_name} />
                  {user.last_login && <InfoRow label="Đăng nhập gần nhất" value={formatDateTime(user.last_login)} />}
                </dl>
              </section>
            )}
            {name === "wallet" && <WalletTab user={user} refreshKey={ledgerVersion} onTopup={setTopup} onSessionExpired={sessionExpired} />}
            {name === "purchases" && <PurchasesTab refreshKey={0} onSessionExpired={sessionExpired} />}
          </div>
        ))}
      </div>

      {topup === "vietqr" && (
        <VietQrModal onClose={closeTopup} onPaid={afterTopup} onSessionExpired={sessionExpired} onCreateSessionExpired={topupSessionExpired} />
      )}
      {topup === "card" && (
        <CardTopupModal onClose={closeTopup} onSettled={afterTopup} onSessionExpired={sessionExpired} onCreateSessionExpired={topupSessionExpired} />
      )}
      {passwordOpen && (
        <ChangePasswordModal user={user} onClose={() => setPasswordOpen(false)} onChanged={setUser} onSessionExpired={sessionExpired} />
      )}
    </div>
  );
}

export default function ProfilePage() {
  return (
    <RequireAuth>
      <Profile />
    </RequireAuth>
  );
}
