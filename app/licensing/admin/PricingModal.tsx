// The pricing modal (docs/product.md §5 "Pricing modal"): create (a type without a pricing, price, currency)
// or edit (the price only), sent to the route's clientAction. Mounted when opened, so each opening
// starts from the row or defaults, with no errors from an earlier one.
import { useFetcher } from "@remix-run/react";
import { type FormEvent, useState } from "react";
import { Field } from "~/ui/Field";
import { ValidationSummary } from "~/ui/forms/ValidationSummary";
import { inputClass } from "~/ui/input-class";
import { SELECT_CLASS } from "~/owner/AdminShell";
import { Modal, ModalActions } from "~/owner/AdminDialogs";
import { defaultKeyType, type KeyTypeOption, pricingTypeName, typesWithoutPricing } from "~/owner/admin-keys";
import { digitsOnly, groupDigits, parsePrice } from "~/owner/admin-prices";
import { formatPrice } from "@workers/shared/format";
import type { ActionResult } from "~/owner/admin-route";
import { fieldErrorsOf, useFetcherAnswer } from "~/ui/forms/fetcher-answer";
import { toast } from "~/ui/toast";
import type { AdminPricing } from "./key-data";
import { Alert } from "~/ui/Alert";

const INCOMPLETE = "Vui lòng điền đầy đủ thông tin!";

export type Editing = { mode: "create" } | { mode: "edit"; pricing: AdminPricing };

const PRICING_LABELS = { key_type: "Loại key", price: "Giá", currency: "Tiền tệ" };

export type PricingSubmit = { intent: "create"; key_type: string; price: number; currency: "VND" | "USD" } | { intent: "update"; id: number; price: number };

export function PricingModal({
  editing,
  types,
  pricing,
  onClose,
}: {
  editing: Editing;
  types: KeyTypeOption[];
  pricing: AdminPricing[];
  onClose: () => void;
}) {
  const free = typesWithoutPricing(types, pricing);
  const isEdit = editing.mode === "edit";
  const [keyType, setKeyType] = useState(editing.mode === "edit" ? pricingTypeName(editing.pricing) : defaultKeyType(free));
  const [price, setPrice] = useState(editing.mode === "edit" ? String(editing.pricing.price) : "");
  const [currency, setCurrency] = useState<"VND" | "USD">(editing.mode === "edit" ? (editing.pricing.currency ?? "VND") : "VND");
  const typedPrice = parsePrice(price);
  const save = useFetcher<ActionResult>();
  const busy = save.state !== "idle";
  const answer = useFetcherAnswer(save, (answer) => answer.ok && onClose());

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = parsePrice(price);
    if (!keyType || value === null) {
      toast.error(INCOMPLETE);
      return;
    }
    if (editing.mode === "edit") {
      save.submit({ intent: "update", id: editing.pricing.id, price: value }, { method: "post", encType: "application/json", flushSync: true });
      return;
    }
    if (!free.some((type) => type.name === keyType)) {
      toast.error(`Bảng giá cho loại key "${keyType}" đã tồn tại! Bạn có thể chỉnh sửa hoặc kích hoạt lại.`);
      return;
    }
    save.submit({ intent: "create", key_type: keyType, price: value, currency }, { method: "post", encType: "application/json", flushSync: true });
  }

  return (
    <Modal open onClose={onClose} title={isEdit ? "Sửa bảng giá" : "Thêm bảng giá"} busy={busy} testId="pricing-modal">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field id="pricing-type" label="Loại key" required>
          {isEdit ? (
            <input id="pricing-type" className={inputClass(false)} value={keyType} disabled readOnly />
          ) : free.length === 0 ? (
            <Alert id="pricing-type" tone="warning" lines="Tất cả loại key đã có bảng giá. Bảng giá đang tạm dừng có thể được kích hoạt lại." />
          ) : (
            <select id="pricing-type" className={`${SELECT_CLASS} w-full`} value={keyType} onChange={(event) => setKeyType(event.target.value)}>
              {free.map((type) => (
                <option key={type.name} value={type.name}>
                  {type.display_name || type.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="pricing-price" label="Giá" required hint={typedPrice === null ? undefined : formatPrice(typedPrice, currency)}>
          <input
            id="pricing-price"
            inputMode="numeric"
            autoComplete="off"
            className={inputClass(false)}
            value={groupDigits(price)}
            onChange={(event) => setPrice(digitsOnly(event.target.value))}
            placeholder="30.000"
          />
        </Field>
        <Field id="pricing-currency" label="Tiền tệ" hint={currency === "USD" ? "Ví khách là VND: giá USD được trừ theo tỷ giá trong Quản trị → Cài đặt." : undefined}>
          <select id="pricing-currency" className={`${SELECT_CLASS} w-full`} value={currency} disabled={isEdit} onChange={(event) => setCurrency(event.target.value === "USD" ? "USD" : "VND")}>
            <option value="VND">VND</option>
            <option value="USD">USD</option>
          </select>
        </Field>
        <ValidationSummary errors={fieldErrorsOf(answer)} labels={PRICING_LABELS} />
        <ModalActions className="pt-2" onCancel={onClose} busy={busy} label={isEdit ? "Cập nhật" : "Thêm"} disabled={!isEdit && free.length === 0} />
      </form>
    </Modal>
  );
}
