// /admin/users (docs/product.md §2 "Admin users"): stats, search, the user table, a detail dialog with the
// wallet ledger, and the balance adjustment dialog (docs/product.md §5 "Balance adjustment"). Stats, the page
// of users (?search=, ?page=) and the ledger of the user whose detail is open (?user=) load in
// clientLoader; an adjustment goes through clientAction.
// The CSV exports download from here too (ExportDownloads).
import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientActionFunctionArgs, type ClientLoaderFunctionArgs, useFetcher, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { type FormEvent, useRef, useState } from "react";
import { useAfterTypingPause } from "~/ui/forms/use-typing-pause";
import { ACTIONS_COLUMN, ActionsCell, AdminPage, AdminTable, Badge, BUTTON_PRIMARY, BUTTON_SMALL, Modal, ModalActions, Pager, RIGHT, SearchInput, SELECT_CLASS, StatCard, TD } from "~/owner/AdminShell";
import { ExportDownloads } from "~/owner/ExportDownloads";
import { Avatar } from "~/shell/Avatar";
import { Field, inputClass, ValidationSummary } from "~/ui/Field";
import { Spinner } from "~/ui/Spinner";
import { SignedAmount } from "~/ui/SignedAmount";
import { DEFAULT_ADJUST_NOTE, isGoogleAccount, parseSignedAmount, roleBadge, signedDigitsOnly } from "~/owner/admin";
import { downloadExport } from "~/owner/admin-exports";
import { fieldErrorsOf, useFetcherAnswer } from "~/ui/forms/fetcher-answer";
import { type ActionFailed, actionFailure, adminCall, adminCallFailure, jsonBody } from "~/owner/admin-route";
import { ApiError, newIdempotencyKey } from "~/platform/api";
import { formatDate, formatDateTime, formatNumber, formatVND } from "@workers/shared/format";
import { pageMeta } from "~/ui/meta";
import { toast } from "~/ui/toast";
import type { AdjustBalanceRequest } from "@workers/accounts/schemas/admin-users";
import type { AdminUser, UsersPage, UserStats as Stats, userTransactions } from "@workers/accounts/user-admin";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "Quản lý người dùng");


const PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 400;

function displayName(user: AdminUser): string {
  return user.full_name?.trim() || [user.first_name, user.last_name].filter(Boolean).join(" ") || user.username;
}

type Transaction = Awaited<ReturnType<typeof userTransactions>>[number];
/** The ledger of the user whose detail is open (empty when it could not be read: its message was shown). */
type Ledger = { userId: number; transactions: Transaction[] };

const NO_USERS: UsersPage = { users: [], pagination: { page: 1, page_size: PAGE_SIZE, total: 0, total_pages: 0, next_before: null } };

