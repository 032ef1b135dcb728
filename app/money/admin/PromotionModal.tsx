// The admin's promotion form (docs/product.md §2 "Promotions"): a new promotion from the defaults, or
// an existing one to edit, saved through the promotions route's clientAction.
import { useFetcher } from "@remix-run/react";
import { type FormEvent, useState } from "react";
import { Field } from "~/ui/Field";
import { ValidationSummary } from "~/ui/forms/ValidationSummary";
import { inputClass } from "~/ui/input-class";
import { digitsOnly, groupDigits } from "~/owner/admin-prices";
import { optionalNumber } from "~/owner/admin-promotions";
import { useFetcherAnswer } from "~/ui/forms/fetcher-answer";
import type { Promotion, PromotionBody } from "~/money/admin/admin-promotions";
import type { ActionResult } from "~/owner/admin-route";
import { formatDate } from "@workers/shared/format";
import {
  isPromotionDays,
  PROMOTION_DAYS,
  PROMOTION_DEFAULTS,
  PROMOTION_LENGTHS,
  PROMOTION_PERCENT,
  promotionDurationDays,
  promotionEndDate,
  promotionFormProblems,
} from "@workers/shared/money/promotion-form";
import { Modal, ModalActions } from "../../owner/AdminDialogs";


type Form = {
  name: string;
  description: string;
  /** A promotion that requires a code pays only to a buyer who types it; any other applies to every deposit. */
  requires_code: boolean;
  code: string;
  bonus_percentage: string;
  min_deposit_amount: string;
  max_deposit_amount: string;
  max_bonus_amount: string;
  usage_limit_per_user: string;
  total_usage_limit: string;
  duration: string;
};

function formFrom(promotion: Promotion | null): Form {
  const text = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));
  return {
    name: promotion?.name ?? "",
    description: promotion?.description ?? "",
    requires_code: promotion?.requires_code ?? false,
    code: promotion?.requires_code ? promotion.code : "",
    bonus_percentage: String(promotion?.bonus_percentage ?? PROMOTION_DEFAULTS.bonusPercentage),
    min_deposit_amount: String(promotion?.min_deposit_amount ?? PROMOTION_DEFAULTS.minDeposit),
    max_deposit_amount: text(promotion?.max_deposit_amount),
    max_bonus_amount: text(promotion?.max_bonus_amount),
    usage_limit_per_user: text(promotion?.usage_limit_per_user),
    total_usage_limit: text(promotion?.total_usage_limit),
    duration: String(promotion ? promotionDurationDays(promotion.start_date, promotion.end_date) : PROMOTION_DEFAULTS.duration),
  };
}

/** The form's fields as it names them, for its inputs and the list of a refused save's errors. */
const PROMOTION_LABELS: Record<string, string> = {
  name: "Tên khuyến mãi",
  description: "Mô tả",
  code: "Mã khuyến mãi",
  bonus_percentage: "Phần trăm thưởng (%)",
  min_deposit_amount: "Nạp tối thiểu (VND)",
  max_deposit_amount: "Nạp tối đa (VND)",
  max_bonus_amount: "Thưởng tối đa (VND)",
  usage_limit_per_user: "Giới hạn mỗi người",
  total_usage_limit: "Tổng lượt sử dụng",
  duration: "Thời hạn (ngày)",
  end_date: "Thời hạn (ngày)",
};

