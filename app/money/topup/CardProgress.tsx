// The card dialog's second step: the card sent and its status while the gateway checks it (every
// 5 s, for up to 10 minutes), then what it credited or why it was refused, with "send another".
import type { ReactNode, RefObject } from "react";
import { useFormat } from "~/i18n/format";
import { topupWords } from "~/i18n/vi/wallet/topup";
import { useWords } from "~/i18n/words";
import { Spinner } from "~/ui/Spinner";
import { cardEstimate } from "@workers/shared/money/topup";
import { type CardPayment, isCardFinal } from "~/money/topup/topup";
import { wrongValueMessage } from "./card-actions";
import { TopupAgainOrClose } from "./TopupParts";
import { Alert } from "~/ui/Alert";

export function CardProgress({
  containerRef,
  card,
  telcoLabel,
  gaveUp,
  onSendAnother,
  onClose,
}: {
  containerRef: RefObject<HTMLDivElement>;
  card: CardPayment;
  telcoLabel: string;
  gaveUp: boolean;
  onSendAnother: () => void;
  onClose: () => void;
}) {
  const words = useWords(topupWords);
  const format = useFormat();
  const pending = !isCardFinal(card.status);
  const status = words.cardStatus(card.status, card.status_display);
  return (
    <div ref={containerRef} tabIndex={-1} className="mt-5 outline-none">
      <dl className="divide-y divide-white/5 rounded-xl bg-black/20 px-4">
        <SummaryRow label={words.telco}>{telcoLabel}</SummaryRow>
        <SummaryRow label={words.cardValue}>{format.vnd(card.card_value)}</SummaryRow>
        {pending && (
          <SummaryRow label={words.estimate}>
            <span data-testid="card-fee">{`≈ ${format.vnd(cardEstimate(card.card_value, card.fee_percent))} (${words.telcoFee(telcoLabel, card.fee_percent)})`}</span>
          </SummaryRow>
        )}
        {card.card_serial && <SummaryRow label={words.serial}>{card.card_serial}</SummaryRow>}
        <SummaryRow label={words.status}>
          <span data-testid="card-status">{status}</span>
        </SummaryRow>
        {typeof card.amount_received === "number" && <SummaryRow label={words.received}>{format.vnd(card.amount_received)}</SummaryRow>}
      </dl>

      {pending ? (
        <div role="status" className="mt-4 flex items-start gap-3 rounded-xl bg-sky-500/10 px-4 py-3 text-sm text-sky-100 ring-1 ring-sky-500/20" data-testid="card-pending">
          {!gaveUp && <Spinner className="mt-0.5 h-4 w-4 shrink-0" />}
          <div>
            <p className="font-semibold">{words.cardPending}</p>
            {gaveUp && <p className="mt-1 text-sky-100/80">{words.stillProcessing}</p>}
          </div>
        </div>
      ) : card.status === "wrong_amount" ? (
        // A partial success: money was credited, at the card's real value.
        <Alert tone="warning" testId="card-result" className="mt-4" title={wrongValueMessage(card, words, format)} />
      ) : (
        <Alert testId="card-result" className="mt-4" title={words.failed(status)} lines={card.message !== card.status_display ? card.message : null} />
      )}

      {(!pending || gaveUp) && (
        <TopupAgainOrClose again={words.sendAnother} onAgain={onSendAnother} onClose={onClose} />
      )}
    </div>
  );
}

function SummaryRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5">
      <dt className="shrink-0 text-sm text-zinc-400">{label}</dt>
      <dd className="min-w-0 text-right font-semibold break-all text-white">{children}</dd>
    </div>
  );
}
