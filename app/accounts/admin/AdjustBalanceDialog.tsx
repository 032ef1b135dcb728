// The admin's balance adjustment (docs/product.md §5 "Balance adjustment"), opened from the user
// screen (UsersScreen.tsx), sent once per attempt (its Idempotency-Key).
import { useFetcher } from "@remix-run/react";
import { type FormEvent, useRef, useState } from "react";
import { SELECT_CLASS } from "~/owner/AdminShell";
import { Modal, ModalActions } from "~/owner/AdminDialogs";
import { Field } from "~/ui/Field";
import { ValidationSummary } from "~/ui/forms/ValidationSummary";
import { inputClass } from "~/ui/input-class";
import { DEFAULT_ADJUST_NOTE, parseSignedAmount, signedDigitsOnly } from "./user-helpers";
import { fieldErrorsOf, useFetcherAnswer } from "~/ui/forms/fetcher-answer";
import { newIdempotencyKey } from "~/platform/api";
import { formatVND } from "@workers/shared/format";
import type { AdminUser } from "@workers/accounts/user-admin";
import { type AdjustResult, type Adjustment, displayName } from "./users";

const ADJUST_LABELS = { amount: "Số tiền (VND)", transaction_type: "Loại giao dịch", description: "Ghi chú" };

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
          {displayName(user)} (@{user.username}) · số dư hiện tại <span className="font-semibold text-emerald-300">{formatVND(user.balance ?? 0)}</span>
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
