// Top-up by prepaid phone card (docs/product.md §4 "Card payment status", §5 "Card", §8, §9): carrier, value,
// serial and code go to the server, which asks the card gateway; this dialog then polls the card
// every 5 s (for up to 10 minutes) until the gateway has answered. A card of another value than
// declared is a partial success (what it was worth and what was credited), and the bonus the
// credit would earn is shown before sending (issue #27 items 3, 4). The card goes to the profile's
// clientAction through useFetcher (sendCard in ./card-actions.ts, docs/decisions/0026): the fetcher's state is the
// dialog's busy state, and the answer, a refusal's message included, comes back as its data. The
// form is ./CardForm.tsx, the progress ./CardProgress.tsx, the card's following ./use-card-payment.ts.
import { useEffect, useId, useMemo, useRef } from "react";
import { formatIn } from "~/i18n/format";
import { useLocale } from "~/i18n/locale";
import { topupWords } from "~/i18n/vi/wallet/topup";
import { wordsIn } from "~/i18n/words";
import { toast } from "~/ui/toast";
import { type CardPayment, isCardFinal } from "~/money/topup/topup";
import { cardEstimate } from "@workers/shared/money/topup";
import { Dialog } from "~/ui/Dialog";
import type { CardConfigLoad } from "./topup-config";
import { CardForm, useCardForm } from "./CardForm";
import { CardProgress } from "./CardProgress";
import { keepFocusInDialog, TopupDialogTitle, useDepositBonus } from "./TopupParts";
import { useCardPayment } from "./use-card-payment";

// The profile's clientAction runs this from this file, loaded with the dialog.
export { type CardSend, sendCard } from "./card-actions";

export function CardTopupModal({
  configLoad,
  resume,
  onRetryConfig,
  onClose,
  onSettled,
  onSessionExpired,
}: {
  /** The card settings as read so far; "Thử lại" reads them again after a failure. */
  configLoad: CardConfigLoad;
  /** A card of this buyer's still being checked: the dialog opens on it (undefined while it is read). */
  resume?: CardPayment | null;
  onRetryConfig: () => void;
  onClose: () => void;
  /** A card got a final answer (its value may have been credited): the page reads the balance and the ledger again. */
  onSettled: () => void;
  onSessionExpired: () => void;
}) {
  const titleId = useId();
  const locale = useLocale();
  const words = wordsIn(locale, topupWords);
  // One formatter per language, so the callbacks below keep their identity.
  const format = useMemo(() => formatIn(locale), [locale]);
  const config = configLoad.status === "ready" ? configLoad.config : null;
  const serialInput = useRef<HTMLInputElement>(null);
  const progress = useRef<HTMLDivElement>(null);
  const { card, gaveUp, follow, leave } = useCardPayment({ callbacks: { onClose, onSettled, onSessionExpired }, words, format });
  const state = useCardForm({ config, words, onSent: follow });
  // A card sent earlier and still being checked is followed again, as VietQR resumes its top-up.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per card resumed, not on every render.
  useEffect(() => {
    if (resume && !isCardFinal(resume.status)) follow(resume);
  }, [resume?.transaction_id]);

  /** Closing while the card is checked says where it can be followed (money on its way is never lost from view). */
  function close() {
    if (card && !isCardFinal(card.status)) toast.info(words.cardFollow);
    onClose();
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves when the dialog changes step, not on every status poll.
  useEffect(() => keepFocusInDialog(card ? progress.current : serialInput.current), [card?.transaction_id, card?.status, gaveUp]);

  const telco = config?.supported_telcos.find((item) => item.value === state.form.telco) ?? null;
  const value = Number(state.form.card_value) || 0;
  const estimate = telco && value ? cardEstimate(value, telco.fee) : null;
  // The bonus is counted on what the card would credit, as the wallet counts it.
  const bonus = useDepositBonus(card ? null : estimate, state.code);

  function sendAnother() {
    leave();
    state.reset();
  }

  const subtitle = telco ? words.telcoFee(telco.label, telco.fee) : "Viettel, Vinaphone, Mobifone";

  return (
    <Dialog open onClose={close} labelledBy={titleId} busy={state.sending} testId="card-modal">
      <TopupDialogTitle id={titleId} title={words.cardTitle} subtitle={subtitle} onClose={close} busy={state.sending} />

      {card ? (
        <CardProgress
          containerRef={progress}
          card={card}
          telcoLabel={config?.supported_telcos.find((item) => item.value === card.telco)?.label ?? card.telco}
          gaveUp={gaveUp}
          onSendAnother={sendAnother}
          onClose={close}
        />
      ) : (
        <CardForm state={state} configLoad={configLoad} onRetryConfig={onRetryConfig} estimate={estimate} bonus={bonus} serialRef={serialInput} />
      )}
    </Dialog>
  );
}
