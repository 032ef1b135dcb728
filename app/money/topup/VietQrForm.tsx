// The VietQR dialog's first step: the amount (typed or picked), a promotion code, and "Tạo mã QR",
// checked here by the product's rule (docs/product.md §5 "VietQR amount") and sent to the profile's
// clientAction through a fetcher; a refusal is said in the form, under the fields at fault.
import { useFetcher } from "@remix-run/react";
import { type FormEvent, type RefObject, useId, useState } from "react";
import type { FieldErrors } from "~/platform/api";
import { type AmountRules, digitsOnly } from "@workers/shared/money/topup";
import type { DepositBonusPreview } from "@workers/money/deposit-bonus";
import { type Format, useFormat } from "~/i18n/format";
import { useLocale } from "~/i18n/locale";
import { topupWords } from "~/i18n/vi/wallet/topup";
import { useWords } from "~/i18n/words";
import { Field } from "~/ui/Field";
import { ValidationSummary } from "~/ui/forms/ValidationSummary";
import { inputClass } from "~/ui/input-class";
import { Alert } from "~/ui/Alert";
import { Spinner } from "~/ui/Spinner";
import { useFetcherAnswer } from "~/ui/forms/fetcher-answer";
import { groupDigits, parseAmount, QUICK_AMOUNTS, type VietQrTransaction } from "~/money/topup/topup";
import { DepositBonusLine, PromotionCodeField, TOPUP_PRIMARY } from "./TopupParts";
import { amountError, type Created, type VietQrCreate } from "./vietqr-actions";

/** The form's state: what is typed, what is wrong with it, and the creation on its way. */
export function useVietQrForm({ rules, words, format, onCreated }: { rules: AmountRules; words: typeof topupWords.vi; format: Format; onCreated: (transaction: VietQrTransaction) => void }) {
  const [digits, setDigits] = useState("");
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const [amountProblem, setAmountProblem] = useState<string | null>(null);
  const [refused, setRefused] = useState<FieldErrors | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const creator = useFetcher<Created>();
  const creating = creator.state !== "idle";

  function changeAmount(text: string) {
    const next = digitsOnly(text).replace(/^0+(?=\d)/, "").slice(0, 12);
    setDigits(next);
    if (submitted) setAmountProblem(amountError(parseAmount(next), rules, words, format));
  }

  function pick(amount: number) {
    setDigits(String(amount));
    setAmountProblem(submitted ? amountError(amount, rules, words, format) : null);
  }

  function changeCode(next: string) {
    setCode(next);
    setCodeError(null);
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
      onCreated(answer.transaction);
      return;
    }
    // Said in the form, where the buyer is looking: under the fields at fault, or above the button.
    setAmountProblem(answer.errors?.amount?.[0] ?? null);
    setCodeError(answer.errors?.promotion_code?.[0] ?? null);
    setRefused(answer.errors);
    setRefusal(answer.message);
  });

  /** Back from a transaction: the form as new, the amount and code kept. */
  function reset() {
    setSubmitted(false);
    setAmountProblem(null);
    setRefusal(null);
  }

  const amount = parseAmount(digits);
  /** The amount typed when it may be sent (the bonus is previewed for it), else null. */
  const validAmount = amount !== null && !amountError(amount, rules, words, format) ? amount : null;
  return { digits, amount, validAmount, code, codeError, amountProblem, refused, refusal, creating, changeAmount, pick, changeCode, create, reset };
}

export type VietQrFormState = ReturnType<typeof useVietQrForm>;

export function VietQrForm({ form, rules, bonus, inputRef }: { form: VietQrFormState; rules: AmountRules; bonus: DepositBonusPreview | null; inputRef: RefObject<HTMLInputElement> }) {
  const amountId = useId();
  const locale = useLocale();
  const words = useWords(topupWords);
  const format = useFormat();
  const { amount, amountProblem, creating } = form;
  return (
    <form className="mt-5 space-y-4" onSubmit={form.create} noValidate>
      <Field
        id={amountId}
        label={words.amountLabel}
        required
        errors={amountProblem}
        hint={words.amountHint(format.vnd(rules.minimum_amount), format.vnd(rules.maximum_amount), format.number(rules.step))}
      >
        <div className="relative">
          <input
            ref={inputRef}
            id={amountId}
            name="amount"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={words.amountPlaceholder}
            value={groupDigits(form.digits, locale)}
            onChange={(event) => form.changeAmount(event.target.value)}
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
              onClick={() => form.pick(quick)}
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

      <PromotionCodeField value={form.code} onChange={form.changeCode} preview={bonus} errors={form.codeError} />
      <DepositBonusLine preview={bonus} />

      <ValidationSummary errors={form.refused} labels={{ promotion_code: words.promotionCode }} shownBelow={["amount", "promotion_code"]} />
      <Alert lines={form.refusal} />
      {/* Busy rather than disabled: a disabled button drops the keyboard focus. */}
      <button type="submit" className={TOPUP_PRIMARY} aria-disabled={creating || undefined} aria-busy={creating}>
        {creating && <Spinner />}
        {creating ? words.creating : words.createQr}
      </button>
    </form>
  );
}
