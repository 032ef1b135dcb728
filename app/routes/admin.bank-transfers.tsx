// /admin/bank-transfers: bank transfers that matched no top-up (late, cancelled, wrong amount, no
// code), and phone cards parked for review (a success after the card was closed, or no answer from
// the gateway for a day). An admin credits a transfer to a user (found by e-mail or username), a
// card to its owner, or dismisses either with a note.
import type { MetaFunction } from "@remix-run/cloudflare";
import { type FormEvent, useEffect, useState } from "react";
import { AdminPage, Badge, BUTTON_SECONDARY, BUTTON_SMALL, EmptyRow, Modal, ModalActions, SELECT_CLASS, TABLE_WRAP, TD, TH, useAdminError } from "~/components/admin/AdminShell";
import { Field, inputClass } from "~/components/Field";
import { Spinner } from "~/components/Spinner";
import { apiFetch } from "~/lib/api";
import { formatDateTime } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { toast } from "~/lib/toast";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "Chuyển khoản chưa khớp");

type Transfer = {
  id: number;
  provider: string;
  provider_transaction_id: string;
  amount: number;
  formatted_amount: string;
  content: string | null;
  account_number: string | null;
  status: string;
  matched_topup_id: number | null;
  bank_reference: string | null;
  card: { transaction_id: string; telco: string; card_serial: string; formatted_card_value: string; status_display: string } | null;
  user: { id: number; username: string; email: string } | null;
  credited_user_id: number | null;
  resolution_note: string | null;
  received_at: string;
};

type FoundUser = { id: number; username: string; email: string; full_name: string; formatted_balance: string };

const STATUSES: { value: string; label: string; tone: string }[] = [
  { value: "unmatched", label: "Chưa khớp", tone: "bg-amber-500/15 text-amber-300 ring-amber-400/30" },
  { value: "credited", label: "Đã cộng tiền", tone: "bg-emerald-500/15 text-emerald-300 ring-emerald-400/30" },
  { value: "dismissed", label: "Đã bỏ qua", tone: "bg-zinc-500/15 text-zinc-300 ring-zinc-400/30" },
  { value: "ignored", label: "Bị bỏ qua tự động", tone: "bg-zinc-500/15 text-zinc-400 ring-zinc-400/20" },
];

function statusOf(value: string) {
  return STATUSES.find((item) => item.value === value) ?? { value, label: value, tone: "bg-zinc-500/15 text-zinc-300 ring-zinc-400/30" };
}

