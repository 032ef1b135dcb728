// The shop's webhook on /admin/settings (docs/formats.md#store-events): the address, the signing
// secret shown once after a save, and the delivery log with "send again". The route's
// clientAction does the calls (intents "webhook" and "resend"); this renders what it answered.
import { Form, useActionData, useNavigation } from "@remix-run/react";
import type { WebhookLog, WebhookSetting } from "@workers/owner/store-events";
import { formatDateTime } from "@workers/shared/format";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, CARD } from "~/owner/AdminShell";
import type { ActionFailed } from "~/owner/admin-route";
import { CopyButton } from "~/ui/CopyButton";
import { Field } from "~/ui/Field";
import { inputClass } from "~/ui/input-class";
import { Spinner } from "~/ui/Spinner";

/** What the settings route's action answers for the webhook's intents. */
export type WebhookSaved = { ok: true; intent: "webhook"; secret: string | null } | { ok: true; intent: "resend" } | (ActionFailed & { intent: "webhook" | "resend" });

const STATUS_LABELS: Record<string, string> = { pending: "Đang chờ gửi", sent: "Đã gửi", failed: "Thất bại" };

/** The subject an event is about, as the admin reads it. */
function subjectOf(data: Record<string, unknown>): string {
  const key = data.key as { id?: number; masked?: string } | undefined;
  if (key) return `Key #${key.id} ${key.masked ?? ""}`.trim();
  if (typeof data.app_id === "number") return `Ứng dụng #${data.app_id}`;
  if (typeof data.user_id === "number") return `Người dùng #${data.user_id}`;
  return "";
}

function DeliveryLog({ log }: { log: WebhookLog }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "resend";
  if (log.length === 0) return <p className="mt-3 text-sm text-zinc-400">Chưa có sự kiện nào.</p>;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label="Nhật ký gửi webhook">
        <thead className="text-xs uppercase text-zinc-400">
          <tr>
            <th className="py-2 pr-3">Thời gian</th>
            <th className="py-2 pr-3">Sự kiện</th>
            <th className="py-2 pr-3">Trạng thái</th>
            <th className="py-2 pr-3">Trả lời</th>
            <th className="py-2">
              <span className="sr-only">Gửi lại</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {log.map((event) => (
            <tr key={event.id} className="border-t border-zinc-800 align-top" data-testid="webhook-event">
              <td className="py-2 pr-3 whitespace-nowrap text-zinc-300">{formatDateTime(event.created_at)}</td>
              <td className="py-2 pr-3">
                <span className="font-mono text-white">{event.type}</span>
                <span className="block text-xs text-zinc-400">{subjectOf(event.data)}</span>
              </td>
              <td className="py-2 pr-3" data-status={event.status}>
                {STATUS_LABELS[event.status] ?? event.status}
                <span className="block text-xs text-zinc-400">{event.attempts} lần gửi</span>
              </td>
              <td className="py-2 pr-3 text-xs text-zinc-300">
                {event.last_status ?? "—"}
                {event.last_answer && <span className="block max-w-xs truncate text-zinc-500" title={event.last_answer}>{event.last_answer}</span>}
              </td>
              <td className="py-2">
                <Form method="post">
                  <input type="hidden" name="intent" value="resend" />
                  <input type="hidden" name="id" value={event.id} />
                  <button type="submit" className={BUTTON_SECONDARY} disabled={busy} aria-label={`Gửi lại ${event.type} #${event.id}`}>
                    Gửi lại
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function WebhookSettings({ setting, log }: { setting: WebhookSetting; log: WebhookLog }) {
  const saved = useActionData<WebhookSaved>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "webhook";
  const error = saved && !saved.ok && saved.intent === "webhook" ? saved.error : null;
  const secret = saved?.ok && saved.intent === "webhook" ? saved.secret : null;

  return (
    <section className={`${CARD} mt-4 max-w-3xl p-5`} aria-labelledby="webhook-heading">
      <h2 id="webhook-heading" className="text-lg font-bold text-white">
        Webhook
      </h2>
      <p className="mt-1 text-sm text-zinc-400">
        Cửa hàng gửi sự kiện (bán key, kích hoạt, đặt lại thiết bị, hết hạn, khoá key, tạm dừng và mở lại ứng dụng, nạp tiền) tới địa chỉ https của bạn, ký bằng khoá bí mật (xem docs/formats.md). Địa chỉ webhook Discord nhận tin nhắn Discord.
      </p>
      <Form method="post" className="mt-4 space-y-3" noValidate>
        <input type="hidden" name="intent" value="webhook" />
        <Field id="webhook-url" label="Địa chỉ webhook" errors={error} hint="Để trống để tắt. Mỗi lần lưu tạo khoá ký mới.">
          <input
            id="webhook-url"
            name="url"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://shop.vn/hooks/store"
            defaultValue={setting.url}
            className={inputClass(Boolean(error))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "webhook-url-error webhook-url-hint" : "webhook-url-hint"}
          />
        </Field>
        <button type="submit" className={BUTTON_PRIMARY} disabled={busy}>
          {busy && <Spinner />}
          Lưu webhook
        </button>
      </Form>
      {secret && (
        <div role="status" className="mt-4 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-100">
          <p className="font-semibold">Khoá ký chỉ hiện một lần: hãy chép ngay.</p>
          <code className="mt-2 block break-all text-white" data-testid="webhook-secret">
            {secret}
          </code>
          <div className="mt-2">
            <CopyButton value={secret} label="khoá ký webhook" copiedMessage="Đã sao chép khoá ký" />
          </div>
        </div>
      )}
      {setting.url && (
        <p className="mt-3 text-sm text-zinc-400">
          {setting.discord ? "Discord" : "Đang gửi tới"}: <span className="break-all text-zinc-200">{setting.url}</span>
          {setting.updated_at && ` · lưu lúc ${formatDateTime(setting.updated_at)}`}
        </p>
      )}
      <h3 className="mt-5 font-semibold text-white">Nhật ký gửi</h3>
      <DeliveryLog log={log} />
    </section>
  );
}
