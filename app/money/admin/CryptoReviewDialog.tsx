// The review of a parked crypto payment (a second deposit to the same address), opened from the
// admin's crypto top-ups (CryptoTopupsScreen.tsx): credit it (the suggested amount, or another) or
// refuse it, with a note, sent to the route's clientAction (app/routes/admin.crypto-topups.tsx).
import { useFetcher } from "@remix-run/react";
import { type FormEvent, useState } from "react";
import type { listCryptoForAdmin } from "@workers/money/crypto";
import { formatVND } from "@workers/shared/format";
import { Modal, ModalActions } from "~/owner/AdminDialogs";
import type { ActionResult } from "~/owner/admin-route";
import { parsePrice } from "~/owner/admin-prices";
import { Field } from "~/ui/Field";
import { ValidationSummary } from "~/ui/forms/ValidationSummary";
import { inputClass } from "~/ui/input-class";
import { fieldErrorsOf, useFetcherAnswer } from "~/ui/forms/fetcher-answer";

export type CryptoTopupRow = Awaited<ReturnType<typeof listCryptoForAdmin>>["topups"][number];
export type CryptoPayment = CryptoTopupRow["payments"][number];

export function ReviewDialog({ topup, payment, credit, onClose }: { topup: CryptoTopupRow; payment: CryptoPayment; credit: boolean; onClose: () => void }) {
  const [amount, setAmount] = useState(String(payment.creditable_vnd));
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const save = useFetcher<ActionResult>();
  const busy = save.state !== "idle";
  const answer = useFetcherAnswer(save, (result) => result.ok && onClose());

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = parsePrice(amount);
    if (credit && (value === null || value < 1)) {
      setError("Vui lòng nhập số tiền hợp lệ");
      return;
    }
    const request: Record<string, string | number> = credit && value !== null ? { intent: "credit", id: payment.id, amount: value, note: note.trim() } : { intent: "refuse", id: payment.id, note: note.trim() };
    save.submit(request, { method: "post", encType: "application/json", flushSync: true });
  }

  return (
    <Modal open onClose={onClose} title={credit ? "Cộng khoản nạp lần hai" : "Từ chối khoản nạp lần hai"} busy={busy} testId="crypto-review">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <p className="text-sm text-zinc-300">
          Hoá đơn #{topup.id} của người dùng #{topup.user_id} · thanh toán {payment.payment_id} ({payment.actually_paid ?? "?"} / {payment.pay_amount ?? "?"}) · tỷ giá {formatVND(topup.rate)}
        </p>
        {credit && (
          <Field id="crypto-review-amount" label="Số tiền cộng (VND)" required errors={error}>
            <input id="crypto-review-amount" inputMode="numeric" className={inputClass(Boolean(error))} value={amount} onChange={(event) => setAmount(event.target.value.replace(/[^0-9.]/g, ""))} />
          </Field>
        )}
        <Field id="crypto-review-note" label="Ghi chú">
          <textarea id="crypto-review-note" rows={3} className={inputClass(false)} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
        </Field>
        <ValidationSummary errors={fieldErrorsOf(answer)} labels={{ amount: "Số tiền cộng (VND)", note: "Ghi chú" }} />
        <ModalActions onCancel={onClose} busy={busy} label={credit ? "Cộng tiền" : "Từ chối"} />
      </form>
    </Modal>
  );
}
