// Top-up by bank transfer (docs/product.md §4 "VietQR transaction status", §5 "VietQR amount", §8, §9): pick an
// amount, get our QR and the bank details, transfer with the given content; the bank's webhook
// credits the wallet on the server, and this dialog polls (every 10 s, or "Kiểm tra") to find out.
// A top-up still pending when the dialog opens is resumed (the buyer left for the banking app);
// "Tạo giao dịch khác" starts another, and closing a pending QR says until when it stays valid.
// Creating and cancelling go to the profile's clientAction through useFetcher (createVietQr and
// cancelVietQr below, docs/decisions/0026): the fetcher's state is the dialog's busy state, and
// the answer, a refusal's message included, comes back as its data.
import { useFetcher } from "@remix-run/react";
import { type FormEvent, type ReactNode, type RefObject, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { ApiError, apiCall, type FieldErrors } from "~/platform/api";
import { FALLBACK_ERROR } from "@workers/shared/error-messages";
import { type AmountRules, digitsOnly } from "@workers/shared/money/topup";
import { type Format, formatIn, useFormat } from "~/i18n/format";
import { type Locale, requestLocale, useLocale } from "~/i18n/locale";
import { topupWords } from "~/i18n/vi/wallet/topup";
import { useWords, wordsIn } from "~/i18n/words";
import { toast } from "~/ui/toast";
import { bankLabel, formatCountdown, groupDigits, learnServerClock, localDeadline, parseAmount, QUICK_AMOUNTS, secondsLeft, TOPUP_TIMINGS, VIETQR_DEFAULTS, type VietQrConfig, type VietQrTransaction, vietqrOutcome } from "~/money/topup/topup";
import { CopyButton } from "~/ui/CopyButton";
import { Dialog } from "~/ui/Dialog";
import { Field, FormAlert, inputClass, ValidationSummary } from "~/ui/Field";
import { Spinner } from "~/ui/Spinner";
import { useFetcherAnswer } from "~/ui/forms/fetcher-answer";
import { onWalletChange } from "~/money/wallet/live-wallet";
import { isSessionOver, sessionEnded } from "~/accounts/session/session-route";
import type { DepositBonusPreview } from "@workers/money/deposit-bonus";
import { creditedText, DepositBonusLine, keepFocusInDialog, PromotionCodeField, useDepositBonus, useStillOpen, TOPUP_DANGER, TOPUP_PRIMARY, TOPUP_SECONDARY, TopupDialogTitle } from "./TopupParts";

export type VietQrCreate = { intent: "vietqr-create"; amount: number; promotion_code?: string };
export type VietQrCancel = { intent: "vietqr-cancel"; transaction_id: string };
type Created = { intent: "vietqr-create"; ok: true; transaction: VietQrTransaction } | { intent: "vietqr-create"; ok: false; message: string | null; errors: FieldErrors | null };
type Cancelled = { intent: "vietqr-cancel"; ok: boolean; transaction_id: string; transaction: VietQrTransaction | null };
type Words = typeof topupWords.vi;

/**
 * docs/product.md §5 "VietQR amount", in the product's order, in the page's words (the rule of
 * workers/shared/money/topup.ts vietqrAmountError, whose Vietnamese these are); null when the
 * amount may be sent.
 */
function amountError(amount: number | null, rules: AmountRules, words: Words, format: Format): string | null {
  if (amount === null || !Number.isSafeInteger(amount) || amount <= 0) return words.invalidAmount;
  if (amount < rules.minimum_amount) return words.minimum(format.vnd(rules.minimum_amount));
  if (amount > rules.maximum_amount) return words.maximum(format.vnd(rules.maximum_amount));
  if (rules.step > 0 && amount % rules.step !== 0) return words.step(rules.step);
  return null;
}

/** What a refused creation says: the fields at fault, else one message for the form. */
function createRefusal(error: unknown, words: Words): { message: string | null; errors: FieldErrors | null } {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return { message: words.vietqrFailed, errors: null };
  if (error.errors?.amount?.length || error.errors?.promotion_code?.length) return { message: null, errors: error.errors };
  return { message: error.message && error.message !== FALLBACK_ERROR ? error.message : words.vietqrFailed, errors: null };
}

/**
 * The profile's clientAction for intent "vietqr-create": one POST /api/vietqr/create/. A 401 the
 * refresh cannot cure ends the session in the wallet's words, /login after 2 s (docs/product.md §8).
 */
export async function createVietQr(request: Request, { amount, promotion_code }: VietQrCreate): Promise<Created> {
  const words = wordsIn(requestLocale(request), topupWords);
  try {
    const json = promotion_code ? { amount, promotion_code } : { amount };
    const { data } = await apiCall((api) => api.api.vietqr.create.$post({ json }), { auth: true });
    learnServerClock(data, Date.now());
    return { intent: "vietqr-create", ok: true, transaction: data };
  } catch (error) {
    if (isSessionOver(error)) return sessionEnded(request, { message: words.sessionExpired, delayMs: TOPUP_TIMINGS.sessionRedirectMs });
    return { intent: "vietqr-create", ok: false, ...createRefusal(error, words) };
  }
}

/** The profile's clientAction for intent "vietqr-cancel": the top-up as cancelled, or a refusal. */
export async function cancelVietQr(request: Request, { transaction_id }: VietQrCancel): Promise<Cancelled> {
  try {
    const body = await apiCall((api) => api.api.vietqr.cancel.$post({ json: { transaction_id, reason: "User cancelled" } }), { auth: true });
    return { intent: "vietqr-cancel", ok: true, transaction_id, transaction: body.data ?? null };
  } catch (error) {
    if (isSessionOver(error)) return sessionEnded(request);
    return { intent: "vietqr-cancel", ok: false, transaction_id, transaction: null };
  }
}

/** "22:45": when a pending QR stops being valid, in the buyer's clock. */
function clockTime(deadline: number, locale: Locale): string {
  return new Date(deadline).toLocaleTimeString(locale === "en" ? "en-GB" : "vi-VN", { hour: "2-digit", minute: "2-digit", hour12: false });
}

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
  const amountId = useId();
  const locale = useLocale();
  const words = wordsIn(locale, topupWords);
  // One formatter per language, so the callbacks below keep their identity.
  const format = useMemo(() => formatIn(locale), [locale]);
  const [digits, setDigits] = useState("");
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const [amountProblem, setAmountProblem] = useState<string | null>(null);
  const [refused, setRefused] = useState<Record<string, string[]> | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const creator = useFetcher<Created>();
  const canceller = useFetcher<Cancelled>();
  const creating = creator.state !== "idle";
  const cancelling = canceller.state !== "idle";
  const [transaction, setTransaction] = useState<VietQrTransaction | null>(null);
  // The pending top-up handed in is shown once; after "Tạo giao dịch khác" the form stays.
  const [resumed, setResumed] = useState<string | null>(null);
  const [deadline, setDeadline] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [qrSource, setQrSource] = useState<"ours" | "fallback" | "none">("ours");
  const [checking, setChecking] = useState(false);
  // The transaction being followed, for answers that arrive after it was replaced or closed.
  const current = useRef<string | null>(null);
  const inFlight = useRef(false);
  const alive = useStillOpen();
  const amountInput = useRef<HTMLInputElement>(null);
  const view = useRef<HTMLDivElement>(null);
  // The parent's callbacks change with its URL; timers must not restart because of that.
  const parent = useRef({ onClose, onPaid, onSessionExpired });
  parent.current = { onClose, onPaid, onSessionExpired };

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves when the dialog changes step, not on every status poll.
  useEffect(() => keepFocusInDialog(transaction ? view.current : amountInput.current), [transaction?.transaction_id, transaction?.status]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: resumes once per pending top-up handed in.
  useEffect(() => {
    if (resume?.status !== "pending" || resumed === resume.transaction_id || current.current) return;
    const received = Date.now();
    current.current = resume.transaction_id;
    setResumed(resume.transaction_id);
    setQrSource("ours");
    setDeadline(localDeadline(resume));
    setNow(received);
    setTransaction(resume);
  }, [resume?.transaction_id]);

  const rules = config ?? VIETQR_DEFAULTS;
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
          toast.warning(words.cancelledElsewhere);
          setTransaction(next);
          return;
        default:
          if (expiredLocally) toast.error(words.expired);
          else toast.error(words.failed(words.topupStatus(next.status, next.status_display)));
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
  }, [pending, checkAndApply]);

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

  function changeAmount(text: string) {
    const next = digitsOnly(text).replace(/^0+(?=\d)/, "").slice(0, 12);
    setDigits(next);
    if (submitted) setAmountProblem(amountError(parseAmount(next), rules, words, format));
  }

  function pick(amount: number) {
    setDigits(String(amount));
    setAmountProblem(submitted ? amountError(amount, rules, words, format) : null);
  }

  function create(event?: FormEvent) {
    event?.preventDefault();
    if (creating) return;
    setSubmitted(true);
    const amount = parseAmount(digits);
    const problem = amountError(amount, rules, words, format);
    setAmountProblem(problem);
    setRefused(null);
    setRefusal(null);
    setCodeError(null);
    if (problem || amount === null) return;
    const promotionCode = code.trim();
    const request: VietQrCreate = promotionCode ? { intent: "vietqr-create", amount, promotion_code: promotionCode } : { intent: "vietqr-create", amount };
    creator.submit(request, { method: "post", encType: "application/json", flushSync: true });
  }

  useFetcherAnswer(creator, (answer) => {
    if (answer.ok) {
      const received = Date.now();
      current.current = answer.transaction.transaction_id;
      setQrSource("ours");
      setDeadline(localDeadline(answer.transaction));
      setNow(received);
      setTransaction(answer.transaction);
      return;
    }
    // Said in the form, where the buyer is looking: under the fields at fault, or above the button.
    setAmountProblem(answer.errors?.amount?.[0] ?? null);
    setCodeError(answer.errors?.promotion_code?.[0] ?? null);
    setRefused(answer.errors);
    setRefusal(answer.message);
  });

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
    toast.success(words.cancelled);
    setTransaction((previous) => answer.transaction ?? (previous ? { ...previous, status: "cancelled", status_display: words.cancelledStatus } : previous));
  });

  function startOver() {
    current.current = null;
    setTransaction(null);
    setSubmitted(false);
    setAmountProblem(null);
    setRefusal(null);
  }

  const busy = creating || cancelling;
  const amount = parseAmount(digits);
  // The bonus for the amount being typed, then, on the QR screen, the one this transfer will earn.
  const bonusAmount = transaction ? (pending ? transaction.amount : null) : amount !== null && !amountError(amount, rules, words, format) ? amount : null;
  const bonus = useDepositBonus(bonusAmount, transaction ? (transaction.promotion_code ?? "") : code);

  /** Closing leaves a pending QR valid: say until when, and where to find it again. */
  function close() {
    if (pending && remaining > 0) toast.info(words.stillValid(clockTime(deadline, locale)));
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
        <form className="mt-5 space-y-4" onSubmit={create} noValidate>
          <Field
            id={amountId}
            label={words.amountLabel}
            required
            errors={amountProblem}
            hint={words.amountHint(format.vnd(rules.minimum_amount), format.vnd(rules.maximum_amount), format.number(rules.step))}
          >
            <div className="relative">
              <input
                ref={amountInput}
                id={amountId}
                name="amount"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                placeholder={words.amountPlaceholder}
                value={groupDigits(digits, locale)}
                onChange={(event) => changeAmount(event.target.value)}
                aria-required
                aria-invalid={amountProblem ? true : undefined}
                aria-describedby={`${amountProblem ? `${amountId}-error ` : ""}${amountId}-hint`}
                className={`${inputClass(Boolean(amountProblem))} pr-10 text-lg font-semibold`}
              />
              <span className="pointer-events-none absolute inset-y-0 right-3.5 flex items-center text-zinc-400" aria-hidden="true">
                ₫
              </span>
            </div>
          </Field>

          <fieldset>
            <legend className="mb-2 text-sm text-zinc-400">{words.quickPicks}</legend>
            <div className="grid grid-cols-2 gap-2">
              {QUICK_AMOUNTS.map((quick) => (
                <button
                  key={quick}
                  type="button"
                  onClick={() => pick(quick)}
                  aria-pressed={amount === quick}
                  className={`rounded-xl border px-3 py-2.5 text-sm font-semibold transition ${
                    amount === quick ? "border-indigo-400 bg-indigo-500/20 text-white" : "border-white/10 bg-white/5 text-zinc-200 hover:bg-white/10"
                  }`}
                >
                  {format.vnd(quick)}
                </button>
              ))}
            </div>
          </fieldset>

          <PromotionCodeField
            value={code}
            onChange={(next) => {
              setCode(next);
              setCodeError(null);
            }}
            preview={bonus}
            errors={codeError}
          />
          <DepositBonusLine preview={bonus} />

          <ValidationSummary errors={refused} labels={{ promotion_code: words.promotionCode }} />
          <FormAlert messages={refusal} />
          {/* Busy rather than disabled: a disabled button drops the keyboard focus. */}
          <button type="submit" className={TOPUP_PRIMARY} aria-disabled={creating || undefined} aria-busy={creating}>
            {creating && <Spinner />}
            {creating ? words.creating : words.createQr}
          </button>
        </form>
      ) : (
        <TransactionView
          containerRef={view}
          transaction={transaction}
          remaining={remaining}
          qrSource={qrSource}
          onQrError={() => setQrSource((source) => (source === "ours" && transaction.qr_fallback_url ? "fallback" : "none"))}
          checking={checking}
          cancelling={cancelling}
          onCheck={() => void checkAndApply(true)}
          onCancel={() => void cancel()}
          onStartOver={startOver}
          onClose={close}
          bonus={bonus}
        />
      )}
    </Dialog>
  );
}

function TransactionView({
  containerRef,
  transaction,
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
  /** The bonus this transfer will earn, restated beside the amount. */
  bonus: DepositBonusPreview | null;
  remaining: number;
  qrSource: "ours" | "fallback" | "none";
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
        <div role="status" className="rounded-xl bg-red-500/10 px-4 py-3 text-sm text-red-100 ring-1 ring-red-500/20" data-testid="vietqr-ended">
          <p className="font-semibold">{transaction.status === "expired" ? words.expired : statusText}</p>
          <p className="mt-1 text-red-100/80">{words.qrUnusable}</p>
        </div>
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
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          <button type="button" onClick={onStartOver} className={TOPUP_PRIMARY}>
            {words.newTopup}
          </button>
          <button type="button" onClick={onClose} className={TOPUP_SECONDARY}>
            {words.close}
          </button>
        </div>
      )}
    </div>
  );
}
