// The admin user screen's dialogs: a user's detail with the wallet ledger, and the balance
// adjustment (docs/product.md §5 "Balance adjustment"), sent once per attempt (its Idempotency-Key).
import { useFetcher } from "@remix-run/react";
import { type FormEvent, useRef, useState } from "react";
import { Badge, BUTTON_PRIMARY, SELECT_CLASS } from "~/owner/AdminShell";
import { Modal, ModalActions } from "~/owner/AdminDialogs";
import { Avatar } from "~/shell/Avatar";
import { Field, ValidationSummary } from "~/ui/Field";
import { inputClass } from "~/ui/input-class";
import { Spinner } from "~/ui/Spinner";
import { SignedAmount } from "~/ui/SignedAmount";
import { DEFAULT_ADJUST_NOTE, isGoogleAccount, parseSignedAmount, roleBadge, signedDigitsOnly } from "~/owner/admin";
import { fieldErrorsOf, useFetcherAnswer } from "~/ui/forms/fetcher-answer";
import { newIdempotencyKey } from "~/platform/api";
import { formatDateTime, formatVND } from "@workers/shared/format";
import type { AdminUser } from "@workers/accounts/user-admin";

import { type AdjustResult, type Adjustment, displayName, type Transaction } from "./users";

const ADJUST_LABELS = { amount: "Số tiền (VND)", transaction_type: "Loại giao dịch", description: "Ghi chú" };

export function UserDetailDialog({ user, transactions, onClose, onAdjust }: { user: AdminUser | null; transactions: Transaction[] | null; onClose: () => void; onAdjust: (user: AdminUser) => void }) {
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
export function AdjustBalanceDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [amount, setAmount] = useState("");
  const [type, setType] = useState<"admin_adjustment" | "deposit">("admin_adjustment");
  const [note, setNote] = useState(DEFAULT_ADJUST_NOTE);
  const [error, setError] = useState<string | null>(null);
  // The Idempotency-Key of the submit in progress: made when a submit starts and reused when the
  // same adjustment is sent again after no definite answer (no answer at all included), so the
  // balance moves once.
  const attempt = useRef<{ what: string; key: string } | null>(null);
  // A fetcher: a navigation (a search, Back) while the adjustment is on its way leaves it alone.
  const save = useFetcher<AdjustResult>();
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
