// The admin user screen's detail dialog: a user's detail with the wallet ledger (the balance
// adjustment it opens is ./AdjustBalanceDialog.tsx).
import { Badge, BUTTON_PRIMARY } from "~/owner/AdminShell";
import { Modal } from "~/owner/AdminDialogs";
import { Avatar } from "~/shell/Avatar";
import { Spinner } from "~/ui/Spinner";
import { SignedAmount } from "~/ui/SignedAmount";
import { isGoogleAccount, roleBadge } from "./user-helpers";
import { formatDateTime, formatVND } from "@workers/shared/format";
import type { AdminUser } from "@workers/accounts/user-admin";

import { displayName, type Transaction } from "./users";

export function UserDetailDialog({ user, transactions, onClose, onAdjust }: { user: AdminUser; transactions: Transaction[] | null; onClose: () => void; onAdjust: (user: AdminUser) => void }) {
  return (
    <Modal open onClose={onClose} title="Chi tiết người dùng" testId="user-detail" wide>
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
          <dd className="font-bold text-emerald-300" data-testid="user-detail-balance">{formatVND(user.balance ?? 0)}</dd>
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
    </Modal>
  );
}
