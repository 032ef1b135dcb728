// Promotion management (docs/product.md §2 "Admin promotions", §4, §5 "Promotion form", §8 "Promotions").
// /admin/promotions and /admin/simple-promotions both render this screen; its data comes from
// their clientLoader and changes through their clientAction (lib/admin-promotions.ts).
import { useFetcher, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { type FormEvent, useRef, useState } from "react";
import { useAfterTypingPause } from "~/ui/forms/use-typing-pause";
import { Field, inputClass, ValidationSummary } from "~/ui/Field";
import { Spinner } from "~/ui/Spinner";
import {
  choices,
  digitsOnly,
  groupDigits,
  optionalNumber,
  PROMOTION_DEFAULTS,
  PROMOTION_STATUS_LABELS,
  promotionDurationDays,
  promotionEndDate,
} from "~/owner/admin";
import { useFetcherAnswer } from "~/ui/forms/fetcher-answer";
import { useFilterSubmit } from "~/ui/forms/filter-form";
import type { Promotion, PromotionBody, promotionsLoader } from "~/money/admin/admin-promotions";
import type { ActionResult } from "~/owner/admin-route";
import { formatDate, formatNumber, formatVND } from "@workers/shared/format";
import { ACTIONS_COLUMN, ActionsCell, AdminPage, AdminTable, Badge, BUTTON_PRIMARY, BUTTON_SMALL, ConfirmDialog, FilterSelect, Modal, ModalActions, RIGHT, SearchInput, TD } from "../../owner/AdminShell";
import { PROMOTION_STATUSES, type PromotionStatus } from "@workers/shared/enums";

const STATUS_TONES: Record<PromotionStatus, string> = {
  active: "bg-emerald-500/15 text-emerald-300 ring-emerald-400/30",
  inactive: "bg-zinc-500/15 text-zinc-300 ring-zinc-400/30",
  expired: "bg-amber-500/15 text-amber-300 ring-amber-400/30",
  draft: "bg-sky-500/15 text-sky-300 ring-sky-400/30",
  archived: "bg-zinc-500/15 text-zinc-400 ring-zinc-400/30",
};

function bonusText(promotion: Promotion): string {
  if (promotion.promotion_type === "percentage") return `${promotion.bonus_percentage ?? 0}%`;
  if (promotion.promotion_type === "fixed") return formatVND(promotion.bonus_amount ?? 0);
  return "Theo mức";
}

// "archived" is the store's own (a deleted promotion that paid a bonus), never chosen or listed.
const STATUS_CHOICES = choices(
  PROMOTION_STATUSES.filter((status) => status !== "archived"),
  PROMOTION_STATUS_LABELS,
);

export function PromotionsScreen() {
  const { promotions: list } = useLoaderData<typeof promotionsLoader>();
  const [searchParams] = useSearchParams();
  const status = searchParams.get("status") ?? "";
  const [search, setSearch] = useState(searchParams.get("search") ?? "");
  const loading = useNavigation().state === "loading";
  const [editing, setEditing] = useState<Promotion | "new" | null>(null);
  const [deleting, setDeleting] = useState<Promotion | null>(null);
  const removal = useFetcher<ActionResult>();
  useFetcherAnswer(removal, (answer) => answer.ok && setDeleting(null));

  const filters = useRef<HTMLFormElement>(null);
  const applyFilters = useFilterSubmit();

  // The search reloads the list once typing pauses (a timer, not a fetch).
  useAfterTypingPause(search.trim(), searchParams.get("search") ?? "", 300, () => applyFilters(filters.current));

  return (
    <AdminPage
      title="Quản lý khuyến mãi"
      subtitle="Thưởng thêm khi nạp tiền vào ví"
      actions={
        <button type="button" className={BUTTON_PRIMARY} onClick={() => setEditing("new")}>
          + Tạo khuyến mãi
        </button>
      }
    >
      <form
        ref={filters}
        className="mb-3 flex flex-wrap items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          applyFilters(event.currentTarget);
        }}
      >
        <SearchInput id="promotion-search" name="search" label="Tìm khuyến mãi" placeholder="Tìm theo tên, mã hoặc mô tả..." value={search} onValue={setSearch} />
        <FilterSelect id="promotion-status" name="status" label="Lọc theo trạng thái" allLabel="Tất cả trạng thái" options={STATUS_CHOICES} value={status} onValue={(_, form) => applyFilters(form)} />
        {loading && <Spinner className="h-4 w-4 text-indigo-400" />}
      </form>
      <AdminTable
        testId="promotion-table"
        minWidth="min-w-[56rem]"
        columns={["Tên", "Mã", "Thưởng", RIGHT("Nạp tối thiểu"), "Thời gian", RIGHT("Đã dùng"), "Trạng thái", ACTIONS_COLUMN]}
        empty={list.length === 0 && "Chưa có khuyến mãi nào."}
      >
        {list.map((promotion) => (
          <tr key={promotion.id} data-promotion-id={promotion.id}>
            <td className={`${TD} max-w-[16rem]`}>
              <p className="truncate font-medium text-white">{promotion.name}</p>
              {promotion.description && <p className="truncate text-xs text-zinc-400">{promotion.description}</p>}
            </td>
            <td className={`${TD} font-mono`}>{promotion.code}</td>
            <td className={TD}>{bonusText(promotion)}</td>
            <td className={`${TD} text-right whitespace-nowrap`}>{formatVND(promotion.min_deposit_amount)}</td>
            <td className={`${TD} whitespace-nowrap`}>
              {formatDate(promotion.start_date)} – {formatDate(promotion.end_date)}
            </td>
            <td className={`${TD} text-right`}>
              {formatNumber(promotion.total_used)}
              {promotion.total_usage_limit ? ` / ${formatNumber(promotion.total_usage_limit)}` : ""}
            </td>
            <td className={TD}>
              <Badge tone={STATUS_TONES[promotion.status] ?? STATUS_TONES.inactive}>{PROMOTION_STATUS_LABELS[promotion.status] ?? promotion.status}</Badge>
            </td>
            <ActionsCell>
              <button type="button" className={BUTTON_SMALL} onClick={() => setEditing(promotion)}>
                Sửa
              </button>
              <button type="button" className={`${BUTTON_SMALL} text-red-300`} onClick={() => setDeleting(promotion)}>
                Xóa
              </button>
            </ActionsCell>
          </tr>
        ))}
      </AdminTable>
      {editing && <PromotionModal key={editing === "new" ? "new" : editing.id} editing={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        busy={removal.state !== "idle"}
        title="Xóa khuyến mãi"
        message={`Xóa khuyến mãi "${deleting?.name ?? ""}"?`}
        onConfirm={() => deleting && removal.submit({ intent: "delete", id: deleting.id }, { method: "post", encType: "application/json", flushSync: true })}
        onClose={() => setDeleting(null)}
      />
    </AdminPage>
  );
}

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
function PromotionModal({ editing, onClose }: { editing: Promotion | "new"; onClose: () => void }) {
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
  const daysValid = Number.isInteger(days) && days >= 1 && days <= 365;
  const end = daysValid ? promotionEndDate(start, days) : null;

  function set<K extends keyof Form>(key: K, value: Form[K]) {
    setForm((current) => ({ ...current, [key]: value }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const percent = Number(form.bonus_percentage);
    const problems: Record<string, string[]> = {};
    if (!form.name.trim()) problems.name = ["Vui lòng nhập tên khuyến mãi"];
    if (!Number.isInteger(percent) || percent < 1 || percent > 100) problems.bonus_percentage = ["Phần trăm từ 1 đến 100"];
    if (!daysValid) problems.duration = ["Thời hạn từ 1 đến 365 ngày"];
    if (form.requires_code && !form.code.trim()) problems.code = ["Vui lòng nhập mã khuyến mãi"];
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

  const wholeNumber = (key: "bonus_percentage" | "duration", max: number) => (
    <input
      id={`promo-${key}`}
      type="number"
      min={1}
      max={max}
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
          <input id="promo-name" className={inputClass(Boolean(errors.name))} value={form.name} maxLength={200} onChange={(event) => set("name", event.target.value)} />
        </Field>
        <Field id="promo-description" label={PROMOTION_LABELS.description} errors={errors.description}>
          <textarea id="promo-description" rows={2} className={inputClass(false)} value={form.description} maxLength={2000} onChange={(event) => set("description", event.target.value)} />
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
              <input id="promo-code" className={`${inputClass(Boolean(errors.code))} font-mono uppercase`} value={form.code} maxLength={40} onChange={(event) => set("code", event.target.value.toUpperCase())} />
            </Field>
          )}
          <Field id="promo-bonus_percentage" label={PROMOTION_LABELS.bonus_percentage} required errors={errors.bonus_percentage}>
            {wholeNumber("bonus_percentage", 100)}
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
            {wholeNumber("duration", 365)}
          </Field>
        </div>
        <ValidationSummary errors={refused} labels={PROMOTION_LABELS} />
        <ModalActions className="pt-2" onCancel={onClose} busy={busy} label={existing ? "Cập nhật" : "Tạo"} />
      </form>
    </Modal>
  );
}
