// The card dialog's first step: carrier, value, serial and code, checked here by the product's
// rule (docs/product.md §5 "Card") and sent to the profile's clientAction through a fetcher; the
// estimate and the bonus it would earn are shown before sending, a refusal under the fields at fault.
import { useFetcher } from "@remix-run/react";
import { type ChangeEvent, type FormEvent, type ReactNode, type RefObject, useId, useState } from "react";
import type { FieldErrors } from "~/platform/api";
import { type CardField, type CardForm as CardFormValues, digitsOnly } from "@workers/shared/money/topup";
import type { DepositBonusPreview } from "@workers/money/deposit-bonus";
import { useFormat } from "~/i18n/format";
import { topupWords } from "~/i18n/vi/wallet/topup";
import { useWords } from "~/i18n/words";
import { toast } from "~/ui/toast";
import { Field, fieldDescriptionIds } from "~/ui/Field";
import { ValidationSummary } from "~/ui/forms/ValidationSummary";
import { inputClass } from "~/ui/input-class";
import { Alert } from "~/ui/Alert";
import { Spinner } from "~/ui/Spinner";
import { useFetcherAnswer } from "~/ui/forms/fetcher-answer";
import type { CardConfig, CardPayment } from "~/money/topup/topup";
import { type CardSend, type CardSent, cardLabels, EMPTY, type Errors, formErrors, serverFieldErrors } from "./card-actions";
import type { CardConfigLoad } from "./topup-config";
import { DepositBonusLine, PromotionCodeField, TOPUP_PRIMARY } from "./TopupParts";

/** The form's state: what is typed, what is wrong with it, and the card on its way. */
export function useCardForm({ config, words, onSent }: { config: CardConfig | null; words: typeof topupWords.vi; onSent: (card: CardPayment) => void }) {
  const [form, setForm] = useState<CardFormValues>(EMPTY);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [refused, setRefused] = useState<FieldErrors | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const sender = useFetcher<CardSent>();
  const sending = sender.state !== "idle";

  function change(event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) {
    const field = event.target.name as CardField;
    // Serial and code are digits only: anything else typed or pasted is dropped (docs/product.md §5).
    const text = field === "card_serial" || field === "card_code" ? digitsOnly(event.target.value).slice(0, 20) : event.target.value;
    const next = { ...form, [field]: text };
    setForm(next);
    if (submitted) setErrors(formErrors(next, words));
  }

  function changeCode(next: string) {
    setCode(next);
    setCodeError(null);
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
      onSent(answer.card);
      return;
    }
    // Said in the form, where the buyer is looking: under the fields at fault, or above the button.
    setErrors(serverFieldErrors(answer.errors));
    setCodeError(answer.errors?.promotion_code?.[0] ?? null);
    setRefused(answer.errors);
    setRefusal(answer.message);
  });

  /** For another card: the carrier and value often stay the same; a card's numbers never do. */
  function reset() {
    setSubmitted(false);
    setErrors({});
    setRefused(null);
    setRefusal(null);
    setForm((previous) => ({ ...previous, card_serial: "", card_code: "" }));
  }

  return { form, code, codeError, errors, refused, refusal, sending, change, changeCode, submit, reset };
}

export type CardFormState = ReturnType<typeof useCardForm>;

export function CardForm({
  state,
  configLoad,
  onRetryConfig,
  estimate,
  bonus,
  serialRef,
}: {
  state: CardFormState;
  configLoad: CardConfigLoad;
  onRetryConfig: () => void;
  /** What the card would credit, once carrier and value are chosen. */
  estimate: number | null;
  bonus: DepositBonusPreview | null;
  serialRef: RefObject<HTMLInputElement>;
}) {
  const ids = { telco: useId(), card_value: useId(), card_serial: useId(), card_code: useId() };
  const words = useWords(topupWords);
  const format = useFormat();
  const labels = cardLabels(words);
  const configState = configLoad.status;
  const config = configLoad.status === "ready" ? configLoad.config : null;
  const disabled = config?.enabled === false;
  const { form, errors, change, sending } = state;
  return (
    <form className="mt-5 space-y-4" onSubmit={state.submit} noValidate>
      {configState === "loading" && (
        <p role="status" className="flex items-center gap-2 text-sm text-zinc-400">
          <Spinner /> {words.loadingConfig}
        </p>
      )}
      {configState === "failed" && (
        <Alert lines={words.configFailed}>
          <button type="button" onClick={onRetryConfig} className="mt-1 font-semibold underline underline-offset-2">
            {words.retry}
          </button>
        </Alert>
      )}
      {disabled && <Alert lines={words.cardUnavailable} />}

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

      <DigitsField inputRef={serialRef} id={ids.card_serial} name="card_serial" label={labels.card_serial} value={form.card_serial} onChange={change} error={errors.card_serial} disabled={disabled} />
      <DigitsField id={ids.card_code} name="card_code" label={labels.card_code} value={form.card_code} onChange={change} error={errors.card_code} disabled={disabled} />

      <div className="flex items-center justify-between gap-3 rounded-xl bg-emerald-500/10 px-4 py-3 ring-1 ring-emerald-500/20" aria-live="polite">
        <span className="text-sm text-emerald-100">{words.estimate}</span>
        <span className="font-bold text-emerald-300" data-testid="card-estimate">
          {estimate === null ? "—" : format.vnd(estimate)}
        </span>
      </div>

      <PromotionCodeField value={state.code} onChange={state.changeCode} preview={bonus} errors={state.codeError} />
      <DepositBonusLine preview={bonus} />

      <ValidationSummary errors={state.refused} labels={{ ...labels, promotion_code: words.promotionCode }} shownBelow={["telco", "card_serial", "card_code", "card_value", "promotion_code"]} />
      <Alert lines={state.refusal} />
      {/* Busy rather than disabled while sending: a disabled button drops the keyboard focus. */}
      <button type="submit" className={TOPUP_PRIMARY} disabled={disabled || configState !== "ready"} aria-disabled={sending || undefined} aria-busy={sending}>
        {sending && <Spinner />}
        {sending ? words.sending : words.send}
      </button>
      <p className="text-xs text-zinc-500">{words.valueWarning}</p>
    </form>
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

