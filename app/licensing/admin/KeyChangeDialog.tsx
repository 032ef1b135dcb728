// The confirmation of one change to a key (activate, deactivate, device reset, extension, ban,
// unban): what it does, for an extension how many days, for a ban maybe the phone too, checked with
// the server's own rules and words (workers/shared/licensing/key-changes.ts).
import { type FormEvent, useState } from "react";
import { Modal, ModalActions } from "~/owner/AdminDialogs";
import { Field } from "~/ui/Field";
import { inputClass } from "~/ui/input-class";
import type { AdminKey } from "@workers/licensing/key-admin";
import { banReasonProblem, EXTEND_DAYS, EXTEND_MESSAGES, isExtendDays } from "@workers/shared/licensing/key-changes";
import { MAX_BAN_REASON } from "@workers/shared/licensing/reasons";

export type KeyChange = "activate" | "deactivate" | "reset-device" | "extend" | "ban" | "unban";

/** Banning a bound key may ban its phone too (issue 55 item 2): for this app or the whole shop, with the reason the mod is told. */
export type PhoneBan = { reason: string; shopWide: boolean };

const CHANGES: Record<KeyChange, { title: string; label: string; message: (key: AdminKey) => string; danger?: boolean }> = {
  activate: { title: "Kích hoạt key", label: "Kích hoạt", message: (key) => `Kích hoạt lại key ${key.key_code} để bán tiếp?` },
  deactivate: { title: "Vô hiệu hóa key", label: "Vô hiệu hóa", message: (key) => `Vô hiệu hóa key ${key.key_code}? Key sẽ không được bán.`, danger: true },
  "reset-device": {
    title: "Gỡ thiết bị",
    label: "Gỡ thiết bị",
    message: (key) => `Gỡ key ${key.key_code} khỏi thiết bị …${key.device_hint}? Thiết bị kiểm tra tiếp theo sẽ được kích hoạt; thời hạn không đổi.`,
  },
  extend: { title: "Gia hạn key", label: "Gia hạn", message: (key) => `Gia hạn key ${key.key_code}, tính từ hạn hiện tại (hoặc từ bây giờ nếu đã hết hạn).` },
  ban: { title: "Khóa key", label: "Khóa key", message: (key) => `Khóa key ${key.key_code}? Mọi lần kiểm tra sẽ báo key đã bị thu hồi cho đến khi mở khóa.`, danger: true },
  unban: { title: "Mở khóa key", label: "Mở khóa", message: (key) => `Mở khóa key ${key.key_code}?` },
};

export function KeyChangeDialog({
  change,
  busy,
  onConfirm,
  onClose,
}: {
  change: { kind: KeyChange; key: AdminKey };
  busy: boolean;
  onConfirm: (days?: number, phone?: PhoneBan) => void;
  onClose: () => void;
}) {
  const [days, setDays] = useState("30");
  const text = CHANGES[change.kind];
  const count = Number(days);
  const daysValid = isExtendDays(count);
  const [banPhone, setBanPhone] = useState(false);
  const [reason, setReason] = useState("");
  const [shopWide, setShopWide] = useState(false);
  const reasonProblem = banPhone ? banReasonProblem(reason.trim()) : null;
  const phoneOffered = change.kind === "ban" && Boolean(change.key.device_id);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (change.kind === "extend") {
      if (daysValid) onConfirm(count);
    } else if (phoneOffered && banPhone) {
      if (!reasonProblem) onConfirm(undefined, { reason: reason.trim(), shopWide });
    } else onConfirm();
  }

  return (
    <Modal open onClose={onClose} title={text.title} busy={busy} testId="key-change-dialog">
      <form onSubmit={submit} noValidate>
        <p className="text-sm break-words text-zinc-300">{text.message(change.key)}</p>
        {change.kind === "extend" && (
          <div className="mt-4">
            <Field id="extend-days" label="Số ngày gia hạn" required errors={daysValid ? undefined : [EXTEND_MESSAGES.extendDays.in("vi")]}>
              <input
                id="extend-days"
                type="number"
                inputMode="numeric"
                min={EXTEND_DAYS.min}
                max={EXTEND_DAYS.max}
                step={1}
                className={inputClass(!daysValid)}
                value={days}
                onChange={(event) => setDays(event.target.value)}
                data-autofocus
              />
            </Field>
          </div>
        )}
        {phoneOffered && (
          <fieldset className="mt-4 space-y-3 text-sm text-zinc-300" data-testid="ban-phone-too">
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={banPhone} onChange={(event) => setBanPhone(event.target.checked)} />
              Chặn luôn thiết bị này (…{change.key.device_hint}): key mới hay key dùng thử cũng không chạy trên máy này
            </label>
            {banPhone && (
              <>
                <Field id="ban-phone-reason" label="Lý do chặn (mod sẽ hiển thị)" required errors={reasonProblem ? [reasonProblem.in("vi")] : undefined}>
                  <input id="ban-phone-reason" maxLength={MAX_BAN_REASON} className={inputClass(Boolean(reasonProblem))} value={reason} onChange={(event) => setReason(event.target.value)} />
                </Field>
                <label className="flex items-center gap-2">
                  <input type="checkbox" checked={shopWide} onChange={(event) => setShopWide(event.target.checked)} />
                  Chặn trên toàn cửa hàng (không chỉ ứng dụng này)
                </label>
              </>
            )}
          </fieldset>
        )}
        <ModalActions className="mt-5" onCancel={onClose} busy={busy} label={text.label} danger={text.danger} disabled={(change.kind === "extend" && !daysValid) || Boolean(reasonProblem)} />
      </form>
    </Modal>
  );
}
