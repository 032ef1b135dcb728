// /admin/settings: the store's settings: the USD→VND rate that prices every USD key and every crypto
// top-up (the wallet is VND), crypto top-ups on or off with their smallest and largest invoice, and the public key mods verify key-check answers with (docs/licensing.md). Loads and saves in clientLoader/clientAction: the token lives in the browser, so
// nothing of this page is rendered on the server but the admin layout's loading state.
import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientActionFunctionArgs, type ClientLoaderFunctionArgs, Form, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import type { PublicKeyInfo } from "@workers/licensing/license-signing";
import type { cryptoSettingsView, RateSettings } from "@workers/owner/store-settings";
import { AdminPage, BUTTON_PRIMARY, BUTTON_SECONDARY, CARD } from "~/owner/AdminShell";
import { CopyButton } from "~/ui/CopyButton";
import { Field, inputClass, ValidationSummary } from "~/ui/Field";
import { Spinner } from "~/ui/Spinner";
import { groupDigits, parsePrice } from "~/owner/admin";
import { type ActionFailed, actionFailure, adminCall, adminCallFailure } from "~/owner/admin-route";
import { formatDateTime, formatVND } from "@workers/shared/format";
import { pageMeta } from "~/ui/meta";
import { toast } from "~/ui/toast";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "Cài đặt");

const MAX_RATE = 1_000_000;
const RATE_INVALID = "Tỷ giá phải là số nguyên từ 1 đến 1.000.000 (số đồng cho 1 US$)";
const RATE_LABEL = "Tỷ giá (số đồng cho 1 US$)";

type CryptoSettings = Awaited<ReturnType<typeof cryptoSettingsView>>;
type Loaded = { settings: RateSettings | null; error: string | null; publicKey: PublicKeyInfo | null; crypto: CryptoSettings | null };
const CRYPTO_INVALID = "Số USD nguyên từ 1 đến 100000, tối thiểu không lớn hơn tối đa";

export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<Loaded> {
  // The key is public: without it the rest of the page still works.
  const publicKey = adminCall(request, (api) => api.api.keys["public-key"].$get()).catch(() => null);
  // The crypto top-ups' settings (issue 54): without them the rate still shows.
  const crypto = adminCall(request, (api) => api.api.admin.crypto.settings.$get())
    .then((body) => body.data)
    .catch(() => null);
  try {
    const body = await adminCall(request, (api) => api.api.admin.settings.$get());
    return { settings: body.data, error: null, publicKey: await publicKey, crypto: await crypto };
  } catch (error) {
    return { settings: null, error: adminCallFailure(error, request, "Không thể tải cài đặt"), publicKey: await publicKey, crypto: await crypto };
  }
}
/** `form`: which form a refusal belongs to (the rate's unless "crypto"). */
type Saved = { ok: true } | (ActionFailed & { form?: "crypto" });

export async function clientAction({ request }: ClientActionFunctionArgs): Promise<Saved> {
  const form = await request.formData();
  if (form.get("intent") === "crypto") return saveCrypto(request, form);
  let rate: number | null = null;
  if (form.get("intent") !== "default") {
    rate = parsePrice(String(form.get("usd_vnd_rate") ?? ""));
    if (rate === null || rate < 1 || rate > MAX_RATE) return { ok: false, error: RATE_INVALID, errors: null };
  }
  try {
    const body = await adminCall(request, (api) => api.api.admin.settings.$put({ json: { usd_vnd_rate: rate } }));
    toast.success(body.message || "Đã lưu cài đặt");
    return { ok: true };
  } catch (error) {
    return actionFailure(error, request, "Lưu cài đặt thất bại");
  }
}

/** Crypto top-ups on or off, and the smallest and largest invoice in whole US dollars. */
async function saveCrypto(request: Request, form: FormData): Promise<Saved> {
  const whole = (name: string) => {
    const value = Number(String(form.get(name) ?? "").trim());
    return Number.isInteger(value) && value >= 1 && value <= 100_000 ? value : null;
  };
  const min = whole("min_usd");
  const max = whole("max_usd");
  if (min === null || max === null || min > max) return { ok: false, error: CRYPTO_INVALID, errors: null, form: "crypto" };
  try {
    const body = await adminCall(request, (api) => api.api.admin.crypto.settings.$put({ json: { enabled: form.get("enabled") === "on", min_usd: min, max_usd: max } }));
    toast.success(body.message || "Đã lưu cài đặt");
    return { ok: true };
  } catch (error) {
    return { ...actionFailure(error, request, "Lưu cài đặt thất bại"), form: "crypto" };
  }
}

