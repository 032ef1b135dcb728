// The crypto top-ups' settings on /admin/settings (issue 54, docs/decisions/0050): on or off, and
// the smallest and largest invoice in whole US dollars; the rate is the store's USD→VND rate.
import { Form, useActionData, useNavigation } from "@remix-run/react";
import type { cryptoSettingsView } from "@workers/owner/store-settings";
import { BUTTON_PRIMARY, CARD } from "~/owner/AdminShell";
import { type ActionFailed, actionFailure, adminCall } from "~/owner/admin-route";
import { Field } from "~/ui/Field";
import { inputClass } from "~/ui/input-class";
import { Spinner } from "~/ui/Spinner";
import { toast } from "~/ui/toast";
import { Alert } from "~/ui/Alert";

export type CryptoSettings = Awaited<ReturnType<typeof cryptoSettingsView>>;
/** The crypto form's answer; `form` tells it from the rate's and the webhook's. */
export type CryptoSaved = ({ ok: true } | ActionFailed) & { form: "crypto" };

const CRYPTO_INVALID = "Số USD nguyên từ 1 đến 100000, tối thiểu không lớn hơn tối đa";

/** Crypto top-ups on or off, and the smallest and largest invoice in whole US dollars. */
export async function saveCrypto(request: Request, form: FormData): Promise<CryptoSaved> {
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
    return { ok: true, form: "crypto" };
  } catch (error) {
    return { ...actionFailure(error, request, "Lưu cài đặt thất bại"), form: "crypto" };
  }
}

export function CryptoForm({ crypto }: { crypto: CryptoSettings }) {
  const navigation = useNavigation();
  const answered = useActionData<CryptoSaved | { ok: boolean }>();
  const saved = answered && "form" in answered ? answered : undefined;
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "crypto";
  const error = saved && !saved.ok && navigation.state === "idle" ? saved.error : null;
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
        <Alert lines={error} />
        <button type="submit" className={BUTTON_PRIMARY} disabled={busy}>
          {busy && <Spinner />}
          Lưu cài đặt tiền mã hoá
        </button>
      </Form>
    </section>
  );
}