function BankTransfers() {
  const [status, setStatus] = useState("unmatched");
  const [list, setList] = useState<Transfer[]>([]);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const [crediting, setCrediting] = useState<Transfer | null>(null);
  const [creditingCard, setCreditingCard] = useState<Transfer | null>(null);
  const [dismissing, setDismissing] = useState<Transfer | null>(null);
  const handleError = useAdminError();

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    const query = status ? `?status=${encodeURIComponent(status)}` : "";
    apiFetch<{ data: Transfer[] }>(`/api/admin/bank-transfers/${query}`, { auth: true, signal: controller.signal })
      .then((body) => setList(body.data ?? []))
      .catch((error) => {
        if (!controller.signal.aborted) handleError(error, "Không thể tải danh sách chuyển khoản");
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [status, version, handleError]);

  const done = () => setVersion((value) => value + 1);

  return (
    <AdminPage
      title="Chuyển khoản chưa khớp"
      subtitle="Giao dịch ngân hàng không khớp với lệnh nạp nào, và thẻ cào cần duyệt: cộng cho người dùng (thẻ: cho chủ thẻ) hoặc bỏ qua kèm ghi chú."
    >
      <div className="mb-3 flex items-center gap-2">
        <label htmlFor="transfer-status" className="sr-only">
          Lọc theo trạng thái
        </label>
        <select id="transfer-status" className={SELECT_CLASS} value={status} onChange={(event) => setStatus(event.target.value)}>
          {STATUSES.map((item) => (
            <option key={item.value} value={item.value}>
              {item.label}
            </option>
          ))}
          <option value="">Tất cả</option>
        </select>
        {loading && <Spinner className="h-4 w-4 text-indigo-400" />}
      </div>
      <div className={TABLE_WRAP}>
        <table className="w-full min-w-[60rem] text-sm text-zinc-200" data-testid="transfer-table">
          <thead className="border-b border-white/5">
            <tr>
              <th className={TH}>Thời gian</th>
              <th className={`${TH} text-right`}>Số tiền</th>
              <th className={TH}>Nội dung</th>
              <th className={TH}>Mã giao dịch</th>
              <th className={TH}>Trạng thái</th>
              <th className={TH}>Ghi chú</th>
              <th className={`${TH} text-right`}>Thao tác</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/5">
            {!loading && list.length === 0 && <EmptyRow colSpan={7}>Không có giao dịch nào.</EmptyRow>}
            {list.map((transfer) => {
              const state = statusOf(transfer.status);
              return (
                <tr key={transfer.id} data-transfer-id={transfer.id}>
                  <td className={`${TD} whitespace-nowrap`}>{formatDateTime(transfer.received_at)}</td>
                  <td className={`${TD} text-right font-semibold whitespace-nowrap text-emerald-300`}>{transfer.formatted_amount}</td>
                  <td className={`${TD} max-w-[18rem] break-words`}>
                    {transfer.card ? <CardSummary transfer={transfer} /> : transfer.content || "—"}
                  </td>
                  <td className={`${TD} font-mono text-xs`}>
                    {transfer.provider}:{transfer.provider_transaction_id}
                    {transfer.bank_reference && <span className="block text-zinc-400">Ref {transfer.bank_reference}</span>}
                  </td>
                  <td className={TD}>
                    <Badge tone={state.tone}>{state.label}</Badge>
                    {transfer.credited_user_id !== null && <span className="ml-1 text-xs text-zinc-400">→ #{transfer.credited_user_id}</span>}
                  </td>
                  <td className={`${TD} max-w-[14rem] break-words text-zinc-400`}>{transfer.resolution_note || "—"}</td>
                  <td className={`${TD} text-right whitespace-nowrap`}>
                    {transfer.status === "unmatched" && (
                      <div className="inline-flex gap-1.5">
                        <button type="button" className={BUTTON_SMALL} onClick={() => (transfer.card ? setCreditingCard(transfer) : setCrediting(transfer))}>
                          {transfer.card ? "Cộng cho chủ thẻ" : "Cộng cho người dùng"}
                        </button>
                        <button type="button" className={BUTTON_SMALL} onClick={() => setDismissing(transfer)}>
                          Bỏ qua
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <CreditDialog transfer={crediting} onClose={() => setCrediting(null)} onDone={done} />
      <CardCreditDialog transfer={creditingCard} onClose={() => setCreditingCard(null)} onDone={done} />
      <DismissDialog transfer={dismissing} onClose={() => setDismissing(null)} onDone={done} />
    </AdminPage>
  );
}

/** A parked card: which card it is and whose, since its credit can only go to that user. */
function CardSummary({ transfer }: { transfer: Transfer }) {
  const { card, user } = transfer;
  if (!card) return null;
  return (
    <span data-testid="parked-card">
      <span className="block text-white">
        Thẻ {card.telco} · {card.formatted_card_value}
      </span>
      <span className="block font-mono text-xs text-zinc-400">Serial {card.card_serial}</span>
      <span className="block text-xs text-zinc-400">Trạng thái thẻ: {card.status_display}</span>
      {user && (
        <span className="block text-xs text-zinc-300">
          Chủ thẻ: #{user.id} @{user.username}
        </span>
      )}
      {transfer.content && <span className="block text-xs text-zinc-500">{transfer.content}</span>}
    </span>
  );
}

function CardCreditDialog({ transfer, onClose, onDone }: { transfer: Transfer | null; onClose: () => void; onDone: () => void }) {
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const handleError = useAdminError();

  useEffect(() => {
    if (transfer) setNote("");
  }, [transfer]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!transfer || busy) return;
    setBusy(true);
    try {
      const body = await apiFetch<{ message?: string }>(`/api/admin/bank-transfers/${transfer.id}/credit/`, { method: "POST", auth: true, body: { note: note.trim() } });
      toast.success(body.message || "Đã cộng tiền");
      onDone();
      onClose();
    } catch (failure) {
      handleError(failure, "Không thể cộng tiền");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={transfer !== null} onClose={onClose} title="Cộng tiền thẻ cào cho chủ thẻ" busy={busy} testId="credit-card">
      {transfer && (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <p className="text-sm text-zinc-300">
            Cộng <span className="font-semibold text-emerald-300">{transfer.formatted_amount}</span> cho{" "}
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
          <ModalActions onCancel={onClose} busy={busy} label="Cộng tiền" />
        </form>
      )}
    </Modal>
  );
}

function CreditDialog({ transfer, onClose, onDone }: { transfer: Transfer | null; onClose: () => void; onDone: () => void }) {
  const [userId, setUserId] = useState("");
  const [lookup, setLookup] = useState("");
  const [found, setFound] = useState<FoundUser[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const handleError = useAdminError();

  useEffect(() => {
    if (!transfer) return;
    setUserId("");
    setLookup("");
    setFound(null);
    setNote("");
    setError(null);
  }, [transfer]);

  async function search() {
    const term = lookup.trim();
    if (!term) return;
    setSearching(true);
    try {
      const body = await apiFetch<{ users: FoundUser[] }>(`/api/admin/users/?${new URLSearchParams({ search: term, page_size: "10" })}`, { auth: true });
      setFound(body.users ?? []);
    } catch (failure) {
      handleError(failure, "Không thể tìm người dùng");
    } finally {
      setSearching(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!transfer) return;
    const id = Number(userId);
    if (!Number.isSafeInteger(id) || id <= 0) {
      setError("Vui lòng nhập ID người dùng");
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const body = await apiFetch<{ message?: string }>(`/api/admin/bank-transfers/${transfer.id}/credit/`, { method: "POST", auth: true, body: { user_id: id, note: note.trim() } });
      toast.success(body.message || "Đã cộng tiền");
      onDone();
      onClose();
    } catch (failure) {
      handleError(failure, "Không thể cộng tiền");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={transfer !== null} onClose={onClose} title="Cộng tiền cho người dùng" busy={busy} testId="credit-transfer">
      {transfer && (
        <div className="space-y-4">
          <p className="text-sm text-zinc-300">
            Số tiền <span className="font-semibold text-emerald-300">{transfer.formatted_amount}</span> · nội dung “{transfer.content || "—"}”
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
                      <span className="shrink-0 text-xs text-emerald-300">{user.formatted_balance}</span>
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
            <ModalActions onCancel={onClose} busy={busy} label="Cộng tiền" />
          </form>
        </div>
      )}
    </Modal>
  );
}

function DismissDialog({ transfer, onClose, onDone }: { transfer: Transfer | null; onClose: () => void; onDone: () => void }) {
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const handleError = useAdminError();

  useEffect(() => {
    if (!transfer) return;
    setNote("");
    setError(null);
  }, [transfer]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!transfer) return;
    if (!note.trim()) {
      setError("Vui lòng nhập ghi chú");
      return;
    }
    setBusy(true);
    try {
      const body = await apiFetch<{ message?: string }>(`/api/admin/bank-transfers/${transfer.id}/dismiss/`, { method: "POST", auth: true, body: { note: note.trim() } });
      toast.success(body.message || "Đã bỏ qua giao dịch");
      onDone();
      onClose();
    } catch (failure) {
      handleError(failure, "Không thể bỏ qua giao dịch");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={transfer !== null} onClose={onClose} title="Bỏ qua giao dịch" busy={busy} testId="dismiss-transfer">
      {transfer && (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <p className="text-sm text-zinc-300">
            {transfer.formatted_amount} · “{transfer.content || "—"}”
          </p>
          <Field id="dismiss-note" label="Ghi chú" required errors={error}>
            <textarea id="dismiss-note" rows={3} className={inputClass(Boolean(error))} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
          </Field>
          <ModalActions onCancel={onClose} busy={busy} label="Bỏ qua" />
        </form>
      )}
    </Modal>
  );
}

export default function AdminBankTransfersRoute() {
  return (
    <BankTransfers />
  );
}
