// The pricing tab of key management (spec §2, §4 "Key pricing", §5 "Pricing modal").
import { type FormEvent, useEffect, useState } from "react";
import { Field, inputClass } from "~/components/Field";
import { Spinner } from "~/components/Spinner";
import { defaultKeyType, digitsOnly, groupDigits, type KeyTypeOption, parsePrice, pricingTypeName, typesWithoutPricing } from "~/lib/admin";
import { apiFetch } from "~/lib/api";
import type { PublicPricing as AdminPricing } from "../../../workers/services/keys";
import { formatNumber } from "../../../workers/shared/format";
import { toast } from "~/lib/toast";
import { Badge, BUTTON_PRIMARY, BUTTON_SMALL, EmptyRow, Modal, ModalActions, SELECT_CLASS, TABLE_WRAP, TD, TH, useAdminError, ActionsCell } from "./AdminShell";

const INCOMPLETE = "Vui lòng điền đầy đủ thông tin!";

function typeLabel(pricing: AdminPricing, types: KeyTypeOption[]): string {
  if (pricing.key_type && typeof pricing.key_type === "object") return pricing.key_type.display_name || pricing.key_type.name;
  const name = pricingTypeName(pricing);
  return types.find((type) => type.name === name)?.display_name ?? name;
}

/** Active first, then by price (spec §4). */
function sorted(list: AdminPricing[]): AdminPricing[] {
  return [...list].sort((a, b) => Number(b.is_active) - Number(a.is_active) || a.price - b.price);
}

function PricingState({ pricing }: { pricing: AdminPricing }) {
  if (!pricing.is_active) return <Badge tone="bg-zinc-500/15 text-zinc-300 ring-zinc-400/30">Tạm dừng</Badge>;
  if (pricing.key_type && typeof pricing.key_type === "object" && pricing.key_type.is_active === false) {
    return <Badge tone="bg-zinc-500/15 text-zinc-300 ring-zinc-400/30">Loại key tạm dừng</Badge>;
  }
  if (pricing.vnd_price === null) return <Badge tone="bg-amber-500/15 text-amber-300 ring-amber-400/30">Chưa có tỷ giá</Badge>;
  if (!pricing.is_available) return <Badge tone="bg-red-500/15 text-red-300 ring-red-400/30">Hết hàng</Badge>;
  if (pricing.is_low_stock) return <Badge tone="bg-amber-500/15 text-amber-300 ring-amber-400/30">Sắp hết ({pricing.available_count})</Badge>;
  return <Badge tone="bg-emerald-500/15 text-emerald-300 ring-emerald-400/30">Đang bán</Badge>;
}

type Editing = { mode: "create" } | { mode: "edit"; pricing: AdminPricing };

