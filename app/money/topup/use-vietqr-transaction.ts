// Following one VietQR top-up once it is made (docs/product.md §4 "VietQR transaction status"):
// the countdown ticks every second, the status is polled every 10 s (or on "Kiểm tra", or when
// told live that it was paid), one last look at zero, and cancelling through the profile's
// clientAction (the fetcher's state is the button's busy state).
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, apiCall } from "~/platform/api";
import { FALLBACK_ERROR } from "@workers/shared/error-messages";
import type { Format } from "~/i18n/format";
import type { topupWords } from "~/i18n/vi/wallet/topup";
import { toast } from "~/ui/toast";
import { useFetcherAnswer } from "~/ui/forms/fetcher-answer";
import { onWalletChange } from "~/money/wallet/live-wallet";
import { localDeadline, secondsLeft, TOPUP_TIMINGS, type VietQrTransaction, vietqrOutcome } from "~/money/topup/topup";
import { creditedText, useStillOpen } from "./TopupParts";
import type { Cancelled, VietQrCancel } from "./vietqr-actions";
import type { QrSource } from "./VietQrTransaction";

type Parent = { onClose: () => void; onPaid: () => void; onSessionExpired: () => void };

export function useVietQrTransaction({
  resume,
  callbacks,
  words,
  format,
}: {
  /** A pending top-up to resume; undefined while the pending ones are still being read. */
  resume: VietQrTransaction | null | undefined;
  /** The dialog's parent's: after a paid top-up, to close, and when the session ended. */
  callbacks: Parent;
  words: typeof topupWords.vi;
  format: Format;
}) {
  // The parent's callbacks change with its URL; timers must not restart because of that.
  const parent = useRef(callbacks);
  parent.current = callbacks;
  const canceller = useFetcher<Cancelled>();
  const cancelling = canceller.state !== "idle";
  const [transaction, setTransaction] = useState<VietQrTransaction | null>(null);
  // The pending top-up handed in is shown once; after "Tạo giao dịch khác" the form stays.
  const [resumed, setResumed] = useState<string | null>(null);
  const [deadline, setDeadline] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [qrSource, setQrSource] = useState<QrSource>("ours");
  const [checking, setChecking] = useState(false);
  // Why the transaction ended, said in the open dialog and only there (told once, issue 53 item 4).
  const [ended, setEnded] = useState<string | null>(null);
  // The transaction being followed, for answers that arrive after it was replaced or closed.
  const current = useRef<string | null>(null);
  const inFlight = useRef(false);
  const alive = useStillOpen();

  /** Starts following `next` (just made, or resumed). */
  function follow(next: VietQrTransaction) {
    const received = Date.now();
    current.current = next.transaction_id;
    setQrSource("ours");
    setEnded(null);
    setDeadline(localDeadline(next));
    setNow(received);
    setTransaction(next);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: resumes once per pending top-up handed in.
  useEffect(() => {
    if (resume?.status !== "pending" || resumed === resume.transaction_id || current.current) return;
    setResumed(resume.transaction_id);
    follow(resume);
  }, [resume?.transaction_id]);

  const pending = transaction?.status === "pending";
  const remaining = pending ? secondsLeft(deadline, now) : 0;

  /** What a status answer means for the dialog (docs/product.md §4). */
  const apply = useCallback(
    (next: VietQrTransaction, { expiredLocally = false } = {}) => {
      if (!alive.current || current.current !== next.transaction_id) return;
      const outcome = vietqrOutcome(next.status);
      // An ended transaction is followed no further: a late "pending" poll must not revive it.
      if (outcome !== "pending") current.current = null;
      switch (outcome) {
        case "pending":
          setTransaction(next);
          return;
        case "paid":
          toast.success(
            words.paid(creditedText(words, format.vnd(next.amount), next.bonus_amount ? format.vnd(next.bonus_amount) : null)),
          );
          parent.current.onPaid();
          parent.current.onClose();
          return;
        case "cancelled":
          setEnded(words.cancelledElsewhere);
          setTransaction(next);
          return;
        default:
          setEnded(expiredLocally || next.status === "expired" ? words.expired : words.failed(words.topupStatus(next.status, next.status_display)));
          setTransaction(next);
      }
    },
    [words, format],
  );

  const check = useCallback(
    async (manual: boolean) => {
      const id = current.current;
      if (!id || inFlight.current) return null;
      inFlight.current = true;
      if (manual) setChecking(true);
      try {
        const { data } = await apiCall((api) => api.api.vietqr.status.$post({ json: { transaction_id: id } }), { auth: true });
        return data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) parent.current.onSessionExpired();
        else if (manual) toast.error(error instanceof ApiError ? error.message : FALLBACK_ERROR);
        // A failed poll is retried by the next one.
        return null;
      } finally {
        inFlight.current = false;
        if (alive.current) setChecking(false);
      }
    },
    [],
  );

  const checkAndApply = useCallback(
    async (manual: boolean) => {
      const data = await check(manual);
      if (data) apply(data);
    },
    [apply, check],
  );

  useVietQrWatch({ transaction, pending, remaining, words, setNow, check, apply, checkAndApply });

  function cancel() {
    const id = current.current;
    if (!id || cancelling) return;
    const request: VietQrCancel = { intent: "vietqr-cancel", transaction_id: id };
    canceller.submit(request, { method: "post", encType: "application/json", flushSync: true });
  }

  useFetcherAnswer(canceller, (answer) => {
    if (current.current !== answer.transaction_id) return;
    if (!answer.ok) {
      toast.error(words.cannotCancel);
      // Refused most likely because it is no longer pending (paid in the meantime?): find out.
      void checkAndApply(false);
      return;
    }
    current.current = null;
    setEnded(words.cancelled);
    setTransaction((previous) => answer.transaction ?? (previous ? { ...previous, status: "cancelled", status_display: words.cancelledStatus } : previous));
  });

  /** Back to the form: the transaction is followed no further (a pending one stays valid). */
  function leave() {
    current.current = null;
    setTransaction(null);
    setEnded(null);
  }

  /** The QR image failed: our fallback image, else none. */
  function qrFailed() {
    setQrSource((source) => (source === "ours" && transaction?.qr_fallback_url ? "fallback" : "none"));
  }

  return { transaction, ended, pending, remaining, deadline, qrSource, qrFailed, checking, cancelling, follow, checkAndApply, cancel, leave };
}

