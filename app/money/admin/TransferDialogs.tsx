// The bank transfer screen's dialogs: credit a transfer to a user found by e-mail or username,
// credit a parked card to its owner, or dismiss either with a note.
import { useFetcher } from "@remix-run/react";
import type { ActionResult } from "~/owner/admin-route";
import { type FormEvent, useState } from "react";
import { BUTTON_SECONDARY } from "~/owner/AdminShell";
import { Modal, ModalActions } from "~/owner/AdminDialogs";
import { Field } from "~/ui/Field";
import { ValidationSummary } from "~/ui/forms/ValidationSummary";
import { inputClass } from "~/ui/input-class";
import { Spinner } from "~/ui/Spinner";
import { formatVND } from "@workers/shared/format";
import { fieldErrorsOf, useFetcherAnswer } from "~/ui/forms/fetcher-answer";

import type { FoundUser, Transfer } from "./bank-transfers";

const TRANSFER_LABELS = { user_id: "ID người dùng", note: "Ghi chú" };

export function CardCreditDialog({ transfer, onClose }: { transfer: Transfer; onClose: () => void }) {
  const [note, setNote] = useState("");
  const save = useFetcher<ActionResult>();
  const busy = save.state !== "idle";
  const answer = useFetcherAnswer(save, (answer) => answer.ok && onClose());

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    save.submit({ intent: "credit", id: transfer.id, note: note.trim() }, { method: "post", encType: "application/json", flushSync: true });
  }

  return (
    <Modal open onClose={onClose} title="Cộng tiền thẻ cào cho chủ thẻ" busy={busy} testId="credit-card">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <p className="text-sm text-zinc-300">
          Cộng <span className="font-semibold text-emerald-300">{formatVND(transfer.amount)}</span> cho{" "}
          {transfer.user ? (
            <span className="font-semibold text-white">
              #{transfer.user.id} @{transfer.user.username}
            </span>
          ) : (
            "chủ thẻ"
          )}
          . Hãy đối chiếu với cổng thẻ trước khi cộng.
        </p>
        <Field id="card-credit-note" label="Ghi chú">
          <input id="card-credit-note" className={inputClass(false)} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
        </Field>
        <ValidationSummary errors={fieldErrorsOf(answer)} labels={TRANSFER_LABELS} />
        <ModalActions onCancel={onClose} busy={busy} label="Cộng tiền" />
      </form>
    </Modal>
  );
}

type CreditDialogProps = { transfer: Transfer; found: FoundUser[] | null; searching: boolean; onFind: (term: string) => void; onClose: () => void };

export function CreditDialog({ transfer, found, searching, onFind, onClose }: CreditDialogProps) {
  const [userId, setUserId] = useState("");
  const [lookup, setLookup] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const save = useFetcher<ActionResult>();
  const busy = save.state !== "idle";
  const answer = useFetcherAnswer(save, (answer) => answer.ok && onClose());

  function search() {
    const term = lookup.trim();
    if (term) onFind(term);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const id = Number(userId);
    if (!Number.isSafeInteger(id) || id <= 0) {
      setError("Vui lòng nhập ID người dùng");
      return;
    }
    setError(null);
    save.submit({ intent: "credit", id: transfer.id, user_id: id, note: note.trim() }, { method: "post", encType: "application/json", flushSync: true });
  }

  return (
    <Modal open onClose={onClose} title="Cộng tiền cho người dùng" busy={busy} testId="credit-transfer">
      <div className="space-y-4">
        <p className="text-sm text-zinc-300">
          Số tiền <span className="font-semibold text-emerald-300">{formatVND(transfer.amount)}</span> · nội dung “{transfer.content || "—"}”
        </p>
        <div>
          <label htmlFor="credit-lookup" className="mb-1.5 block text-sm font-medium text-zinc-200">
            Tìm người dùng (email hoặc tên đăng nhập)
          </label>
          <div className="flex gap-2">
            <input
              id="credit-lookup"
              type="search"
              className={inputClass(false)}
              value={lookup}
              onChange={(event) => setLookup(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  search();
                }
              }}
            />
            <button type="button" className={BUTTON_SECONDARY} onClick={search} disabled={searching}>
              {searching && <Spinner />}
              Tìm
            </button>
          </div>
          {found && (
            <ul className="mt-2 max-h-48 divide-y divide-white/5 overflow-y-auto rounded-xl border border-white/5 text-sm">
              {found.length === 0 && <li className="px-3 py-2 text-zinc-400">Không tìm thấy người dùng nào.</li>}
              {found.map((user) => (
                <li key={user.id}>
                  <button
                    type="button"
                    onClick={() => setUserId(String(user.id))}
                    aria-pressed={userId === String(user.id)}
                    className={`flex w-full items-center justify-between gap-3 px-3 py-2 text-left hover:bg-white/5 ${userId === String(user.id) ? "bg-indigo-500/15" : ""}`}
                  >
                    <span className="min-w-0">
                      <span className="block truncate text-white">
                        #{user.id} @{user.username}
                      </span>
                      <span className="block truncate text-xs text-zinc-400">{user.email}</span>
                    </span>
                    <span className="shrink-0 text-xs text-emerald-300">{formatVND(user.balance ?? 0)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <Field id="credit-user" label="ID người dùng" required errors={error}>
            <input id="credit-user" inputMode="numeric" className={inputClass(Boolean(error))} value={userId} onChange={(event) => setUserId(event.target.value.replace(/\D/g, ""))} />
          </Field>
          <Field id="credit-note" label="Ghi chú">
            <input id="credit-note" className={inputClass(false)} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
          </Field>
          <ValidationSummary errors={fieldErrorsOf(answer)} labels={TRANSFER_LABELS} />
          <ModalActions onCancel={onClose} busy={busy} label="Cộng tiền" />
        </form>
      </div>
    </Modal>
  );
}

export function DismissDialog({ transfer, onClose }: { transfer: Transfer; onClose: () => void }) {
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const save = useFetcher<ActionResult>();
  const busy = save.state !== "idle";
  const answer = useFetcherAnswer(save, (answer) => answer.ok && onClose());

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!note.trim()) {
      setError("Vui lòng nhập ghi chú");
      return;
    }
    save.submit({ intent: "dismiss", id: transfer.id, note: note.trim() }, { method: "post", encType: "application/json", flushSync: true });
  }

  return (
    <Modal open onClose={onClose} title="Bỏ qua giao dịch" busy={busy} testId="dismiss-transfer">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <p className="text-sm text-zinc-300">
          {formatVND(transfer.amount)} · “{transfer.content || "—"}”
        </p>
        <Field id="dismiss-note" label="Ghi chú" required errors={error}>
          <textarea id="dismiss-note" rows={3} className={inputClass(Boolean(error))} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
        </Field>
        <ValidationSummary errors={fieldErrorsOf(answer)} labels={TRANSFER_LABELS} />
        <ModalActions onCancel={onClose} busy={busy} label="Bỏ qua" />
      </form>
    </Modal>
  );
}