export function KeyPricingTab({ app, types, pricing, onChanged }: { app: string; types: KeyTypeOption[]; pricing: AdminPricing[]; onChanged: () => void }) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const handleError = useAdminError();

  async function setActive(row: AdminPricing, active: boolean) {
    setBusyId(row.id);
    try {
      await apiFetch(`/api/keys/apps/${encodeURIComponent(app)}/pricing/${row.id}/`, { method: "PATCH", auth: true, body: { is_active: active } });
      toast.success(active ? "Đã kích hoạt bảng giá!" : "Đã tạm dừng bảng giá!");
      onChanged();
    } catch (error) {
      handleError(error, "Cập nhật thất bại");
    } finally {
      setBusyId(null);
    }
  }

  return (
    <section aria-labelledby="pricing-heading">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="pricing-heading" className="text-lg font-bold text-white">
          Cấu hình giá
        </h2>
        <button type="button" className={BUTTON_PRIMARY} onClick={() => setEditing({ mode: "create" })}>
          + Thêm bảng giá
        </button>
      </div>
      <div className={TABLE_WRAP}>
        <table className="w-full min-w-[40rem] text-sm text-zinc-200">
          <thead className="border-b border-white/5">
            <tr>
              <th className={TH}>Loại key</th>
              <th className={TH}>Giá</th>
              <th className={TH}>Tồn kho</th>
              <th className={TH}>Trạng thái</th>
              <th className={`${TH} text-right`}>Thao tác</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/5">
            {pricing.length === 0 && <EmptyRow colSpan={5}>Chưa có bảng giá nào.</EmptyRow>}
            {sorted(pricing).map((row) => (
              <tr key={row.id} data-pricing-row={pricingTypeName(row)}>
                <td className={`${TD} font-medium text-white`}>{typeLabel(row, types)}</td>
                <td className={TD}>{row.formatted_total ?? row.formatted_price}</td>
                <td className={TD}>{formatNumber(row.available_count ?? 0)}</td>
                <td className={TD}>
                  <PricingState pricing={row} />
                </td>
                <ActionsCell>
                  <button type="button" className={BUTTON_SMALL} onClick={() => setEditing({ mode: "edit", pricing: row })}>
                    Sửa
                  </button>
                  <button type="button" className={BUTTON_SMALL} disabled={busyId === row.id} onClick={() => setActive(row, !row.is_active)}>
                    {row.is_active ? "Tạm dừng" : "Kích hoạt"}
                  </button>
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PricingModal
        app={app}
        editing={editing}
        types={types}
        pricing={pricing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          onChanged();
        }}
      />
    </section>
  );
}

function PricingModal({
  app,
  editing,
  types,
  pricing,
  onClose,
  onSaved,
}: {
  app: string;
  editing: Editing | null;
  types: KeyTypeOption[];
  pricing: AdminPricing[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const free = typesWithoutPricing(types, pricing);
  const [keyType, setKeyType] = useState("");
  const [price, setPrice] = useState("");
  const [currency, setCurrency] = useState<"VND" | "USD">("VND");
  const [busy, setBusy] = useState(false);
  const handleError = useAdminError();
  const isEdit = editing?.mode === "edit";

  // Reset the form each time the modal opens.
  useEffect(() => {
    if (!editing) return;
    if (editing.mode === "edit") {
      setKeyType(pricingTypeName(editing.pricing));
      setPrice(String(editing.pricing.price));
      setCurrency(editing.pricing.currency ?? "VND");
    } else {
      setKeyType(defaultKeyType(free));
      setPrice("");
      setCurrency("VND");
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = parsePrice(price);
    if (!keyType || value === null) {
      toast.error(INCOMPLETE);
      return;
    }
    if (!isEdit && !free.some((type) => type.name === keyType)) {
      toast.error(`Bảng giá cho loại key "${keyType}" đã tồn tại! Bạn có thể chỉnh sửa hoặc kích hoạt lại.`);
      return;
    }
    setBusy(true);
    try {
      if (editing?.mode === "edit") {
        // Editing re-sends the price and turns the pricing back on (spec §4).
        await apiFetch(`/api/keys/apps/${encodeURIComponent(app)}/pricing/${editing.pricing.id}/`, { method: "PATCH", auth: true, body: { price: value, is_active: true } });
        toast.success("Đã cập nhật bảng giá!");
      } else {
        await apiFetch(`/api/keys/apps/${encodeURIComponent(app)}/pricing/`, { method: "POST", auth: true, body: { key_type: keyType, price: value, currency } });
        toast.success("Đã thêm bảng giá!");
      }
      onSaved();
    } catch (error) {
      handleError(error, isEdit ? "Cập nhật thất bại" : "Thêm bảng giá thất bại");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={editing !== null} onClose={onClose} title={isEdit ? "Sửa bảng giá" : "Thêm bảng giá"} busy={busy} testId="pricing-modal">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field id="pricing-type" label="Loại key" required>
          {isEdit ? (
            <input id="pricing-type" className={inputClass(false)} value={keyType} disabled readOnly />
          ) : free.length === 0 ? (
            <p id="pricing-type" role="alert" className="rounded-xl border border-amber-500/30 bg-amber-950/40 px-3 py-2 text-sm text-amber-200">
              Tất cả loại key đã có bảng giá. Bảng giá đang tạm dừng có thể được kích hoạt lại.
            </p>
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
        <Field id="pricing-price" label="Giá" required hint={price ? `${groupDigits(price)} ${currency === "VND" ? "₫" : "USD"}` : undefined}>
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
        <ModalActions className="pt-2" onCancel={onClose} busy={busy} label={isEdit ? "Cập nhật" : "Thêm"} disabled={!isEdit && free.length === 0} />
      </form>
    </Modal>
  );
}