/**
 * While a transfer is awaited: its status read when told live that it was paid, the countdown's
 * tick and the poll, and at zero one last look before it is said expired.
 */
function useVietQrWatch({
  transaction,
  pending,
  remaining,
  words,
  setNow,
  check,
  apply,
  checkAndApply,
}: {
  transaction: VietQrTransaction | null;
  pending: boolean;
  remaining: number;
  words: typeof topupWords.vi;
  setNow: (now: number) => void;
  check: (manual: boolean) => Promise<VietQrTransaction | null>;
  apply: (next: VietQrTransaction, options?: { expiredLocally?: boolean }) => void;
  checkAndApply: (manual: boolean) => Promise<void>;
}) {
  // Told live that this top-up was paid: its status is read now, not at the next poll, and its own
  // message is the buyer's (the live one is not shown too).
  const awaitedId = pending ? transaction?.id : undefined;
  useEffect(() => {
    if (awaitedId === undefined) return;
    return onWalletChange((message) => {
      if (message.event !== "topup_paid" || message.topup_id !== awaitedId) return undefined;
      void checkAndApply(false);
      return true;
    });
  }, [awaitedId, checkAndApply]);

  // While the transfer is awaited the countdown ticks every second and the status is polled every 10 s.
  useEffect(() => {
    if (!pending) return;
    const tick = setInterval(() => setNow(Date.now()), TOPUP_TIMINGS.countdownTickMs);
    const poll = setInterval(() => void checkAndApply(false), TOPUP_TIMINGS.vietqrPollMs);
    return () => {
      clearInterval(tick);
      clearInterval(poll);
    };
  }, [pending, checkAndApply, setNow]);

  // At zero: one last look (a transfer may have landed in the final seconds), else it has expired.
  const expiring = pending && remaining === 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per expiry of this transaction.
  useEffect(() => {
    if (!expiring || !transaction) return;
    const ended = { ...transaction, status: "expired" as const, status_display: words.expiredStatus, time_remaining: 0 };
    void (async () => {
      const data = await check(false);
      if (data && (data.status === "paid" || data.status === "cancelled")) apply(data);
      else apply(data && data.status !== "pending" ? data : ended, { expiredLocally: true });
    })();
    // Once per expiry of this transaction.
  }, [expiring]);
}
