// /admin/settings: the store's settings: the USD→VND rate that prices every USD key and every crypto
// top-up (the wallet is VND), crypto top-ups on or off with their smallest and largest invoice
// (app/money/admin/CryptoSettings.tsx), the public key mods verify key-check answers with
// (docs/licensing.md), and the shop's webhook with its delivery log (docs/formats.md#store-events).
// Loads and saves in clientLoader/clientAction: the token lives in the browser, so
// nothing of this page is rendered on the server but the admin layout's loading state.
import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientActionFunctionArgs, type ClientLoaderFunctionArgs, Form, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import type { PublicKeyInfo } from "@workers/licensing/license-signing";
import type { RateSettings } from "@workers/owner/store-settings";
import type { WebhookLog, WebhookSetting } from "@workers/owner/store-events";
import type { WebhookSaved, WebhookSettings } from "~/owner/WebhookSettings";
import { type CryptoSaved, CryptoForm, type CryptoSettings, saveCrypto } from "~/money/admin/CryptoSettings";
import { AdminPage, BUTTON_PRIMARY, BUTTON_SECONDARY, CARD } from "~/owner/AdminShell";
import { CopyButton } from "~/ui/CopyButton";
import { Field } from "~/ui/Field";
import { ValidationSummary } from "~/ui/forms/ValidationSummary";
import { inputClass } from "~/ui/input-class";
import { Spinner } from "~/ui/Spinner";
import { groupDigits, parsePrice } from "~/owner/admin-prices";
import { type ActionFailed, actionFailure, adminCall, adminCallFailure } from "~/owner/admin-route";
import { formatDateTime, formatNumber, formatVND } from "@workers/shared/format";
import { MAX_USD_VND_RATE } from "@workers/shared/money/currency";
import { pageMeta } from "~/ui/meta";
import { toast } from "~/ui/toast";
import { Alert } from "~/ui/Alert";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "Cài đặt");

const RATE_INVALID = `Tỷ giá phải là số nguyên từ 1 đến ${formatNumber(MAX_USD_VND_RATE)} (số đồng cho 1 US$)`;
const RATE_LABEL = "Tỷ giá (số đồng cho 1 US$)";

type Webhook = { setting: WebhookSetting; log: WebhookLog; Section: typeof WebhookSettings };
type Loaded = { settings: RateSettings | null; error: string | null; publicKey: PublicKeyInfo | null; webhook: Webhook | null; crypto: CryptoSettings | null };

/** The webhook's setting and log, and its section's code: a file of its own, fetched beside them rather than with the page. */
async function loadWebhook(request: Request): Promise<Webhook> {
  const [setting, log, section] = await Promise.all([
    adminCall(request, (api) => api.api.admin.settings.webhook.$get()),
    adminCall(request, (api) => api.api.admin.settings.webhook.events.$get({ query: { limit: "50" } })),
    import("~/owner/WebhookSettings"),
  ]);
  return { setting: setting.data, log: log.data, Section: section.WebhookSettings };
}