function CryptoForm({ crypto }: { crypto: CryptoSettings }) {
  const navigation = useNavigation();
  const saved = useActionData<typeof clientAction>();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "crypto";
  const error = saved && !saved.ok && saved.form === "crypto" && navigation.state === "idle" ? saved.error : null;
  return (
    <section className={`${CARD} mt-4 max-w-xl p-5`} aria-labelledby="crypto-heading">
      <h2 id="crypto-heading" className="text-lg font-bold text-white">
        Nạp tiền mã hoá (NOWPayments)
      </h2>
      <p className="mt-1 text-sm text-zinc-400">
        Khách trả bằng USD qua cổng NOWPayments, ví được cộng VND theo tỷ giá ở trên (chốt khi tạo hoá đơn).
        {!crypto.gateway_configured && " Chưa cấu hình cổng (NOWPAYMENTS_API_URL): không thể bật."}
      </p>
      <Form method="post" className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="intent" value="crypto" />
        <label className="flex items-center gap-2 text-sm text-zinc-200">
          <input type="checkbox" name="enabled" defaultChecked={crypto.enabled} className="h-4 w-4 accent-indigo-500" />
          Cho phép nạp bằng tiền mã hoá
        </label>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id="crypto-min" label="Tối thiểu (USD)" required>
            <input id="crypto-min" name="min_usd" inputMode="numeric" defaultValue={crypto.min_usd} className={inputClass(Boolean(error))} />
          </Field>
          <Field id="crypto-max" label="Tối đa (USD)" required>
            <input id="crypto-max" name="max_usd" inputMode="numeric" defaultValue={crypto.max_usd} className={inputClass(Boolean(error))} />
          </Field>
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-300">
            {error}
          </p>
        )}
        <button type="submit" className={BUTTON_PRIMARY} disabled={busy}>
          {busy && <Spinner />}
          Lưu cài đặt tiền mã hoá
        </button>
      </Form>
    </section>
  );
}

function sourceLabel(settings: RateSettings): string {
  if (settings.source === "store") return `Do quản trị viên đặt${settings.updated_at ? ` lúc ${formatDateTime(settings.updated_at)}` : ""}`;
  if (settings.source === "env") return "Mặc định của cửa hàng (USD_VND_RATE)";
  return "Chưa có tỷ giá: giá bằng USD chưa thể mua";
}

function RateForm({ settings }: { settings: RateSettings }) {
  const saved = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const [text, setText] = useState(settings.usd_vnd_rate === null ? "" : groupDigits(String(settings.usd_vnd_rate)));
  const typed = parsePrice(text);
  const error = saved && !saved.ok && saved.form !== "crypto" ? saved.error : null;

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
        <ValidationSummary errors={saved && !saved.ok && saved.form !== "crypto" ? saved.errors : null} labels={{ usd_vnd_rate: RATE_LABEL }} />
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
  const { settings, error, publicKey, crypto } = useLoaderData<typeof clientLoader>();
  const revalidator = useRevalidator();
  return (
    <AdminPage title="Cài đặt" subtitle="Các thiết lập chung của cửa hàng.">
      {settings ? (
        // A new key after each save: the input shows the value now in force.
        <RateForm key={`${settings.usd_vnd_rate}-${settings.updated_at}`} settings={settings} />
      ) : (
        <div role="alert" className={`${CARD} max-w-xl p-5 text-sm text-red-200`}>
          <p>{error}</p>
          <button type="button" className={`${BUTTON_SECONDARY} mt-3`} onClick={() => revalidator.revalidate()} disabled={revalidator.state !== "idle"}>
            Thử lại
          </button>
        </div>
      )}
      {crypto && <CryptoForm key={`${crypto.enabled}-${crypto.min_usd}-${crypto.max_usd}-${crypto.updated_at}`} crypto={crypto} />}
      {publicKey && <PublicKeyCard publicKey={publicKey} />}
    </AdminPage>
  );
}