/** ?user= names the user whose detail dialog is open. */
function detailUserId(params: URLSearchParams): number | null {
  const id = Number(params.get("user"));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

async function ledgerOf(request: Request, userId: number | null): Promise<Ledger | null> {
  if (userId === null) return null;
  try {
    const body = await adminCall(request, (api) => api.api.admin.users[":id"].transactions.$get({ param: { id: String(userId) } }));
    return { userId, transactions: body.transactions ?? [] };
  } catch (error) {
    toast.error(adminCallFailure(error, request, "Không thể tải lịch sử giao dịch"));
    return { userId, transactions: [] };
  }
}

export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<{ stats: Stats | null; list: UsersPage | null; ledger: Ledger | null }> {
  const url = new URL(request.url);
  const search = url.searchParams.get("search")?.trim() ?? "";
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const query = { page: String(page), page_size: String(PAGE_SIZE), ...(search ? { search } : {}) };
  // Each part fails on its own, with its own message, as before.
  const [stats, list, ledger] = await Promise.all([
    adminCall(request, (api) => api.api.admin.users.stats.$get()).then(
      (body) => body.stats,
      (error) => {
        toast.error(adminCallFailure(error, request, "Không thể tải thống kê"));
        return null;
      },
    ),
    adminCall(request, (api) => api.api.admin.users.$get({ query })).catch((error) => {
      toast.error(adminCallFailure(error, request, "Không thể tải danh sách người dùng"));
      return null;
    }),
    ledgerOf(request, detailUserId(url.searchParams)),
  ]);
  return { stats, list, ledger };
}

type Adjustment = { userId: number; key: string; body: AdjustBalanceRequest };
/** A refusal (4xx) is definite; no answer or a 5xx may be retried with the same Idempotency-Key. */
type AdjustResult = { ok: true } | (ActionFailed & { definite: boolean });

export async function clientAction({ request }: ClientActionFunctionArgs): Promise<AdjustResult> {
  const { userId, key, body } = await jsonBody<Adjustment>(request);
  try {
    const answer = await adminCall(request, (api) => api.api.admin.users[":id"]["adjust-balance"].$post({ param: { id: String(userId) }, json: body }), { headers: { "Idempotency-Key": key } });
    toast.success(answer.message || "Điều chỉnh số dư thành công");
    return { ok: true };
  } catch (error) {
    const definite = error instanceof ApiError && error.status >= 400 && error.status < 500;
    return { ...actionFailure(error, request, "Điều chỉnh số dư thất bại"), definite };
  }
}

export default function AdminUsersRoute() {
  const { stats, list: loaded, ledger } = useLoaderData<typeof clientLoader>();
  const [searchParams, setSearchParams] = useSearchParams();
  const [search, setSearch] = useState(searchParams.get("search") ?? "");
  const page = Math.max(1, Number(searchParams.get("page")) || 1);
  const loading = useNavigation().state === "loading";
  const list = loaded ?? NO_USERS;
  const [detail, setDetail] = useState<AdminUser | null>(null);
  const [adjusting, setAdjusting] = useState<AdminUser | null>(null);

  /** Opens or closes the detail: ?user= makes the loader read that user's ledger. */
  function showDetail(user: AdminUser | null) {
    setDetail(user);
    setParams({ user: user?.id ?? null });
  }

  /** Sets or removes (null, "", page 1) the named parameters and keeps the others. */
  function setParams(next: { search?: string; page?: number; user?: number | null }) {
    setSearchParams(
      (params) => {
        for (const [name, value] of Object.entries(next)) {
          if (value === null || value === "" || (name === "page" && value === 1)) params.delete(name);
          else params.set(name, String(value));
        }
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  // Debounced: one request once typing pauses (a timer, not a fetch).
  const query = search.trim();
  useAfterTypingPause(query, searchParams.get("search") ?? "", SEARCH_DELAY_MS, (query) => setParams({ search: query, page: 1 }));

  const users = list.users;
  return (
    <AdminPage title="Quản lý người dùng" subtitle={loaded ? `${formatNumber(list.pagination.total)} người dùng` : undefined}>
      <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-5" data-testid="user-stats">
        <StatCard label="Tổng người dùng" value={stats ? formatNumber(stats.total_users) : "…"} />
        <StatCard label="Đang hoạt động" value={stats ? formatNumber(stats.active_users) : "…"} tone="text-emerald-300" />
        <StatCard label="Tài khoản Google" value={stats ? formatNumber(stats.google_users) : "…"} tone="text-sky-300" />
        <StatCard label="Tổng số dư" value={stats ? formatVND(stats.total_balance) : "…"} tone="text-indigo-300" />
        <StatCard label="Tổng chi tiêu" value={stats ? formatVND(stats.total_spent) : "…"} tone="text-fuchsia-300" />
      </div>
      <div className="mb-6">
        <ExportDownloads onDownload={downloadExport} />
      </div>
      <div className="mb-3 flex items-center gap-2">
        <SearchInput id="user-search" label="Tìm người dùng" className="max-w-md" placeholder="Tìm theo email, tên đăng nhập hoặc họ tên..." value={search} onValue={setSearch} />
        {loading && <Spinner className="h-4 w-4 text-indigo-400" />}
      </div>
      <AdminTable
        testId="user-table"
        minWidth="min-w-[64rem]"
        columns={["Người dùng", "Email", "Vai trò", RIGHT("Số dư"), RIGHT("Đã chi"), RIGHT("Key"), "Ngày tham gia", ACTIONS_COLUMN]}
        empty={users.length === 0 && "Không tìm thấy người dùng nào."}
      >
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
                <button type="button" className={BUTTON_SMALL} onClick={() => showDetail(user)}>
                  Chi tiết
                </button>
                <button type="button" className={BUTTON_SMALL} onClick={() => setAdjusting(user)}>
                  Điều chỉnh số dư
                </button>
              </ActionsCell>
            </tr>
          );
        })}
      </AdminTable>
      <Pager page={loaded?.pagination.page ?? page} totalPages={list.pagination.total_pages} onPage={(next) => setParams({ search: query, page: next })} />
      <UserDetailDialog
        user={detail}
        transactions={detail && ledger?.userId === detail.id ? ledger.transactions : null}
        onClose={() => showDetail(null)}
        onAdjust={(user) => {
          showDetail(null);
          setAdjusting(user);
        }}
      />
      {adjusting && <AdjustBalanceDialog key={adjusting.id} user={adjusting} onClose={() => setAdjusting(null)} />}
    </AdminPage>
  );
}

