// The pause tab (issue 55 item 1): while the app is paused, its reason and since when, and the
// resume; otherwise the form that pauses it, with the reason buyers and mods see, in Vietnamese
// and English.
import { useFetcher } from "@remix-run/react";
import { type FormEvent, useState } from "react";
import { BUTTON_DANGER, BUTTON_PRIMARY, CARD } from "~/owner/AdminShell";
import { Field } from "~/ui/Field";
import { inputClass } from "~/ui/input-class";
import { formatDateTime } from "@workers/shared/format";
import { MAX_PAUSE_REASON } from "@workers/shared/licensing/reasons";
import type { ActionResult } from "~/owner/admin-route";
import type { PauseData } from "./pause-data";

export function PauseScreen({ appId, pause }: PauseData) {
  const fetcher = useFetcher<ActionResult>();
  const [reason, setReason] = useState("");
  const [reasonEn, setReasonEn] = useState("");
  const busy = fetcher.state !== "idle";
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.errors ?? {}) : {};
  if (appId === null) return null;

  function submit(event: FormEvent) {
    event.preventDefault();
    fetcher.submit({ intent: "pause", app_id: appId, reason, reason_en: reasonEn }, { method: "post", encType: "application/json" });
  }

  if (pause) {
    return (
      <section aria-labelledby="pause-heading" className={`${CARD} p-5`} data-pause-state="paused">
        <h2 id="pause-heading" className="text-lg font-bold text-amber-300">
          ⏸ Ứng dụng đang tạm dừng
        </h2>
        <p className="mt-1 text-sm text-zinc-400">Từ {formatDateTime(pause.paused_at)}. Key không bị trừ thời gian; không bán key mới.</p>
        <dl className="mt-3 grid gap-2 text-sm">
          <div>
            <dt className="text-zinc-400">Lý do</dt>
            <dd className="text-white" data-pause-reason>
              {pause.reason}
            </dd>
          </div>
          <div>
            <dt className="text-zinc-400">Lý do (tiếng Anh)</dt>
            <dd className="text-white">{pause.reason_en}</dd>
          </div>
        </dl>
        <p className="mt-4 text-sm text-zinc-300">Tiếp tục: mọi key đang chạy lúc tạm dừng được cộng thêm đúng thời gian đã tạm dừng.</p>
        <button
          type="button"
          className={`${BUTTON_PRIMARY} mt-3`}
          disabled={busy}
          onClick={() => fetcher.submit({ intent: "resume", app_id: appId }, { method: "post", encType: "application/json" })}
        >
          Tiếp tục ứng dụng
        </button>
      </section>
    );
  }
  return (
    <section aria-labelledby="pause-heading" className={`${CARD} p-5`} data-pause-state="running">
      <h2 id="pause-heading" className="text-lg font-bold text-white">
        Tạm dừng ứng dụng
      </h2>
      <p className="mt-1 text-sm text-zinc-400">
        Khi bản cập nhật game làm hỏng mod: thời hạn của mọi key đang chạy được giữ nguyên, mod nhận lý do khi kiểm tra key, trang ứng dụng ngừng bán key.
      </p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
        <Field id="pause-reason" label="Lý do (tiếng Việt)" required errors={errors.reason}>
          <input id="pause-reason" className={inputClass(!!errors.reason)} maxLength={MAX_PAUSE_REASON} value={reason} onChange={(event) => setReason(event.target.value)} />
        </Field>
        <Field id="pause-reason-en" label="Lý do (tiếng Anh)" required errors={errors.reason_en}>
          <input id="pause-reason-en" className={inputClass(!!errors.reason_en)} maxLength={MAX_PAUSE_REASON} value={reasonEn} onChange={(event) => setReasonEn(event.target.value)} />
        </Field>
        <div>
          <button type="submit" className={BUTTON_DANGER} disabled={busy}>
            Tạm dừng ứng dụng
          </button>
        </div>
      </form>
    </section>
  );
}
