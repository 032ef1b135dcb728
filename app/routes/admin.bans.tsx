// /admin/bans ("Chặn", issue 55 item 2): the shop's bans of a phone (by its device id) or an address
// range, for one app or the whole shop, with their reason, who made them and when they end; a form
// to ban, a button to lift (docs/licensing.md §10, workers/licensing/bans.ts). Loads and changes in
// clientLoader/clientAction: the token lives in the browser.
import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientActionFunctionArgs, type ClientLoaderFunctionArgs, Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { Ban } from "@workers/licensing/bans";
import { formatDateTime } from "@workers/shared/format";
import { MAX_BAN_REASON } from "@workers/shared/licensing/reasons";
import { AdminPage, Badge, BUTTON_DANGER, BUTTON_PRIMARY, BUTTON_SMALL, CARD, SELECT_CLASS } from "~/owner/AdminShell";
import { ActionsCell, AdminTable, TD } from "~/owner/AdminTable";
import { type ActionFailed, actionFailure, adminCall, adminCallFailure } from "~/owner/admin-route";
import { Field } from "~/ui/Field";
import { ValidationSummary } from "~/ui/forms/ValidationSummary";
import { inputClass } from "~/ui/input-class";
import { pageMeta } from "~/ui/meta";
import { Spinner } from "~/ui/Spinner";
import { toast } from "~/ui/toast";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "Chặn thiết bị / IP");

type AppOption = { id: number; name: string };
type Loaded = { bans: Ban[] | null; apps: AppOption[]; error: string | null };

export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<Loaded> {
  const apps = adminCall(request, (api) => api.api.apps.admin.list.$get())
    .then((body) => (body.data as AppOption[]).map(({ id, name }) => ({ id, name })))
    .catch(() => []);
  try {
    const body = await adminCall(request, (api) => api.api.admin.bans.$get());
    return { bans: body.data, apps: await apps, error: null };
  } catch (error) {
    return { bans: null, apps: await apps, error: adminCallFailure(error, request, "Không thể tải danh sách chặn") };
  }
}

type Changed = { ok: true; intent: string } | ActionFailed;

const LABELS = { kind: "Loại", value: "Thiết bị hoặc IP", app_id: "Ứng dụng", reason: "Lý do", reason_en: "Lý do (tiếng Anh)", until: "Chặn đến" };

export async function clientAction({ request }: ClientActionFunctionArgs): Promise<Changed> {
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const intent = text("intent");
  try {
    if (intent === "lift") {
      const id = text("id");
      const body = await adminCall(request, (api) => api.api.admin.bans[":id"].$delete({ param: { id } }));
      toast.success(body.message || "Đã gỡ lệnh chặn");
      return { ok: true, intent };
    }
    const until = text("until");
    const json = {
      kind: text("kind") === "ip" ? ("ip" as const) : ("device" as const),
      value: text("value"),
      app_id: text("app_id") ? Number(text("app_id")) : null,
      reason: text("reason"),
      reason_en: text("reason_en") || null,
      // The form's local date and time (the admin's clock) as an instant.
      until: until ? new Date(until).toISOString() : null,
    };
    const body = await adminCall(request, (api) => api.api.admin.bans.$post({ json }));
    toast.success(body.message || "Đã chặn");
    return { ok: true, intent };
  } catch (error) {
    return actionFailure(error, request, intent === "lift" ? "Gỡ chặn thất bại" : "Chặn thất bại");
  }
}