/** Mounted when opened, so each opening starts from the promotion (or the defaults). */
export function PromotionModal({ editing, onClose }: { editing: Promotion | "new"; onClose: () => void }) {
  const existing = editing !== "new" ? editing : null;
  const [form, setForm] = useState<Form>(() => formFrom(existing));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [refused, setRefused] = useState<Record<string, string[]> | null>(null);
  const save = useFetcher<ActionResult>();
  useFetcherAnswer(save, (answer) => {
    if (answer.ok) onClose();
    else if (answer.errors) {
      setErrors(answer.errors);
      setRefused(answer.errors);
    }
  });
  const busy = save.state !== "idle";

  // The modal always starts today; the end follows from the number of days (docs/product.md §5).
  const start = new Date();
  const days = Number(form.duration);
  const end = isPromotionDays(days) ? promotionEndDate(start, days) : null;

  function set<K extends keyof Form>(key: K, value: Form[K]) {
    setForm((current) => ({ ...current, [key]: value }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const percent = Number(form.bonus_percentage);
    const found = promotionFormProblems({ name: form.name, bonusPercentage: percent, duration: days, requiresCode: form.requires_code, code: form.code });
    const problems = Object.fromEntries(Object.entries(found).map(([field, message]) => [field, [message.in("vi")]]));
    setErrors(problems);
    setRefused(null);
    if (Object.keys(problems).length || !end) return;
    const body = {
      name: form.name.trim(),
      description: form.description.trim(),
      // Without "requires a code" the code is only an internal name: the store draws one (BONUS...).
      code: form.requires_code ? form.code.trim().toUpperCase() : "",
      promotion_type: "percentage",
      bonus_percentage: percent,
      min_deposit_amount: optionalNumber(form.min_deposit_amount) ?? PROMOTION_DEFAULTS.minDeposit,
      max_deposit_amount: optionalNumber(form.max_deposit_amount),
      max_bonus_amount: optionalNumber(form.max_bonus_amount),
      usage_limit_per_user: optionalNumber(form.usage_limit_per_user),
      total_usage_limit: optionalNumber(form.total_usage_limit),
      start_date: start.toISOString(),
      end_date: end.toISOString(),
      duration: days,
      status: "active",
      is_automatic: !form.requires_code,
      requires_code: form.requires_code,
    } satisfies PromotionBody;
    save.submit(existing ? { intent: "update", id: existing.id, body } : { intent: "create", body }, { method: "post", encType: "application/json", flushSync: true });
  }

  const money = (key: "min_deposit_amount" | "max_deposit_amount" | "max_bonus_amount" | "usage_limit_per_user" | "total_usage_limit") => (
    <Field id={`promo-${key}`} label={PROMOTION_LABELS[key]} errors={errors[key]}>
      <input
        id={`promo-${key}`}
        inputMode="numeric"
        autoComplete="off"
        className={inputClass(Boolean(errors[key]))}
        value={groupDigits(form[key])}
        onChange={(event) => set(key, digitsOnly(event.target.value))}
        placeholder="Không giới hạn"
      />
    </Field>
  );

  const wholeNumber = (key: "bonus_percentage" | "duration", range: { min: number; max: number }) => (
    <input
      id={`promo-${key}`}
      type="number"
      min={range.min}
      max={range.max}
      step={1}
      className={inputClass(Boolean(errors[key]))}
      value={form[key]}
      onChange={(event) => set(key, event.target.value)}
    />
  );

  return (
    <Modal open onClose={onClose} title={existing ? "Sửa khuyến mãi" : "Tạo khuyến mãi"} busy={busy} testId="promotion-modal" wide>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field id="promo-name" label={PROMOTION_LABELS.name} required errors={errors.name}>
          <input id="promo-name" className={inputClass(Boolean(errors.name))} value={form.name} maxLength={PROMOTION_LENGTHS.name} onChange={(event) => set("name", event.target.value)} />
        </Field>
        <Field id="promo-description" label={PROMOTION_LABELS.description} errors={errors.description}>
          <textarea id="promo-description" rows={2} className={inputClass(false)} value={form.description} maxLength={PROMOTION_LENGTHS.description} onChange={(event) => set("description", event.target.value)} />
        </Field>
        <label className="flex items-start gap-3 text-sm text-zinc-200">
          <input type="checkbox" checked={form.requires_code} onChange={(event) => set("requires_code", event.target.checked)} className="mt-0.5 h-4 w-4 accent-indigo-500" />
          <span>
            Người nạp phải nhập mã
            <span className="block text-xs text-zinc-400">Bỏ chọn: khuyến mãi tự áp dụng cho mọi lần nạp phù hợp.</span>
          </span>
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          {form.requires_code && (
            <Field id="promo-code" label={PROMOTION_LABELS.code} required errors={errors.code} hint="Người nạp nhập mã này trong hộp thoại nạp tiền.">
              <input id="promo-code" className={`${inputClass(Boolean(errors.code))} font-mono uppercase`} value={form.code} maxLength={PROMOTION_LENGTHS.code} onChange={(event) => set("code", event.target.value.toUpperCase())} />
            </Field>
          )}
          <Field id="promo-bonus_percentage" label={PROMOTION_LABELS.bonus_percentage} required errors={errors.bonus_percentage}>
            {wholeNumber("bonus_percentage", PROMOTION_PERCENT)}
          </Field>
          {money("min_deposit_amount")}
          {money("max_deposit_amount")}
          {money("max_bonus_amount")}
          {money("usage_limit_per_user")}
          {money("total_usage_limit")}
          <Field
            id="promo-duration"
            label={PROMOTION_LABELS.duration}
            required
            errors={errors.duration ?? errors.end_date}
            hint={end ? `Từ ${formatDate(start)} đến ${formatDate(end)}` : undefined}
          >
            {wholeNumber("duration", PROMOTION_DAYS)}
          </Field>
        </div>
        <ValidationSummary errors={refused} labels={PROMOTION_LABELS} />
        <ModalActions className="pt-2" onCancel={onClose} busy={busy} label={existing ? "Cập nhật" : "Tạo"} />
      </form>
    </Modal>
  );
}