const ADJUST_LABELS = { amount: "Số tiền (VND)", transaction_type: "Loại giao dịch", description: "Ghi chú" };

function UserDetailDialog({ user, transactions, onClose, onAdjust }: { user: AdminUser | null; transactions: Transaction[] | null; onClose: () => void; onAdjust: (user: AdminUser) => void }) {
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
              <dd className="font-bold text-emerald-300" data-testid="user-detail-balance">{user.formatted_balance || formatVND(user.balance ?? 0)}</dd>
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
              {transactions.map((item) => (
                <li key={item.id} className="flex items-start justify-between gap-3 px-3 py-2.5 text-sm">
                  <div className="min-w-0">
                    <p className="break-words text-white">{item.description || item.transaction_type}</p>
                    <p className="text-xs text-zinc-400">
                      {formatDateTime(item.created_at)} · {formatVND(item.balance_before)} → {formatVND(item.balance_after)}
                    </p>
                  </div>
                  <SignedAmount amount={item.amount} className="shrink-0 font-semibold whitespace-nowrap" testId="user-transaction-amount" />
                </li>
              ))}
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

/** Mounted when opened, so each opening starts empty. */
function AdjustBalanceDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [amount, setAmount] = useState("");
  const [type, setType] = useState<"admin_adjustment" | "deposit">("admin_adjustment");
  const [note, setNote] = useState(DEFAULT_ADJUST_NOTE);
  const [error, setError] = useState<string | null>(null);
  // The Idempotency-Key of the submit in progress: made when a submit starts and reused when the
  // same adjustment is sent again after no definite answer (no answer at all included), so the
  // balance moves once.
  const attempt = useRef<{ what: string; key: string } | null>(null);
  // A fetcher: a navigation (a search, Back) while the adjustment is on its way leaves it alone.
  const save = useFetcher<typeof clientAction>();
  const busy = save.state !== "idle";
  const answer = useFetcherAnswer(save, (answer) => {
    if (answer.ok || answer.definite) attempt.current = null;
    if (answer.ok) onClose();
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = parseSignedAmount(amount);
    if (value === null) {
      setError("Vui lòng nhập số tiền");
      return;
    }
    if (busy) return;
    setError(null);
    const what = `${user.id}|${value}|${type}`;
    if (attempt.current?.what !== what) attempt.current = { what, key: newIdempotencyKey() };
    const adjustment: Adjustment = { userId: user.id, key: attempt.current.key, body: { amount: value, transaction_type: type, description: note.trim() || DEFAULT_ADJUST_NOTE } };
    save.submit(adjustment, { method: "post", encType: "application/json", flushSync: true });
  }

  return (
    <Modal open onClose={onClose} title="Điều chỉnh số dư" busy={busy} testId="adjust-balance">
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
        <ValidationSummary errors={fieldErrorsOf(answer)} labels={ADJUST_LABELS} />
        <ModalActions onCancel={onClose} busy={busy} label="Xác nhận" />
      </form>
    </Modal>
  );
}