function BanForm({ apps }: { apps: AppOption[] }) {
  const result = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "ban";
  const failed = result && !result.ok ? result : null;
  const errors = failed?.errors ?? null;
  const fieldErrors = (name: string) => errors?.[name] ?? null;
  // A new form after each ban made: its fields start empty again.
  const formKey = result?.ok && result.intent === "ban" ? String(Date.now()) : "form";
  return (
    <section className={`${CARD} mb-6 max-w-2xl p-5`} aria-labelledby="ban-heading">
      <h2 id="ban-heading" className="text-lg font-bold text-white">
        Chặn thiết bị hoặc IP
      </h2>
      <p className="mt-1 text-sm text-zinc-400">
        Thiết bị bị chặn không kích hoạt được key nào (kể cả key mới, key dùng thử hay sau khi đổi thiết bị). Mod nhận lý do bạn ghi.
      </p>
      <Form method="post" key={formKey} className="mt-4 grid gap-4 sm:grid-cols-2" noValidate data-testid="ban-form">
        <Field id="ban-kind" label={LABELS.kind} required errors={fieldErrors("kind")}>
          <select id="ban-kind" name="kind" className={SELECT_CLASS} defaultValue="device">
            <option value="device">Thiết bị (device id)</option>
            <option value="ip">Địa chỉ IP / dải CIDR</option>
          </select>
        </Field>
        <Field id="ban-value" label={LABELS.value} required errors={fieldErrors("value")} hint="Device id như mod gửi, hoặc IP/CIDR, ví dụ 203.0.113.0/24">
          <input id="ban-value" name="value" autoComplete="off" className={inputClass(Boolean(fieldErrors("value")))} />
        </Field>
        <Field id="ban-app" label={LABELS.app_id} errors={fieldErrors("app_id")}>
          <select id="ban-app" name="app_id" className={SELECT_CLASS} defaultValue="">
            <option value="">Toàn cửa hàng</option>
            {apps.map((app) => (
              <option key={app.id} value={app.id}>
                {app.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="ban-until" label={LABELS.until} errors={fieldErrors("until")} hint="Để trống: chặn đến khi gỡ">
          <input id="ban-until" name="until" type="datetime-local" className={inputClass(Boolean(fieldErrors("until")))} />
        </Field>
        <Field id="ban-reason" label={LABELS.reason} required errors={fieldErrors("reason")} hint={`Một dòng, tối đa ${MAX_BAN_REASON} ký tự`}>
          <input id="ban-reason" name="reason" maxLength={MAX_BAN_REASON} autoComplete="off" className={inputClass(Boolean(fieldErrors("reason")))} />
        </Field>
        <Field id="ban-reason-en" label={LABELS.reason_en} errors={fieldErrors("reason_en")} hint="Cho mod hỏi bằng tiếng Anh (không bắt buộc)">
          <input id="ban-reason-en" name="reason_en" maxLength={MAX_BAN_REASON} autoComplete="off" className={inputClass(Boolean(fieldErrors("reason_en")))} />
        </Field>
        <div className="sm:col-span-2">
          <ValidationSummary errors={errors} labels={LABELS} />
          {failed && !errors && <p className="text-sm text-red-300">{failed.error}</p>}
          <button type="submit" name="intent" value="ban" className={`${BUTTON_PRIMARY} mt-2`} disabled={busy}>
            {busy && <Spinner />}
            Chặn
          </button>
        </div>
      </Form>
    </section>
  );
}

function endText(ban: Ban): string {
  if (ban.lifted_at) return `Đã gỡ lúc ${formatDateTime(ban.lifted_at)}${ban.lifted_by ? ` bởi ${ban.lifted_by}` : ""}`;
  return ban.until ? formatDateTime(ban.until) : "Đến khi gỡ";
}

export default function AdminBansRoute() {
  const { bans, apps, error } = useLoaderData<typeof clientLoader>();
  const navigation = useNavigation();
  const lifting = navigation.state !== "idle" && navigation.formData?.get("intent") === "lift" ? String(navigation.formData.get("id")) : null;
  return (
    <AdminPage title="Chặn thiết bị / IP" subtitle="Thiết bị và dải địa chỉ bị chặn: lý do, người chặn, thời hạn">
      <BanForm apps={apps} />
      {error && <p className="mb-4 text-sm text-red-300">{error}</p>}
      <AdminTable
        testId="ban-list"
        minWidth="min-w-[56rem]"
        columns={["Đối tượng", "Phạm vi", "Lý do", "Người chặn", "Hết hạn", "Trạng thái", { label: "Thao tác", className: "text-right" }]}
        empty={bans?.length === 0 && "Chưa chặn thiết bị hay địa chỉ nào."}
      >
        {(bans ?? []).map((ban) => (
          <tr key={ban.id} data-ban-id={ban.id} data-active={ban.active}>
            <td className={`${TD} whitespace-nowrap`}>
              <p className="text-xs text-zinc-400">{ban.kind === "device" ? "Thiết bị" : "IP"}</p>
              <p className="font-mono text-white">{ban.value}</p>
            </td>
            <td className={TD}>{ban.app ? ban.app.name : "Toàn cửa hàng"}</td>
            <td className={`${TD} max-w-xs break-words`}>
              <p>{ban.reason}</p>
              {ban.reason_en && <p className="text-xs text-zinc-400">{ban.reason_en}</p>}
            </td>
            <td className={TD}>
              <p>{ban.created_by}</p>
              <p className="text-xs text-zinc-400">{ban.created_at ? formatDateTime(ban.created_at) : ""}</p>
            </td>
            <td className={`${TD} whitespace-nowrap`}>{endText(ban)}</td>
            <td className={TD}>{ban.active ? <Badge tone="bg-red-500/15 text-red-300">Đang chặn</Badge> : <Badge tone="bg-zinc-500/15 text-zinc-300">Hết hiệu lực</Badge>}</td>
            <ActionsCell>
              {ban.lifted_at === null && (
                <Form method="post">
                  <input type="hidden" name="id" value={ban.id} />
                  <button type="submit" name="intent" value="lift" className={`${BUTTON_DANGER} ${BUTTON_SMALL}`} disabled={lifting === String(ban.id)}>
                    {lifting === String(ban.id) && <Spinner />}
                    Gỡ chặn
                  </button>
                </Form>
              )}
            </ActionsCell>
          </tr>
        ))}
      </AdminTable>
    </AdminPage>
  );
}
