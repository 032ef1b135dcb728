// Top-up by prepaid phone card (docs/product.md §4 "Card payment status", §5 "Card", §8, §9): carrier, value,
// serial and code go to the server, which asks the card gateway; this dialog then polls the card
// every 5 s (for up to 10 minutes) until the gateway has answered. A card of another value than
// declared is a partial success (what it was worth and what was credited), and the bonus the
// credit would earn is shown before sending (issue #27 items 3, 4). The card goes to the profile's
// clientAction through useFetcher (sendCard below, docs/decisions/0026): the fetcher's state is the
// dialog's busy state, and the answer, a refusal's message included, comes back as its data.
import { useFetcher } from "@remix-run/react";
import { type ChangeEvent, type FormEvent, type ReactNode, type RefObject, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { ApiError, apiCall, type FieldErrors } from "~/platform/api";
import { FALLBACK_ERROR } from "@workers/shared/error-messages";
import { type Format, formatIn, useFormat } from "~/i18n/format";
import { requestLocale, useLocale } from "~/i18n/locale";
import { topupWords } from "~/i18n/vi/wallet/topup";
import { useWords, wordsIn } from "~/i18n/words";
import { toast } from "~/ui/toast";
import { type CardPayment, isCardFinal, TOPUP_TIMINGS } from "~/money/topup/topup";
import { type CardField, type CardForm, cardEstimate, cardFormErrors, digitsOnly } from "@workers/shared/money/topup";
import { Dialog } from "~/ui/Dialog";
import { Field, fieldDescriptionIds, FormAlert, inputClass, ValidationSummary } from "~/ui/Field";
import { Spinner } from "~/ui/Spinner";
import { useFetcherAnswer } from "~/ui/forms/fetcher-answer";
import { onWalletChange } from "~/money/wallet/live-wallet";
import { isSessionOver, sessionEnded } from "~/accounts/session/session-route";
import type { CardConfigLoad } from "./topup-config";
import { creditedText, DepositBonusLine, keepFocusInDialog, PromotionCodeField, useDepositBonus, useStillOpen, TOPUP_PRIMARY, TOPUP_SECONDARY, TopupDialogTitle } from "./TopupParts";

type Errors = Partial<Record<CardField, string>>;
type Words = typeof topupWords.vi;

const EMPTY: CardForm = { telco: "", card_serial: "", card_code: "", card_value: "" };
const CARD_FIELDS: CardField[] = ["telco", "card_serial", "card_code", "card_value"];

/** Each field's name in the page's words. */
function cardLabels(words: Words): Record<CardField, string> {
  return { telco: words.telco, card_value: words.cardValue, card_serial: words.serial, card_code: words.code };
}

/**
 * docs/product.md §5 "Card" (workers/shared/money/topup.ts cardFormErrors, whose Vietnamese these
 * are: one message a field), in the page's words.
 */
function formErrors(form: CardForm, words: Words): Errors {
  const said: Record<CardField, string> = { telco: words.telcoMissing, card_serial: words.serialShort, card_code: words.codeShort, card_value: words.valueMissing };
  return Object.fromEntries(Object.keys(cardFormErrors(form)).map((field) => [field, said[field as CardField]]));
}

/** One card as the server has it now (the poll and a live notice both read it so). */
async function readCard(transactionId: string): Promise<CardPayment> {
  return (await apiCall((api) => api.api.cards.detail[":id"].$get({ param: { id: encodeURIComponent(transactionId) } }), { auth: true })).data;
}

/** What the card credited, with the bonus paid with it: "80.000 ₫" or "160.000 ₫ + 16.000 ₫ khuyến mãi". */
function creditedAmount(card: CardPayment, words: Words, format: Format): string {
  const bonus = card.bonus_amount ? format.vnd(card.bonus_amount) : null;
  return creditedText(words, format.vnd(card.amount_received ?? 0), bonus);
}

function cardSuccessMessage(card: CardPayment, words: Words, format: Format): string {
  return words.cardSuccess(creditedAmount(card, words, format));
}

/**
 * A card worth less than declared still credits what it was worth: say both values, the amount,
 * and how the amount came about (the fee, and what the gateway kept).
 */
function wrongValueMessage(card: CardPayment, words: Words, format: Format): string {
  const real = card.real_value === null ? words.unknownValue : format.vnd(card.real_value);
  const said = words.wrongValue(format.vnd(card.card_value), real, creditedAmount(card, words, format));
  if (card.real_value === null) return said;
  return `${said} ${words.howCounted(card.real_value, card.fee_percent, cardEstimate(card.real_value, card.fee_percent), card.amount_received ?? 0)}`;
}

/** The server's field errors (400, 409) as this form's, first message each. */
function serverFieldErrors(errors: Record<string, string[]> | null): Errors {
  const found: Errors = {};
  for (const field of CARD_FIELDS) {
    const message = errors?.[field]?.[0];
    if (message) found[field] = message;
  }
  return found;
}

export type CardSend = { intent: "card"; card: { telco: string; card_serial: string; card_code: string; card_value: number }; promotion_code?: string };
type CardSent = { intent: "card"; ok: true; card: CardPayment } | { intent: "card"; ok: false; message: string | null; errors: FieldErrors | null };

/** What a refused card says: the fields at fault, else (a rate limit, the service off) one message for the form. */
function cardRefusal(error: unknown, words: Words): { message: string | null; errors: FieldErrors | null } {
  if (!(error instanceof ApiError) || error.status === 0) return { message: words.cardFailed, errors: null };
  if (error.status === 503) return { message: words.cardUnavailable, errors: null };
  if (Object.keys(serverFieldErrors(error.errors)).length) return { message: null, errors: error.errors };
  return { message: error.status < 500 && error.message && error.message !== FALLBACK_ERROR ? error.message : words.cardFailed, errors: error.errors };
}

/**
 * The profile's clientAction for intent "card": one POST /api/cards/create/. A 401 the refresh
 * cannot cure ends the session in the wallet's words, /login after 2 s (docs/product.md §8).
 */
export async function sendCard(request: Request, { card, promotion_code }: CardSend): Promise<CardSent> {
  const words = wordsIn(requestLocale(request), topupWords);
  try {
    const { data } = await apiCall((api) => api.api.cards.create.$post({ json: promotion_code ? { ...card, promotion_code } : card }), { auth: true });
    return { intent: "card", ok: true, card: data };
  } catch (error) {
    if (isSessionOver(error)) return sessionEnded(request, { message: words.sessionExpired, delayMs: TOPUP_TIMINGS.sessionRedirectMs });
    return { intent: "card", ok: false, ...cardRefusal(error, words) };
  }
}

export function CardTopupModal({
  configLoad,
  onRetryConfig,
  onClose,
  onSettled,
  onSessionExpired,
}: {
  /** The card settings as read so far; "Thử lại" reads them again after a failure. */
  configLoad: CardConfigLoad;
  onRetryConfig: () => void;
  onClose: () => void;
  /** A card got a final answer (its value may have been credited): the page reads the balance and the ledger again. */
  onSettled: () => void;
  onSessionExpired: () => void;
}) {
  const titleId = useId();
  const ids = { telco: useId(), card_value: useId(), card_serial: useId(), card_code: useId() };
  const locale = useLocale();
  const words = wordsIn(locale, topupWords);
  // One formatter per language, so the callbacks below keep their identity.
  const format = useMemo(() => formatIn(locale), [locale]);
  const labels = cardLabels(words);
  const configState = configLoad.status;
  const config = configLoad.status === "ready" ? configLoad.config : null;
  const [form, setForm] = useState<CardForm>(EMPTY);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [refused, setRefused] = useState<Record<string, string[]> | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const sender = useFetcher<CardSent>();
  const sending = sender.state !== "idle";
  const [card, setCard] = useState<CardPayment | null>(null);
  const [gaveUp, setGaveUp] = useState(false);
  const alive = useStillOpen();
  const current = useRef<string | null>(null);
  const serialInput = useRef<HTMLInputElement>(null);
  const progress = useRef<HTMLDivElement>(null);
  // The parent's callbacks change with its URL; the 10-minute poll must not restart because of that.
  const parent = useRef({ onClose, onSettled, onSessionExpired });
  parent.current = { onClose, onSettled, onSessionExpired };

  /** A final answer: success closes with the amount; anything else says why (docs/product.md §4). */
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
      } else if (next.status === "wrong_amount") {
        toast.warning(wrongValueMessage(next, words, format));
      } else {
        toast.error(words.failed(words.cardStatus(next.status, next.status_display)));
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

  /** Closing while the card is checked says where it can be followed (money on its way is never lost from view). */
  function close() {
    if (card && !isCardFinal(card.status)) toast.info(words.cardFollow);
    onClose();
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves when the dialog changes step, not on every status poll.
  useEffect(() => keepFocusInDialog(card ? progress.current : serialInput.current), [card?.transaction_id, card?.status, gaveUp]);

  const telco = config?.supported_telcos.find((item) => item.value === form.telco) ?? null;
  const value = Number(form.card_value) || 0;
  const estimate = telco && value ? cardEstimate(value, telco.fee) : null;
  const disabled = config?.enabled === false;
  // The bonus is counted on what the card would credit, as the wallet counts it.
  const bonus = useDepositBonus(card ? null : estimate, code);

  function change(event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) {
    const field = event.target.name as CardField;
    // Serial and code are digits only: anything else typed or pasted is dropped (docs/product.md §5).
    const text = field === "card_serial" || field === "card_code" ? digitsOnly(event.target.value).slice(0, 20) : event.target.value;
    const next = { ...form, [field]: text };
    setForm(next);
    if (submitted) setErrors(formErrors(next, words));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setRefusal(null);
    if (!config) {
      toast.error(words.configMissing);
      return;
    }
    if (!config.enabled) {
      toast.error(words.cardUnavailable);
      return;
    }
    setSubmitted(true);
    const problems = formErrors(form, words);
    setErrors(problems);
    setRefused(null);
    setCodeError(null);
    if (Object.keys(problems).length) return;
    const promotionCode = code.trim();
    const card = { telco: form.telco, card_serial: form.card_serial, card_code: form.card_code, card_value: Number(form.card_value) };
    const request: CardSend = promotionCode ? { intent: "card", card, promotion_code: promotionCode } : { intent: "card", card };
    sender.submit(request, { method: "post", encType: "application/json", flushSync: true });
  }

  useFetcherAnswer(sender, (answer) => {
    if (answer.ok) {
      current.current = answer.card.transaction_id;
      setGaveUp(false);
      settle(answer.card);
      return;
    }
    // Said in the form, where the buyer is looking: under the fields at fault, or above the button.
    setErrors(serverFieldErrors(answer.errors));
    setCodeError(answer.errors?.promotion_code?.[0] ?? null);
    setRefused(answer.errors);
    setRefusal(answer.message);
  });

  function sendAnother() {
    current.current = null;
    setCard(null);
    setGaveUp(false);
    setSubmitted(false);
    setErrors({});
    setRefused(null);
    setRefusal(null);
    // The carrier and value often stay the same; a card's numbers never do.
    setForm((previous) => ({ ...previous, card_serial: "", card_code: "" }));
  }

  const subtitle = telco ? words.telcoFee(telco.label, telco.fee) : "Viettel, Vinaphone, Mobifone";

  return (
    <Dialog open onClose={close} labelledBy={titleId} busy={sending} testId="card-modal">
      <TopupDialogTitle id={titleId} title={words.cardTitle} subtitle={subtitle} onClose={close} busy={sending} />

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
        <form className="mt-5 space-y-4" onSubmit={submit} noValidate>
          {configState === "loading" && (
            <p role="status" className="flex items-center gap-2 text-sm text-zinc-400">
              <Spinner /> {words.loadingConfig}
            </p>
          )}
          {configState === "failed" && (
            <div role="alert" className="flex items-center justify-between gap-3 rounded-xl border border-red-500/30 bg-red-950/40 px-4 py-3 text-sm text-red-200">
              <span>{words.configFailed}</span>
              <button type="button" onClick={onRetryConfig} className="shrink-0 font-semibold underline underline-offset-2">
                {words.retry}
              </button>
            </div>
          )}
          {disabled && <FormAlert messages={words.cardUnavailable} />}

          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField id={ids.telco} name="telco" label={labels.telco} value={form.telco} onChange={change} error={errors.telco} disabled={!config || disabled}>
              <option value="">{words.chooseTelco}</option>
              {config?.supported_telcos.map((item) => (
                <option key={item.value} value={item.value}>
                  {words.telcoOption(item.label, item.fee)}
                </option>
              ))}
            </SelectField>
            <SelectField id={ids.card_value} name="card_value" label={labels.card_value} value={form.card_value} onChange={change} error={errors.card_value} disabled={!config || disabled}>
              <option value="">{words.chooseValue}</option>
              {config?.supported_values.map((item) => (
                <option key={item.value} value={String(item.value)}>
                  {format.vnd(item.value)}
                </option>
              ))}
            </SelectField>
          </div>

          <DigitsField inputRef={serialInput} id={ids.card_serial} name="card_serial" label={labels.card_serial} value={form.card_serial} onChange={change} error={errors.card_serial} disabled={disabled} />
          <DigitsField id={ids.card_code} name="card_code" label={labels.card_code} value={form.card_code} onChange={change} error={errors.card_code} disabled={disabled} />

          <div className="flex items-center justify-between gap-3 rounded-xl bg-emerald-500/10 px-4 py-3 ring-1 ring-emerald-500/20" aria-live="polite">
            <span className="text-sm text-emerald-100">{words.estimate}</span>
            <span className="font-bold text-emerald-300" data-testid="card-estimate">
              {estimate === null ? "—" : format.vnd(estimate)}
            </span>
          </div>

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

          <ValidationSummary errors={refused} labels={{ ...labels, promotion_code: words.promotionCode }} />
          <FormAlert messages={refusal} />
          {/* Busy rather than disabled while sending: a disabled button drops the keyboard focus. */}
          <button type="submit" className={TOPUP_PRIMARY} disabled={disabled || configState !== "ready"} aria-disabled={sending || undefined} aria-busy={sending}>
            {sending && <Spinner />}
            {sending ? words.sending : words.send}
          </button>
          <p className="text-xs text-zinc-500">{words.valueWarning}</p>
        </form>
      )}
    </Dialog>
  );
}

