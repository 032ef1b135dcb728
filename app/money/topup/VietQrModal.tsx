// Top-up by bank transfer (docs/product.md §4 "VietQR transaction status", §5 "VietQR amount", §8, §9): pick an
// amount, get our QR and the bank details, transfer with the given content; the bank's webhook
// credits the wallet on the server, and this dialog polls (every 10 s, or "Kiểm tra") to find out.
// A top-up still pending when the dialog opens is resumed (the buyer left for the banking app);
// "Tạo giao dịch khác" starts another, and closing a pending QR says until when it stays valid.
// Creating and cancelling go to the profile's clientAction through useFetcher (createVietQr and
// cancelVietQr in ./vietqr-actions.ts, docs/decisions/0026): the fetcher's state is the dialog's
// busy state, and the answer, a refusal's message included, comes back as its data. The form
// step is ./VietQrForm.tsx, the transaction step ./VietQrTransaction.tsx, its following
// ./use-vietqr-transaction.ts.
import { useEffect, useId, useMemo, useRef } from "react";
import { formatIn } from "~/i18n/format";
import { useLocale } from "~/i18n/locale";
import { topupWords } from "~/i18n/vi/wallet/topup";
import { wordsIn } from "~/i18n/words";
import { toast } from "~/ui/toast";
import { VIETQR_DEFAULTS, type VietQrConfig, type VietQrTransaction } from "~/money/topup/topup";
import { Dialog } from "~/ui/Dialog";
import { Spinner } from "~/ui/Spinner";
import { keepFocusInDialog, TopupDialogTitle, useDepositBonus } from "./TopupParts";
import { useVietQrTransaction } from "./use-vietqr-transaction";
import { useVietQrForm, VietQrForm } from "./VietQrForm";
import { TransactionView } from "./VietQrTransaction";

// The profile's clientAction runs these from this file, loaded with the dialog.
export { cancelVietQr, createVietQr, type VietQrCancel, type VietQrCreate } from "./vietqr-actions";

export function VietQrModal({
  config,
  resume,
  onClose,
  onPaid,
  onSessionExpired,
}: {
  /** The VietQR settings; null while they are read (the product's defaults apply meanwhile). */
  config: VietQrConfig | null;
  /** A pending top-up to resume; undefined while the pending ones are still being read. */
  resume: VietQrTransaction | null | undefined;
  onClose: () => void;
  /** After a paid top-up: the page reads the balance and the ledger again. */
  onPaid: () => void;
  /** A 401 while following a transaction: the page's session-expiry flow. */
  onSessionExpired: () => void;
}) {
  const titleId = useId();
  const locale = useLocale();
  const words = wordsIn(locale, topupWords);
  // One formatter per language, so the callbacks below keep their identity.
  const format = useMemo(() => formatIn(locale), [locale]);
  const amountInput = useRef<HTMLInputElement>(null);
  const view = useRef<HTMLDivElement>(null);
  const rules = config ?? VIETQR_DEFAULTS;
  const followed = useVietQrTransaction({ resume, callbacks: { onClose, onPaid, onSessionExpired }, words, format });
  const { transaction, pending, remaining } = followed;
  const form = useVietQrForm({ rules, words, format, onCreated: followed.follow });

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves when the dialog changes step, not on every status poll.
  useEffect(() => keepFocusInDialog(transaction ? view.current : amountInput.current), [transaction?.transaction_id, transaction?.status]);

  function startOver() {
    followed.leave();
    form.reset();
  }

  const busy = form.creating || followed.cancelling;
  // The bonus for the amount being typed, then, on the QR screen, the one this transfer will earn.
  const bonusAmount = transaction ? (pending ? transaction.amount : null) : form.validAmount;
  const bonus = useDepositBonus(bonusAmount, transaction ? (transaction.promotion_code ?? "") : form.code);

  /** Closing leaves a pending QR valid: say until when, and where to find it again. */
  function close() {
    if (pending && remaining > 0) toast.info(words.stillValid(format.time(followed.deadline)));
    onClose();
  }

  return (
    <Dialog open onClose={close} labelledBy={titleId} busy={busy} testId="vietqr-modal">
      <TopupDialogTitle id={titleId} title={words.vietqrTitle} subtitle={words.vietqrSubtitle} onClose={close} busy={busy} />

      {resume === undefined && !transaction ? (
        <p role="status" className="mt-5 flex items-center gap-2 text-sm text-zinc-400">
          <Spinner /> {words.checkingPending}
        </p>
      ) : !transaction ? (
        <VietQrForm form={form} rules={rules} bonus={bonus} inputRef={amountInput} />
      ) : (
        <TransactionView
          containerRef={view}
          transaction={transaction}
          ended={followed.ended}
          remaining={remaining}
          qrSource={followed.qrSource}
          onQrError={followed.qrFailed}
          checking={followed.checking}
          cancelling={followed.cancelling}
          onCheck={() => void followed.checkAndApply(true)}
          onCancel={() => void followed.cancel()}
          onStartOver={startOver}
          onClose={close}
          bonus={bonus}
        />
      )}
    </Dialog>
  );
}
