// /admin/app/{appId}/keys: the pricing tab (docs/product.md §2, §4 "Key pricing"): the app's pricing rows
// (from the layout's loader), adding or editing one, pausing or resuming it, all through this
// route's clientAction; the layout reloads the pricing afterwards.
import { type ClientActionFunctionArgs, type ClientLoaderFunctionArgs, useFetcher } from "@remix-run/react";
import { redirectTo } from "~/ui/forms/redirect-response";
import { useState } from "react";
import { Badge, BUTTON_PRIMARY, BUTTON_SMALL } from "~/owner/AdminShell";
import { ACTIONS_COLUMN, ActionsCell, AdminTable, TD } from "~/owner/AdminTable";
import { type KeyTypeOption, pricingTypeName } from "~/owner/admin-keys";
import { type ActionResult, adminCall, jsonBody } from "~/owner/admin-route";
import { formatNumber, formatPriceWithVnd } from "@workers/shared/format";
import { toast } from "~/ui/toast";
import { type AdminPricing, keyActionFailure, useKeysData } from "../../licensing/admin/key-data";
import type { Editing, PricingSubmit } from "../../licensing/admin/PricingModal";
import { lazyDialog } from "~/ui/LazyDialog";

// Opened by a click: its form, fields and list of errors are fetched then, not with the tab.
const PricingModal = lazyDialog(() => import("../../licensing/admin/PricingModal").then((module) => module.PricingModal));

/** The tabs used to be ?tab=import and ?tab=keys: those addresses still open them. */
export function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const url = new URL(request.url);
  const tab = url.searchParams.get("tab");
  if (tab === "import" || tab === "keys") throw redirectTo(`${url.pathname.replace(/\/$/, "")}/${tab === "import" ? "import" : "list"}`);
  return null;
}

type PricingAction = PricingSubmit | { intent: "toggle"; id: number; active: boolean } | { intent: "package-manager"; appId: number; id: number | null };

export async function clientAction({ request, params }: ClientActionFunctionArgs): Promise<ActionResult> {
  const action = await jsonBody<PricingAction>(request);
  const app = encodeURIComponent(params.appId ?? "");
  try {
    if (action.intent === "package-manager") {
      const answer = await adminCall(request, (api) => api.api.admin.apps[":id"]["package-manager"].$put({ param: { id: String(action.appId) }, json: { key_pricing_id: action.id } }));
      toast.success(answer.message);
    } else if (action.intent === "toggle") {
      await adminCall(request, (api) => api.api.keys.apps[":app"].pricing[":id"].$patch({ param: { app, id: String(action.id) }, json: { is_active: action.active } }));
      toast.success(action.active ? "Đã kích hoạt bảng giá!" : "Đã tạm dừng bảng giá!");
    } else if (action.intent === "update") {
      // Editing re-sends the price and turns the pricing back on (docs/product.md §4).
      await adminCall(request, (api) => api.api.keys.apps[":app"].pricing[":id"].$patch({ param: { app, id: String(action.id) }, json: { price: action.price, is_active: true } }));
      toast.success("Đã cập nhật bảng giá!");
    } else {
      await adminCall(request, (api) => api.api.keys.apps[":app"].pricing.$post({ param: { app }, json: { key_type: action.key_type, price: action.price, currency: action.currency } }));
      toast.success("Đã thêm bảng giá!");
    }
    return { ok: true, data: null };
  } catch (error) {
    return keyActionFailure(error, request, action.intent === "create" ? "Thêm bảng giá thất bại" : "Cập nhật thất bại");
  }
}

function typeLabel(pricing: AdminPricing, types: KeyTypeOption[]): string {
  if (pricing.key_type && typeof pricing.key_type === "object") return pricing.key_type.display_name || pricing.key_type.name;
  const name = pricingTypeName(pricing);
  return types.find((type) => type.name === name)?.display_name ?? name;
}

/** Active first, then by price (docs/product.md §4). */
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

export default function KeyPricingRoute() {
  const { types, pricing, header } = useKeysData();
  const quickBuy = useFetcher<typeof clientAction>();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [toggling, setToggling] = useState<number | null>(null);
  const toggle = useFetcher<typeof clientAction>();

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
      <AdminTable
        minWidth="min-w-[40rem]"
        columns={["Loại key", "Giá", "Tồn kho", "Trạng thái", ACTIONS_COLUMN]}
        empty={pricing.length === 0 && "Chưa có bảng giá nào."}
      >
        {sorted(pricing).map((row) => (
          <tr key={row.id} data-pricing-row={pricingTypeName(row)}>
            <td className={`${TD} font-medium text-white`}>{typeLabel(row, types)}</td>
            <td className={TD}>{formatPriceWithVnd(row.price, row.currency, row.vnd_price)}</td>
            <td className={TD}>{formatNumber(row.available_count ?? 0)}</td>
            <td className={TD}>
              <PricingState pricing={row} />
            </td>
            <ActionsCell>
              <button type="button" className={BUTTON_SMALL} onClick={() => setEditing({ mode: "edit", pricing: row })}>
                Sửa
              </button>
              <button type="button" className={BUTTON_SMALL} disabled={toggle.state !== "idle" && toggling === row.id} onClick={() => {
                  setToggling(row.id);
                  toggle.submit({ intent: "toggle", id: row.id, active: !row.is_active }, { method: "post", encType: "application/json", flushSync: true });
                }}>
                {row.is_active ? "Tạm dừng" : "Kích hoạt"}
              </button>
            </ActionsCell>
          </tr>
        ))}
      </AdminTable>
      {header && pricing.length > 0 && (
        <label className="mt-4 flex flex-wrap items-center gap-2 text-sm text-zinc-300">
          Mua nhanh trong Sileo / Zebra (trừ ví ngay, không mở trang):
          <select
            className="rounded-lg border border-white/10 bg-zinc-900 px-2 py-1 text-white"
            defaultValue={header.package_manager_pricing_id ?? ""}
            disabled={quickBuy.state !== "idle"}
            data-testid="package-manager-pricing"
            onChange={(event) =>
              quickBuy.submit({ intent: "package-manager", appId: header.id, id: event.target.value ? Number(event.target.value) : null }, { method: "post", encType: "application/json", flushSync: true })
            }
          >
            <option value="">Không (luôn mở trang thanh toán)</option>
            {sorted(pricing).map((row) => (
              <option key={row.id} value={row.id}>
                {typeLabel(row, types)} · {formatPriceWithVnd(row.price, row.currency, row.vnd_price)}
              </option>
            ))}
          </select>
        </label>
      )}
      {editing && (
        <PricingModal
          key={editing.mode === "edit" ? editing.pricing.id : "new"}
          editing={editing}
          types={types}
          pricing={pricing}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
