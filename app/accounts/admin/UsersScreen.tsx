// The admin's users (docs/product.md §2 "Admin users"): stats, the search (after a pause in typing),
// the user table with its pages, the CSV exports, and the dialogs: a user's detail with the wallet
// ledger (./UserDialogs.tsx), and the balance adjustment (./AdjustBalanceDialog.tsx).
import { useNavigation, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { useAfterTypingPause } from "~/ui/forms/use-typing-pause";
import { AdminPage, Badge, BUTTON_SMALL, StatCard } from "~/owner/AdminShell";
import { ACTIONS_COLUMN, ActionsCell, AdminTable, Pager, RIGHT, SearchInput, TD } from "~/owner/AdminTable";
import { ExportDownloads } from "~/owner/ExportDownloads";
import { Avatar } from "~/shell/Avatar";
import { Spinner } from "~/ui/Spinner";
import { isGoogleAccount, roleBadge } from "./user-helpers";
import { downloadExport } from "~/owner/admin-exports";
import { formatDate, formatNumber, formatVND } from "@workers/shared/format";
import type { AdminUser, UsersPage, UserStats as Stats } from "@workers/accounts/user-admin";

import { displayName, type Ledger, NO_USERS } from "./users";
import { lazyDialog } from "~/ui/LazyDialog";

// A user's details come when an admin first opens them (app/ui/LazyDialog.tsx).
const UserDetailDialog = lazyDialog(() => import("./UserDialogs").then((module) => module.UserDetailDialog));
// The adjustment comes with its fields and checks when an admin first opens it.
const AdjustBalanceDialog = lazyDialog(() => import("./AdjustBalanceDialog").then((module) => module.AdjustBalanceDialog));

const SEARCH_DELAY_MS = 400;

export function UsersScreen({ stats, list: loaded, ledger }: { stats: Stats | null; list: UsersPage | null; ledger: Ledger | null }) {
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
              <td className={`${TD} text-right whitespace-nowrap text-emerald-300`}>{formatVND(user.balance ?? 0)}</td>
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
      {detail && (
        <UserDetailDialog
          user={detail}
          transactions={ledger?.userId === detail.id ? ledger.transactions : null}
          onClose={() => showDetail(null)}
          onAdjust={(user) => {
            showDetail(null);
            setAdjusting(user);
          }}
        />
      )}
      {adjusting && <AdjustBalanceDialog key={adjusting.id} user={adjusting} onClose={() => setAdjusting(null)} />}
    </AdminPage>
  );
}
