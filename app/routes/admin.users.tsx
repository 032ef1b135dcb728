// /admin/users (spec §2 "Admin users"): stats, search, the user table, a detail dialog with the
// wallet ledger, and the balance adjustment dialog (spec §5 "Balance adjustment").
import type { MetaFunction } from "@remix-run/cloudflare";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { AdminPage, Badge, BUTTON_PRIMARY, BUTTON_SMALL, EmptyRow, Modal, ModalActions, Pager, SELECT_CLASS, StatCard, TABLE_WRAP, TD, TH, useAdminError, ActionsCell } from "~/components/admin/AdminShell";
import { Avatar } from "~/components/Avatar";
import { Field, inputClass } from "~/components/Field";
import { Spinner } from "~/components/Spinner";
import { DEFAULT_ADJUST_NOTE, isGoogleAccount, parseSignedAmount, roleBadge, signedDigitsOnly, transactionSign } from "~/lib/admin";
import { ApiError, apiFetch, newIdempotencyKey } from "~/lib/api";
import { formatDate, formatDateTime, formatNumber, formatVND } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import type { SessionUser } from "~/lib/session";
import { toast } from "~/lib/toast";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "Quản lý người dùng");

export type AdminUser = SessionUser & { is_active: boolean; is_google: boolean };
type Stats = { total_users: number; active_users: number; google_users: number; total_balance: number; total_spent: number };
type UsersPage = { users: AdminUser[]; pagination: { page: number; page_size: number; total: number; total_pages: number } };
type Transaction = {
  id: number;
  transaction_type: string;
  amount: number;
  formatted_amount: string;
  description: string | null;
  balance_before: number;
  balance_after: number;
  created_at: string;
};

const PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 400;

function displayName(user: AdminUser): string {
  return user.full_name?.trim() || [user.first_name, user.last_name].filter(Boolean).join(" ") || user.username;
}