type CardControlProps<Element> = {
  id: string;
  name: CardField;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<Element>) => void;
  error?: string;
  disabled?: boolean;
};

/** What the card form's select and inputs share: their wiring, state and error description. */
function controlAttributes<Element>({ id, name, value, onChange, disabled, error }: CardControlProps<Element>) {
  return { id, name, value, onChange, disabled, "aria-required": true, "aria-invalid": error ? true : undefined, "aria-describedby": fieldDescriptionIds(id, { errors: error }) };
}

function SelectField({ children, ...control }: CardControlProps<HTMLSelectElement> & { children: ReactNode }) {
  return (
    <Field id={control.id} label={control.label} required errors={control.error}>
      <select {...controlAttributes(control)} className={`${inputClass(Boolean(control.error))} appearance-auto`}>
        {children}
      </select>
    </Field>
  );
}

function DigitsField({ inputRef, ...control }: CardControlProps<HTMLInputElement> & { inputRef?: RefObject<HTMLInputElement> }) {
  const words = useWords(topupWords);
  return (
    <Field id={control.id} label={control.label} required errors={control.error}>
      <input
        ref={inputRef}
        {...controlAttributes(control)}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        placeholder={words.digitsOnly}
        className={`${inputClass(Boolean(control.error))} font-mono tracking-wider`}
      />
    </Field>
  );
}

