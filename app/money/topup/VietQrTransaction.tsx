// The VietQR dialog's second step: the QR, the bank details to copy, the countdown and the
// status of the transfer awaited, with its buttons (check, cancel, another top-up); or, once the
// transaction ended, why and what next.
import type { ReactNode, RefObject } from "react";
import type { DepositBonusPreview } from "@workers/money/deposit-bonus";
import { useFormat } from "~/i18n/format";
import { topupWords } from "~/i18n/vi/wallet/topup";
import { useWords } from "~/i18n/words";
import { CopyButton } from "~/ui/CopyButton";
import { Spinner } from "~/ui/Spinner";
import { bankLabel, formatCountdown, type VietQrTransaction } from "~/money/topup/topup";
import { DepositBonusLine, TOPUP_DANGER, TOPUP_PRIMARY, TOPUP_SECONDARY, TopupAgainOrClose } from "./TopupParts";
import { Alert } from "~/ui/Alert";

export type QrSource = "ours" | "fallback" | "none";

function DetailRow({ label, value, copyValue, copyLabel, testId, strong }: { label: string; value: ReactNode; copyValue: string; copyLabel: string; testId?: string; strong?: boolean }) {
  const words = useWords(topupWords);
  return (
    <div className="flex items-center gap-3 py-2.5">
      <div className="min-w-0 flex-1">
        <dt className="text-xs text-zinc-400">{label}</dt>
        <dd className={`mt-0.5 break-all ${strong ? "font-mono text-base font-bold text-amber-200" : "font-semibold text-white"}`} data-testid={testId}>
          {value}
        </dd>
      </div>
      <CopyButton value={copyValue} label={copyLabel} copiedMessage={words.copied(copyLabel)} />
    </div>
  );
}

export function TransactionView({
  containerRef,
  transaction,
  ended,
  remaining,
  qrSource,
  onQrError,
  checking,
  cancelling,
  onCheck,
  onCancel,
  onStartOver,
  onClose,
  bonus,
}: {
  containerRef: RefObject<HTMLDivElement>;
  transaction: VietQrTransaction;
  /** Why it ended, as this dialog saw it end (said here, not in a toast too). */
  ended: string | null;
  /** The bonus this transfer will earn, restated beside the amount. */
  bonus: DepositBonusPreview | null;
  remaining: number;
  qrSource: QrSource;
  onQrError: () => void;
  checking: boolean;
  cancelling: boolean;
  onCheck: () => void;
  onCancel: () => void;
  onStartOver: () => void;
  onClose: () => void;
}) {
  const words = useWords(topupWords);
  const format = useFormat();
  const pending = transaction.status === "pending";
  const bank = transaction.bank_info;
  const formattedAmount = format.vnd(transaction.amount);
  const statusText = words.topupStatus(transaction.status, transaction.status_display);
  const qrUrl = qrSource === "ours" ? transaction.qr_code_url : qrSource === "fallback" ? transaction.qr_fallback_url : null;

  return (
    <div ref={containerRef} tabIndex={-1} className="mt-5 outline-none">
      {pending ? (
        <div className="flex items-center justify-between gap-3 rounded-xl bg-amber-500/10 px-4 py-2.5 ring-1 ring-amber-500/20">
          <span className="text-sm text-amber-100">{words.timeLeft}</span>
          <span role="timer" aria-label={words.timeLeft} className="font-mono text-lg font-bold text-amber-200 tabular-nums" data-testid="vietqr-countdown">
            {formatCountdown(remaining)}
          </span>
        </div>
      ) : (
        <Alert testId="vietqr-ended" title={ended ?? (transaction.status === "expired" ? words.expired : statusText)} lines={words.qrUnusable} />
      )}

      {pending && (
        <div className="mt-4 flex justify-center">
          {qrUrl ? (
            <img
              src={qrUrl}
              alt={words.qrAlt(formattedAmount)}
              width={240}
              height={240}
              onError={onQrError}
              className="h-60 w-60 rounded-xl bg-white p-2"
              data-testid="vietqr-image"
            />
          ) : (
            <p className="rounded-xl border border-white/10 px-4 py-6 text-center text-sm text-zinc-300">
              {words.qrFailed}
            </p>
          )}
        </div>
      )}

      <dl className="mt-4 divide-y divide-white/5 rounded-xl bg-black/20 px-4">
        <DetailRow label={words.bank} value={bankLabel(bank?.bank_code)} copyValue={bank?.bank_code ?? ""} copyLabel={words.bankName} />
        <DetailRow label={words.accountNumber} value={bank?.account_number} copyValue={bank?.account_number ?? ""} copyLabel={words.accountNumberName} testId="vietqr-account-number" />
        <DetailRow label={words.accountHolder} value={bank?.account_name} copyValue={bank?.account_name ?? ""} copyLabel={words.accountHolderName} />
        <DetailRow label={words.amount} value={<span className="text-emerald-300">{formattedAmount}</span>} copyValue={String(transaction.amount)} copyLabel={words.amountName} testId="vietqr-amount" />
        <DetailRow label={words.transferContent} value={transaction.description} copyValue={transaction.description} copyLabel={words.transferContentName} testId="vietqr-content" strong />
      </dl>
      {pending && <DepositBonusLine preview={bonus} />}

      {pending && (
        <p className="mt-3 text-sm text-zinc-400">
          {words.exactBefore}
          <span className="font-semibold text-zinc-200">{words.exactWord}</span>
          {words.exactAfter}
        </p>
      )}

      <p className="mt-3 text-sm text-zinc-400" aria-live="polite">
        {words.statusCaption}
        <span className="font-semibold text-zinc-100" data-testid="vietqr-status">
          {statusText}
        </span>
      </p>

      {pending ? (
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          <button type="button" onClick={onCheck} aria-disabled={checking || undefined} aria-busy={checking} className={TOPUP_PRIMARY}>
            {checking && <Spinner />}
            {words.check}
          </button>
          <button type="button" onClick={onCancel} aria-disabled={cancelling || undefined} aria-busy={cancelling} className={TOPUP_DANGER}>
            {cancelling && <Spinner />}
            {words.cancelTopup}
          </button>
          {/* The pending one stays valid (and listed in the wallet) while another is made. */}
          <button type="button" onClick={onStartOver} className={TOPUP_SECONDARY}>
            {words.anotherTopup}
          </button>
        </div>
      ) : (
        <TopupAgainOrClose again={words.newTopup} onAgain={onStartOver} onClose={onClose} />
      )}
    </div>
  );
}