function Users() {
  const [stats, setStats] = useState<Stats | null>(null);
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [list, setList] = useState<UsersPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const [detail, setDetail] = useState<AdminUser | null>(null);
  const [adjusting, setAdjusting] = useState<AdminUser | null>(null);
  const handleError = useAdminError();

  // Debounced: one request once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(search.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    const controller = new AbortController();
    apiFetch<{ stats: Stats }>("/api/admin/users/stats/", { auth: true, signal: controller.signal })
      .then((body) => setStats(body.stats))
      .catch((error) => {
        if (!controller.signal.aborted) handleError(error, "Không thể tải thống kê");
      });
    return () => controller.abort();
  }, [version, handleError]);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    const params = new URLSearchParams({ page: String(page), page_size: String(PAGE_SIZE) });
    if (query) params.set("search", query);
    apiFetch<UsersPage>(`/api/admin/users/?${params}`, { auth: true, signal: controller.signal })
      .then(setList)
      .catch((error) => {
        if (!controller.signal.aborted) handleError(error, "Không thể tải danh sách người dùng");
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [query, page, version, handleError]);

  const users = list?.users ?? [];
  return (
    <AdminPage title="Quản lý người dùng" subtitle={list ? `${formatNumber(list.pagination.total)} người dùng` : undefined}>
      <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-5" data-testid="user-stats">
        <StatCard label="Tổng người dùng" value={stats ? formatNumber(stats.total_users) : "…"} />
        <StatCard label="Đang hoạt động" value={stats ? formatNumber(stats.active_users) : "…"} tone="text-emerald-300" />
        <StatCard label="Tài khoản Google" value={stats ? formatNumber(stats.google_users) : "…"} tone="text-sky-300" />
        <StatCard label="Tổng số dư" value={stats ? formatVND(stats.total_balance) : "…"} tone="text-indigo-300" />
        <StatCard label="Tổng chi tiêu" value={stats ? formatVND(stats.total_spent) : "…"} tone="text-fuchsia-300" />
      </div>
      <div className="mb-3 flex items-center gap-2">
        <label htmlFor="user-search" className="sr-only">
          Tìm người dùng
        </label>
        <input
          id="user-search"
          type="search"
          className={`${inputClass(false)} max-w-md`}
          placeholder="Tìm theo email, tên đăng nhập hoặc họ tên..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {loading && <Spinner className="h-4 w-4 text-indigo-400" />}
      </div>
      <div className={TABLE_WRAP}>
        <table className="w-full min-w-[64rem] text-sm text-zinc-200" data-testid="user-table">
          <thead className="border-b border-white/5">
            <tr>
              <th className={TH}>Người dùng</th>
              <th className={TH}>Email</th>
              <th className={TH}>Vai trò</th>
              <th className={`${TH} text-right`}>Số dư</th>
              <th className={`${TH} text-right`}>Đã chi</th>
              <th className={`${TH} text-right`}>Key</th>
              <th className={TH}>Ngày tham gia</th>
              <th className={`${TH} text-right`}>Thao tác</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/5">
            {!loading && users.length === 0 && <EmptyRow colSpan={8}>Không tìm thấy người dùng nào.</EmptyRow>}
            {users.map((user) => {
              const role = roleBadge(user);
              return (
                <tr key={user.id} data-user-id={user.id}>
                  <td className={TD}>
                    <div className="flex items-center gap-3">
                      <Avatar user={user} size="sm" />
                      <div className="min-w-0">
                        <p className="truncate font-medium text-white">{displayName(user)}</p>
                        <p className="truncate text-xs text-zinc-400">@{user.username}</p>
                      </div>
                    </div>
                  </td>
                  <td className={`${TD} max-w-[16rem]`}>
                    <span className="block truncate">{user.email}</span>
                    {isGoogleAccount(user) && <span className="text-xs text-sky-300">Google</span>}
                  </td>
                  <td className={TD}>
                    <Badge tone={role.tone}>{role.label}</Badge>
                  </td>
                  <td className={`${TD} text-right whitespace-nowrap text-emerald-300`}>{user.formatted_balance || formatVND(user.balance ?? 0)}</td>
                  <td className={`${TD} text-right whitespace-nowrap`}>{formatVND(user.total_spent ?? 0)}</td>
                  <td className={`${TD} text-right`}>{formatNumber(user.total_keys_purchased ?? 0)}</td>
                  <td className={`${TD} whitespace-nowrap`}>{formatDate(user.created_at)}</td>
                  <ActionsCell>
                    <button type="button" className={BUTTON_SMALL} onClick={() => setDetail(user)}>
                      Chi tiết
                    </button>
                    <button type="button" className={BUTTON_SMALL} onClick={() => setAdjusting(user)}>
                      Điều chỉnh số dư
                    </button>
                  </ActionsCell>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pager page={list?.pagination.page ?? page} totalPages={list?.pagination.total_pages ?? 0} onPage={setPage} />
      <UserDetailDialog
        user={detail}
        onClose={() => setDetail(null)}
        onAdjust={(user) => {
          setDetail(null);
          setAdjusting(user);
        }}
      />
      <AdjustBalanceDialog user={adjusting} onClose={() => setAdjusting(null)} onDone={() => setVersion((value) => value + 1)} />
    </AdminPage>
  );
}

function UserDetailDialog({ user, onClose, onAdjust }: { user: AdminUser | null; onClose: () => void; onAdjust: (user: AdminUser) => void }) {
  const [transactions, setTransactions] = useState<Transaction[] | null>(null);
  const handleError = useAdminError();

  useEffect(() => {
    if (!user) return;
    const controller = new AbortController();
    setTransactions(null);
    apiFetch<{ transactions: Transaction[] }>(`/api/admin/users/${user.id}/transactions/`, { auth: true, signal: controller.signal })
      .then((body) => setTransactions(body.transactions ?? []))
      .catch((error) => {
        if (controller.signal.aborted) return;
        handleError(error, "Không thể tải lịch sử giao dịch");
        setTransactions([]);
      });
    return () => controller.abort();
  }, [user, handleError]);

  return (
    <Modal open={user !== null} onClose={onClose} title="Chi tiết người dùng" testId="user-detail" wide>
      {user && (
        <>
          <div className="mb-4 flex items-center gap-3">
            <Avatar user={user} size="lg" />
            <div className="min-w-0">
              <p className="truncate text-lg font-bold text-white">{displayName(user)}</p>
              <p className="truncate text-sm text-zinc-400">
                @{user.username} · {user.email}
              </p>
              <div className="mt-1 flex flex-wrap gap-1.5">
                <Badge tone={roleBadge(user).tone}>{roleBadge(user).label}</Badge>
                {isGoogleAccount(user) && <Badge tone="bg-sky-500/15 text-sky-300 ring-sky-400/30">Google</Badge>}
              </div>
            </div>
          </div>
          <dl className="mb-4 grid grid-cols-2 gap-2 text-sm">
            <div className="rounded-xl bg-zinc-950/60 p-3">
              <dt className="text-zinc-400">Số dư</dt>
              <dd className="font-bold text-emerald-300">{user.formatted_balance || formatVND(user.balance ?? 0)}</dd>
            </div>
            <div className="rounded-xl bg-zinc-950/60 p-3">
              <dt className="text-zinc-400">Đã chi</dt>
              <dd className="font-bold text-white">{formatVND(user.total_spent ?? 0)}</dd>
            </div>
            <div className="rounded-xl bg-zinc-950/60 p-3">
              <dt className="text-zinc-400">Ngày tham gia</dt>
              <dd className="text-white">{formatDateTime(user.created_at)}</dd>
            </div>
            <div className="rounded-xl bg-zinc-950/60 p-3">
              <dt className="text-zinc-400">Đăng nhập gần nhất</dt>
              <dd className="text-white">{user.last_login ? formatDateTime(user.last_login) : "—"}</dd>
            </div>
          </dl>
          <h3 className="mb-2 font-semibold text-white">Lịch sử giao dịch</h3>
          {transactions === null ? (
            <div className="flex justify-center py-6">
              <Spinner className="h-6 w-6 text-indigo-400" />
            </div>
          ) : transactions.length === 0 ? (
            <p className="py-4 text-center text-sm text-zinc-400">Chưa có giao dịch nào.</p>
          ) : (
            <ul className="max-h-80 divide-y divide-white/5 overflow-y-auto rounded-xl border border-white/5" data-testid="user-transactions">
              {transactions.map((item) => {
                const sign = transactionSign(item.transaction_type);
                return (
                  <li key={item.id} className="flex items-start justify-between gap-3 px-3 py-2.5 text-sm">
                    <div className="min-w-0">
                      <p className="break-words text-white">{item.description || item.transaction_type}</p>
                      <p className="text-xs text-zinc-400">
                        {formatDateTime(item.created_at)} · {formatVND(item.balance_before)} → {formatVND(item.balance_after)}
                      </p>
                    </div>
                    <span className={`shrink-0 font-semibold whitespace-nowrap ${sign === "+" ? "text-emerald-400" : "text-red-400"}`}>
                      {sign === "+" ? "+" : "−"}
                      {item.formatted_amount}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
          <div className="mt-4 flex justify-end">
            <button type="button" className={BUTTON_PRIMARY} onClick={() => onAdjust(user)}>
              Điều chỉnh số dư
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}

function AdjustBalanceDialog({ user, onClose, onDone }: { user: AdminUser | null; onClose: () => void; onDone: () => void }) {
  const [amount, setAmount] = useState("");
  const [type, setType] = useState<"admin_adjustment" | "deposit">("admin_adjustment");
  const [note, setNote] = useState(DEFAULT_ADJUST_NOTE);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const handleError = useAdminError();
  // The Idempotency-Key of the submit in progress: made when a submit starts and reused when the
  // same adjustment is sent again after no definite answer, so the balance moves once.
  const attempt = useRef<{ what: string; key: string } | null>(null);
  const sending = useRef(false);

  useEffect(() => {
    if (!user) return;
    attempt.current = null;
    setAmount("");
    setType("admin_adjustment");
    setNote(DEFAULT_ADJUST_NOTE);
    setError(null);
  }, [user]);

  const submit = useCallback(
    async (event: FormEvent) => {
      event.preventDefault();
      if (!user) return;
      const value = parseSignedAmount(amount);
      if (value === null) {
        setError("Vui lòng nhập số tiền");
        return;
      }
      if (sending.current) return;
      setError(null);
      const what = `${user.id}|${value}|${type}`;
      if (attempt.current?.what !== what) attempt.current = { what, key: newIdempotencyKey() };
      sending.current = true;
      setBusy(true);
      try {
        const body = await apiFetch<{ message?: string }>(`/api/admin/users/${user.id}/adjust-balance/`, {
          method: "POST",
          auth: true,
          body: { amount: value, transaction_type: type, description: note.trim() || DEFAULT_ADJUST_NOTE },
          headers: { "Idempotency-Key": attempt.current.key },
        });
        attempt.current = null;
        toast.success(body.message || "Điều chỉnh số dư thành công");
        onDone();
        onClose();
      } catch (failure) {
        // A definite refusal (4xx) ends this submit; no answer or a 5xx keeps the key for the retry.
        if (failure instanceof ApiError && failure.status >= 400 && failure.status < 500) attempt.current = null;
        handleError(failure, "Điều chỉnh số dư thất bại");
      } finally {
        sending.current = false;
        setBusy(false);
      }
    },
    [amount, handleError, note, onClose, onDone, type, user],
  );

  return (
    <Modal open={user !== null} onClose={onClose} title="Điều chỉnh số dư" busy={busy} testId="adjust-balance">
      {user && (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <p className="text-sm text-zinc-300">
            {displayName(user)} (@{user.username}) · số dư hiện tại <span className="font-semibold text-emerald-300">{user.formatted_balance || formatVND(user.balance ?? 0)}</span>
          </p>
          <Field id="adjust-amount" label="Số tiền (VND)" required errors={error} hint="Nhập số âm để trừ tiền, ví dụ -50000.">
            <input
              id="adjust-amount"
              inputMode="numeric"
              autoComplete="off"
              className={inputClass(Boolean(error))}
              value={amount}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "adjust-amount-error adjust-amount-hint" : "adjust-amount-hint"}
              onChange={(event) => setAmount(signedDigitsOnly(event.target.value))}
              placeholder="100000"
            />
          </Field>
          <Field id="adjust-type" label="Loại giao dịch">
            <select id="adjust-type" className={`${SELECT_CLASS} w-full`} value={type} onChange={(event) => setType(event.target.value === "deposit" ? "deposit" : "admin_adjustment")}>
              <option value="admin_adjustment">Điều chỉnh bởi admin</option>
              <option value="deposit">Nạp tiền</option>
            </select>
          </Field>
          <Field id="adjust-note" label="Ghi chú">
            <input id="adjust-note" className={inputClass(false)} value={note} maxLength={300} onChange={(event) => setNote(event.target.value)} />
          </Field>
          <ModalActions onCancel={onClose} busy={busy} label="Xác nhận" />
        </form>
      )}
    </Modal>
  );
}

export default function AdminUsersRoute() {
  return (
    <Users />
  );
}