function CardProgress({
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
        {card.card_serial && <SummaryRow label={words.serial}>{card.card_serial}</SummaryRow>}
        <SummaryRow label={words.status}>
          <span data-testid="card-status">{status}</span>
        </SummaryRow>
        {card.formatted_amount_received && <SummaryRow label={words.received}>{format.vnd(card.amount_received ?? 0)}</SummaryRow>}
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
        <div role="alert" className="mt-4 rounded-xl border border-amber-500/30 bg-amber-950/40 px-4 py-3 text-sm text-amber-100" data-testid="card-result" data-tone="warning">
          <p className="font-semibold">{wrongValueMessage(card, words, format)}</p>
        </div>
      ) : (
        <div role="alert" className="mt-4 rounded-xl border border-red-500/30 bg-red-950/40 px-4 py-3 text-sm text-red-100" data-testid="card-result" data-tone="error">
          <p className="font-semibold">{words.failed(status)}</p>
          {card.message && card.message !== card.status_display && <p className="mt-1 text-red-100/80">{card.message}</p>}
        </div>
      )}

      {(!pending || gaveUp) && (
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          <button type="button" onClick={onSendAnother} className={TOPUP_PRIMARY}>
            {words.sendAnother}
          </button>
          <button type="button" onClick={onClose} className={TOPUP_SECONDARY}>
            {words.close}
          </button>
        </div>
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
