import type { MetaFunction } from "@remix-run/cloudflare";
import { useCallback, useEffect, useState } from "react";
import { SECONDARY_BUTTON } from "~/components/AuthCard";
import { Avatar } from "~/components/Avatar";
import { ChangePasswordModal } from "~/components/ChangePasswordModal";
import { RequireAuth } from "~/components/RequireAuth";
import { PageSpinner } from "~/components/Spinner";
import { ApiError, apiFetch } from "~/lib/api";
import { useSessionExpired } from "~/lib/auth";
import { formatDate, formatDateTime, formatNumber, formatVND } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { readStoredUser, subscribeSession, updateStoredUser, type SessionUser } from "~/lib/session";
import { toast } from "~/lib/toast";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "Hồ sơ");

const LOAD_FAILED = "Lỗi khi tải dữ liệu người dùng";
const NOT_SET = "Chưa cập nhật";

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
        <div className="rounded-xl bg-emerald-500/10 px-5 py-3 text-center ring-1 ring-emerald-500/20">
          <p className="text-xs tracking-wide text-emerald-300/80 uppercase">Số dư</p>
          <p className="text-2xl font-black text-emerald-300" data-testid="profile-balance">
            {balanceText(user)}
          </p>
        </div>
      </section>

      <section aria-label="Thống kê" className="mt-4 grid gap-3 sm:grid-cols-3">
        <StatTile label="Số dư ví" value={balanceText(user)} tone="text-emerald-300" />
        <StatTile label="Tổng đã chi" value={formatVND(user.total_spent ?? 0)} tone="text-white" />
        <StatTile label="Key đã mua" value={formatNumber(user.total_keys_purchased ?? 0)} tone="text-indigo-300" />
      </section>

      <section aria-labelledby="account-heading" className="mt-6 rounded-2xl border border-white/5 bg-zinc-900/70 p-5 sm:p-6">
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
