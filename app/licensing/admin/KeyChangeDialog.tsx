// The confirmation of one change to a key (activate, deactivate, device reset, extension, ban,
// unban): what it does, and for an extension how many days (1–3650, as the server takes them).
import { type FormEvent, useState } from "react";
import { Modal, ModalActions } from "~/owner/AdminDialogs";
import { Field, inputClass } from "~/ui/Field";
import type { AdminKey } from "@workers/licensing/key-admin";

export type KeyChange = "activate" | "deactivate" | "reset-device" | "extend" | "ban" | "unban";

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

const MAX_EXTEND_DAYS = 3650;

export function KeyChangeDialog({
  change,
  busy,
  onConfirm,
  onClose,
}: {
  change: { kind: KeyChange; key: AdminKey } | null;
  busy: boolean;
  onConfirm: (days?: number) => void;
  onClose: () => void;
}) {
  const [days, setDays] = useState("30");
  const text = change ? CHANGES[change.kind] : null;
  const count = Number(days);
  const daysValid = Number.isInteger(count) && count >= 1 && count <= MAX_EXTEND_DAYS;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (change?.kind !== "extend") onConfirm();
    else if (daysValid) onConfirm(count);
  }

  return (
    <Modal open={change !== null} onClose={onClose} title={text?.title ?? ""} busy={busy} testId="key-change-dialog">
      {change && text && (
        <form onSubmit={submit} noValidate>
          <p className="text-sm break-words text-zinc-300">{text.message(change.key)}</p>
          {change.kind === "extend" && (
            <div className="mt-4">
              <Field id="extend-days" label="Số ngày gia hạn" required errors={daysValid ? undefined : [`Số ngày gia hạn phải là số nguyên từ 1 đến ${MAX_EXTEND_DAYS}`]}>
                <input
                  id="extend-days"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={MAX_EXTEND_DAYS}
                  step={1}
                  className={inputClass(!daysValid)}
                  value={days}
                  onChange={(event) => setDays(event.target.value)}
                  data-autofocus
                />
              </Field>
            </div>
          )}
          <ModalActions className="mt-5" onCancel={onClose} busy={busy} label={text.label} danger={text.danger} disabled={change.kind === "extend" && !daysValid} />
        </form>
      )}
    </Modal>
  );
}
