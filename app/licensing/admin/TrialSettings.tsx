// An app's trial length on its admin page (issue 55 item 3): hours of the free trial a signed-in
// buyer claims once ("Dùng thử" on the app page), 0 for none. Saved by the edit route's clientAction
// (intent "trial": PUT /api/admin/apps/{id}/trial/).
import { useFetcher } from "@remix-run/react";
import { BUTTON_PRIMARY, CARD } from "~/owner/AdminShell";
import { Field } from "~/ui/Field";
import { inputClass } from "~/ui/input-class";
import { Spinner } from "~/ui/Spinner";

export type TrialSaved = { intent: "trial"; ok: boolean; message: string };

export function TrialSettings({ appId, hours }: { appId: number; hours: number }) {
  const fetcher = useFetcher<TrialSaved>();
  const busy = fetcher.state !== "idle";
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  return (
    <section className={`${CARD} mb-6 max-w-2xl p-5`} aria-labelledby="trial-heading" data-testid="trial-settings">
      <h2 id="trial-heading" className="text-lg font-bold text-white">
        Dùng thử
      </h2>
      <p className="mt-1 text-sm text-zinc-400">
        Người mua đã đăng nhập nhận một key dùng thử miễn phí, một lần mỗi tài khoản; mỗi thiết bị chỉ chạy được một bản dùng thử của ứng dụng. Nhập 0 để tắt.
      </p>
      <fetcher.Form method="post" className="mt-4 flex flex-wrap items-end gap-3" noValidate>
        <input type="hidden" name="intent" value="trial" />
        <input type="hidden" name="app_id" value={appId} />
        <Field id="trial-hours" label="Thời gian dùng thử (giờ)" errors={failed}>
          <input id="trial-hours" name="hours" inputMode="numeric" defaultValue={hours} className={`${inputClass(Boolean(failed))} w-32`} />
        </Field>
        <button type="submit" className={BUTTON_PRIMARY} disabled={busy}>
          {busy && <Spinner />}
          Lưu
        </button>
      </fetcher.Form>
    </section>
  );
}