export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<Loaded> {
  // The key is public: without it the rest of the page still works.
  const publicKey = adminCall(request, (api) => api.api.keys["public-key"].$get()).catch(() => null);
  // The webhook's and the crypto top-ups' parts fail on their own: the rate still loads.
  const webhook = loadWebhook(request).catch(() => null);
  const crypto = adminCall(request, (api) => api.api.admin.crypto.settings.$get())
    .then((body) => body.data)
    .catch(() => null);
  try {
    const body = await adminCall(request, (api) => api.api.admin.settings.$get());
    return { settings: body.data, error: null, publicKey: await publicKey, webhook: await webhook, crypto: await crypto };
  } catch (error) {
    return { settings: null, error: adminCallFailure(error, request, "Không thể tải cài đặt"), publicKey: await publicKey, webhook: await webhook, crypto: await crypto };
  }
}
type Saved = { ok: true } | ActionFailed | CryptoSaved | WebhookSaved;
/** The webhook's two intents: save the address (the answer holds the new secret, shown once), send an event again. */
async function webhookAction(request: Request, form: FormData): Promise<WebhookSaved> {
  const intent = form.get("intent") === "resend" ? "resend" : "webhook";
  try {
    if (intent === "resend") {
      const body = await adminCall(request, (api) => api.api.admin.settings.webhook.events[":id"].resend.$post({ param: { id: String(form.get("id") ?? "") } }));
      toast.success(body.message || "Đã xếp lại sự kiện");
      return { ok: true, intent };
    }
    const body = await adminCall(request, (api) => api.api.admin.settings.webhook.$put({ json: { url: String(form.get("url") ?? "") } }));
    toast.success(body.message || "Đã lưu webhook");
    return { ok: true, intent, secret: body.data.secret };
  } catch (error) {
    return { ...actionFailure(error, request, "Lưu webhook thất bại"), intent };
  }
}

export async function clientAction({ request }: ClientActionFunctionArgs): Promise<Saved> {
  const form = await request.formData();
  if (form.get("intent") === "webhook" || form.get("intent") === "resend") return webhookAction(request, form);
  if (form.get("intent") === "crypto") return saveCrypto(request, form);
  let rate: number | null = null;
  if (form.get("intent") !== "default") {
    rate = parsePrice(String(form.get("usd_vnd_rate") ?? ""));
    if (rate === null || rate < 1 || rate > MAX_USD_VND_RATE) return { ok: false, error: RATE_INVALID, errors: null };
  }
  try {
    const body = await adminCall(request, (api) => api.api.admin.settings.$put({ json: { usd_vnd_rate: rate } }));
    toast.success(body.message || "Đã lưu cài đặt");
    return { ok: true };
  } catch (error) {
    return actionFailure(error, request, "Lưu cài đặt thất bại");
  }
}

function sourceLabel(settings: RateSettings): string {
  if (settings.source === "store") return `Do quản trị viên đặt${settings.updated_at ? ` lúc ${formatDateTime(settings.updated_at)}` : ""}`;
  if (settings.source === "env") return "Mặc định của cửa hàng (USD_VND_RATE)";
  return "Chưa có tỷ giá: giá bằng USD chưa thể mua";
}

function RateForm({ settings }: { settings: RateSettings }) {
  const answered = useActionData<typeof clientAction>();
  // The webhook's and the crypto form's answers are their own (WebhookSettings, CryptoForm).
  const saved = answered && ("intent" in answered || "form" in answered) ? undefined : answered;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST" && !["webhook", "resend"].includes(String(navigation.formData?.get("intent")));
  const [text, setText] = useState(settings.usd_vnd_rate === null ? "" : groupDigits(String(settings.usd_vnd_rate)));
  const typed = parsePrice(text);
  const error = saved && !saved.ok ? saved.error : null;

  return (
    <section className={`${CARD} max-w-xl p-5`} aria-labelledby="rate-heading">
      <h2 id="rate-heading" className="text-lg font-bold text-white">
        Tỷ giá USD
      </h2>
      <p className="mt-1 text-sm text-zinc-400">
        Ví của khách tính bằng VND: key có giá USD được trừ theo tỷ giá này (làm tròn lên đến đồng). Đổi tỷ giá áp dụng ngay cho mọi lần mua sau.
      </p>
      <dl className="mt-4 grid gap-1 text-sm">
        <div className="flex gap-2">
          <dt className="text-zinc-400">Đang áp dụng:</dt>
          <dd className="font-semibold text-white" data-testid="current-rate">
            {settings.usd_vnd_rate === null ? "—" : `1 US$ = ${formatVND(settings.usd_vnd_rate)}`}
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-zinc-400">Nguồn:</dt>
          <dd className="text-zinc-200">{sourceLabel(settings)}</dd>
        </div>
      </dl>
      <Form method="post" className="mt-5 space-y-4" noValidate>
        <Field id="usd-vnd-rate" label={RATE_LABEL} required errors={error} hint={typed ? `Ví dụ: 5 US$ ≈ ${formatVND(5 * typed)}` : "Ví dụ: 25.500"}>
          <input
            id="usd-vnd-rate"
            name="usd_vnd_rate"
            inputMode="numeric"
            autoComplete="off"
            className={inputClass(Boolean(error))}
            value={text}
            onChange={(event) => setText(groupDigits(event.target.value))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "usd-vnd-rate-error usd-vnd-rate-hint" : "usd-vnd-rate-hint"}
          />
        </Field>
        <ValidationSummary errors={saved && !saved.ok ? saved.errors : null} labels={{ usd_vnd_rate: RATE_LABEL }} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value="save" className={BUTTON_PRIMARY} disabled={busy}>
            {busy && <Spinner />}
            Lưu tỷ giá
          </button>
          {settings.source === "store" && (
            <button type="submit" name="intent" value="default" className={BUTTON_SECONDARY} disabled={busy}>
              {settings.default_usd_vnd_rate === null ? "Xóa tỷ giá" : `Dùng mặc định (${formatVND(settings.default_usd_vnd_rate)})`}
            </button>
          )}
        </div>
      </Form>
    </section>
  );
}

