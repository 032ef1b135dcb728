// The bulk change tab (issue 55 item 4): a filter (key type, state, sale dates, batch) and an
// action (extend or shorten by N days, ban, unban); "Xem trước" shows how many keys and some of
// them; "Áp dụng" changes exactly those, once. Changing the form drops the preview.
import { useFetcher } from "@remix-run/react";
import { type FormEvent, useEffect, useState } from "react";
import { BUTTON_PRIMARY, CARD, SELECT_CLASS } from "~/owner/AdminShell";
import { Field } from "~/ui/Field";
import { inputClass } from "~/ui/input-class";
import { lazyDialog } from "~/ui/LazyDialog";
import type { ActionResult } from "~/owner/admin-route";
import { useKeysData } from "../key-data";
import type { BulkAction, BulkChange, BulkResult } from "./bulk-data";

const ACTIONS: Record<BulkChange, string> = { extend: "Gia hạn thêm N ngày", shorten: "Rút ngắn N ngày", ban: "Khóa key", unban: "Mở khóa key" };
const STATES: Record<string, string> = { "": "Mọi trạng thái", sold: "Đã bán, chưa kích hoạt", used: "Đang dùng", expired: "Hết hạn", revoked: "Đã thu hồi", available: "Còn trong kho", banned: "Đã khóa" };

// The preview comes in its own file, fetched as it is asked for; if it cannot be, the preview is
// dropped and the admin told (lazyDialog).
const loadPreview = () => import("./BulkPreviewPanel");
const BulkPreviewPanel = lazyDialog(() => loadPreview().then((module) => module.BulkPreviewPanel));

export function BulkScreen() {
  const { header, types } = useKeysData();
  const fetcher = useFetcher<ActionResult<BulkResult>>();
  const [form, setForm] = useState({ key_type_id: "", state: "used", sold_from: "", sold_to: "", batch: "", action: "extend" as BulkChange, days: "3" });
  const [preview, setPreview] = useState<Extract<BulkResult, { preview: unknown }>["preview"] | null>(null);
  const busy = fetcher.state !== "idle";
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.errors ?? {}) : {};

  useEffect(() => {
    if (!fetcher.data?.ok) return;
    setPreview("preview" in fetcher.data.data ? fetcher.data.data.preview : null);
  }, [fetcher.data]);

  if (!header) return null;
  const needsDays = form.action === "extend" || form.action === "shorten";
  const set = (name: keyof typeof form) => (event: { target: { value: string } }) => {
    setForm({ ...form, [name]: event.target.value });
    setPreview(null);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const filter = {
      app_id: header!.id,
      ...(form.key_type_id ? { key_type_id: Number(form.key_type_id) } : {}),
      ...(form.state ? { state: form.state } : {}),
      ...(form.sold_from ? { sold_from: new Date(`${form.sold_from}T00:00:00+07:00`).toISOString() } : {}),
      ...(form.sold_to ? { sold_to: new Date(`${form.sold_to}T23:59:59.999+07:00`).toISOString() } : {}),
      ...(form.batch ? { batch: Number(form.batch) } : {}),
    };
    const body: BulkAction = { intent: "preview", filter, action: form.action, ...(needsDays ? { days: Number(form.days) } : {}) };
    fetcher.submit(body, { method: "post", encType: "application/json" });
    // Beside the request; a failure here is told when the preview shows (lazyDialog).
    void loadPreview().catch(() => {});
  }

  return (
    <section aria-labelledby="bulk-heading" className={`${CARD} p-5`}>
      <h2 id="bulk-heading" className="text-lg font-bold text-white">
        Thay đổi hàng loạt
      </h2>
      <p className="mt-1 text-sm text-zinc-400">Xem trước số key sẽ thay đổi, rồi áp dụng: chỉ đúng những key đã xem trước được thay đổi, một lần.</p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field id="bulk-type" label="Loại key">
          <select id="bulk-type" className={SELECT_CLASS} value={form.key_type_id} onChange={set("key_type_id")}>
            <option value="">Mọi loại key</option>
            {types.map((type) => (
              <option key={type.id} value={type.id}>
                {type.display_name || type.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="bulk-state" label="Trạng thái" errors={errors.state}>
          <select id="bulk-state" className={SELECT_CLASS} value={form.state} onChange={set("state")}>
            {Object.entries(STATES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <Field id="bulk-from" label="Bán từ ngày" errors={errors.sold_from}>
          <input id="bulk-from" type="date" className={inputClass(!!errors.sold_from)} value={form.sold_from} onChange={set("sold_from")} />
        </Field>
        <Field id="bulk-to" label="Bán đến ngày" errors={errors.sold_to}>
          <input id="bulk-to" type="date" className={inputClass(!!errors.sold_to)} value={form.sold_to} onChange={set("sold_to")} />
        </Field>
        <Field id="bulk-batch" label="Mã lô (ID)" errors={errors.batch}>
          <input id="bulk-batch" inputMode="numeric" className={inputClass(!!errors.batch)} value={form.batch} onChange={set("batch")} />
        </Field>
        <Field id="bulk-action" label="Thao tác">
          <select id="bulk-action" className={SELECT_CLASS} value={form.action} onChange={set("action")}>
            {Object.entries(ACTIONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        {needsDays && (
          <Field id="bulk-days" label="Số ngày" required errors={errors.days}>
            <input id="bulk-days" type="number" min={1} max={3650} inputMode="numeric" className={inputClass(!!errors.days)} value={form.days} onChange={set("days")} />
          </Field>
        )}
        <div className="sm:col-span-2">
          <button type="submit" className={BUTTON_PRIMARY} disabled={busy}>
            Xem trước
          </button>
        </div>
      </form>
      {preview && (
        <BulkPreviewPanel
          preview={preview}
          change={ACTIONS[form.action].replace("N", form.days)}
          states={STATES}
          busy={busy}
          onApply={() => fetcher.submit({ intent: "apply", token: preview.token } satisfies BulkAction, { method: "post", encType: "application/json" })}
          onClose={() => setPreview(null)}
        />
      )}
    </section>
  );
}
