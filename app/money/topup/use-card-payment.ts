// Following one card once it is sent (docs/product.md §4 "Card payment status"): polled every 5 s
// while pending, for up to 10 minutes, and read at once when told live that it was settled; a
// final answer says what it credited or why not.
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "~/platform/api";
import type { Format } from "~/i18n/format";
import type { topupWords } from "~/i18n/vi/wallet/topup";
import { toast } from "~/ui/toast";
import { type CardPayment, isCardFinal, TOPUP_TIMINGS } from "~/money/topup/topup";
import { onWalletChange } from "~/money/wallet/live-wallet";
import { cardSuccessMessage, readCard } from "./card-actions";
import { useStillOpen } from "./TopupParts";

type Parent = { onClose: () => void; onSettled: () => void; onSessionExpired: () => void };

export function useCardPayment({ callbacks, words, format }: { callbacks: Parent; words: typeof topupWords.vi; format: Format }) {
  const [card, setCard] = useState<CardPayment | null>(null);
  const [gaveUp, setGaveUp] = useState(false);
  const alive = useStillOpen();
  const current = useRef<string | null>(null);
  // The parent's callbacks change with its URL; the 10-minute poll must not restart because of that.
  const parent = useRef(callbacks);
  parent.current = callbacks;

  /**
   * A final answer: success closes with the amount in a toast; anything else says why in the open
   * dialog, and only there (told once, issue 53 item 4).
   */
  const settle = useCallback(
    (next: CardPayment) => {
      if (!alive.current || current.current !== next.transaction_id) return;
      setCard(next);
      if (!isCardFinal(next.status)) return;
      current.current = null;
      // Even a refused card may have moved money (a wrong declared value is credited lower).
      parent.current.onSettled();
      if (next.status === "success") {
        toast.success(cardSuccessMessage(next, words, format));
        parent.current.onClose();
      }
    },
    [words, format],
  );

  // Poll the card every 5 s while pending, and stop after 10 minutes.
  const pendingId = card && !isCardFinal(card.status) && !gaveUp ? card.transaction_id : null;
  useEffect(() => {
    if (!pendingId) return;
    const started = Date.now();
    let busy = false;
    const timer = setInterval(async () => {
      if (Date.now() - started >= TOPUP_TIMINGS.cardPollLimitMs) {
        clearInterval(timer);
        setGaveUp(true);
        return;
      }
      if (busy) return;
      busy = true;
      try {
        settle(await readCard(pendingId));
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          clearInterval(timer);
          parent.current.onSessionExpired();
        }
        // Otherwise the next poll tries again.
      } finally {
        busy = false;
      }
    }, TOPUP_TIMINGS.cardPollMs);
    return () => clearInterval(timer);
  }, [pendingId, settle]);

  // Told live that this card was settled: it is read now, not at the next poll, and its own
  // message is the buyer's (the live one is not shown too).
  const pendingCard = card && !isCardFinal(card.status) ? card.id : null;
  useEffect(() => {
    if (pendingCard === null || !pendingId) return;
    return onWalletChange((message) => {
      if (message.event !== "card_settled" || message.card_id !== pendingCard) return undefined;
      readCard(pendingId).then(settle, () => undefined);
      return true;
    });
  }, [pendingCard, pendingId, settle]);

  /** The card the server took: followed from now on. */
  function follow(sent: CardPayment) {
    current.current = sent.transaction_id;
    setGaveUp(false);
    settle(sent);
  }

  /** Back to the form: this card is followed no further. */
  function leave() {
    current.current = null;
    setCard(null);
    setGaveUp(false);
  }

  return { card, gaveUp, follow, leave };
}