function PublicKeyCard({ publicKey }: { publicKey: PublicKeyInfo }) {
  return (
    <section className={`${CARD} mt-4 max-w-xl p-5`} aria-labelledby="public-key-heading">
      <h2 id="public-key-heading" className="text-lg font-bold text-white">
        Khoá công khai kiểm tra key
      </h2>
      <p className="mt-1 text-sm text-zinc-400">
        Mọi câu trả lời kiểm tra key đều được ký bằng Ed25519. Đưa khoá này vào mod để nhận ra máy chủ giả (xem docs/licensing.md).
      </p>
      <pre className="mt-3 overflow-x-auto rounded-lg bg-zinc-950 p-3 text-xs text-zinc-200" data-testid="public-key-pem">
        {publicKey.public_key_pem}
      </pre>
      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <CopyButton value={publicKey.public_key_pem} label="khoá công khai PEM" copiedMessage="Đã sao chép khoá công khai" />
        <span className="text-zinc-400">Dạng thô (base64, 32 byte):</span>
        <code className="break-all text-zinc-200" data-testid="public-key-raw">
          {publicKey.public_key_raw_base64}
        </code>
        <CopyButton value={publicKey.public_key_raw_base64} label="khoá công khai dạng thô" copiedMessage="Đã sao chép khoá công khai" />
      </div>
    </section>
  );
}

export default function AdminSettingsRoute() {
  const { settings, error, publicKey, webhook, crypto } = useLoaderData<typeof clientLoader>();
  const revalidator = useRevalidator();
  return (
    <AdminPage title="Cài đặt" subtitle="Các thiết lập chung của cửa hàng.">
      {settings ? (
        // A new key after each save: the input shows the value now in force.
        <RateForm key={`${settings.usd_vnd_rate}-${settings.updated_at}`} settings={settings} />
      ) : (
        <Alert className="max-w-xl" lines={error}>
          <button type="button" className={`${BUTTON_SECONDARY} mt-3`} onClick={() => revalidator.revalidate()} disabled={revalidator.state !== "idle"}>
            Thử lại
          </button>
        </Alert>
      )}
      {crypto && <CryptoForm key={`${crypto.enabled}-${crypto.min_usd}-${crypto.max_usd}-${crypto.updated_at}`} crypto={crypto} />}
      {publicKey && <PublicKeyCard publicKey={publicKey} />}
      {webhook && <webhook.Section setting={webhook.setting} log={webhook.log} />}
    </AdminPage>
  );
}
