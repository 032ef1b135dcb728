// /admin/bank-transfers: bank transfers that matched no top-up (late, cancelled, wrong amount, no
// code), and phone cards parked for review (a success after the card was closed, or no answer from
// the gateway for a day). An admin credits a transfer to a user (found by e-mail or username), a
// card to its owner, or dismisses either with a note. The list (?status=) and the credit dialog's
// user search (?find=) load in clientLoader; crediting and dismissing go through clientAction, and
// the list reloads after them.
import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientActionFunctionArgs, type ClientLoaderFunctionArgs, useFetcher, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { type FormEvent, useState } from "react";
import { ACTIONS_COLUMN, ActionsCell, AdminPage, AdminTable, Badge, BUTTON_SECONDARY, BUTTON_SMALL, Modal, ModalActions, RIGHT, SELECT_CLASS, TD } from "~/owner/AdminShell";
import { Field, inputClass, ValidationSummary } from "~/ui/Field";
import { Spinner } from "~/ui/Spinner";
import { fieldErrorsOf, useFetcherAnswer } from "~/ui/forms/fetcher-answer";
import { type ActionResult, actionFailure, adminCall, adminCallFailure, jsonBody } from "~/owner/admin-route";
import { formatDateTime } from "@workers/shared/format";
import { pageMeta } from "~/ui/meta";
import { toast } from "~/ui/toast";
import type { PublicPaymentEvent } from "@workers/money/transfer-review";
import type { UsersPage } from "@workers/accounts/user-admin";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "Chuyển khoản chưa khớp");

type Transfer = PublicPaymentEvent;


const STATUSES: { value: string; label: string; tone: string }[] = [
  { value: "unmatched", label: "Chưa khớp", tone: "bg-amber-500/15 text-amber-300 ring-amber-400/30" },
  { value: "credited", label: "Đã cộng tiền", tone: "bg-emerald-500/15 text-emerald-300 ring-emerald-400/30" },
  { value: "dismissed", label: "Đã bỏ qua", tone: "bg-zinc-500/15 text-zinc-300 ring-zinc-400/30" },
  { value: "ignored", label: "Bị bỏ qua tự động", tone: "bg-zinc-500/15 text-zinc-400 ring-zinc-400/20" },
];

function statusOf(value: string) {
  return STATUSES.find((item) => item.value === value) ?? { value, label: value, tone: "bg-zinc-500/15 text-zinc-300 ring-zinc-400/30" };
}

/** ?status= picks the list; without it, the transfers waiting for an admin. An empty value lists them all. */
function statusFrom(params: URLSearchParams): string {
  return params.get("status") ?? "unmatched";
}

type FoundUser = UsersPage["users"][number];

async function transfers(request: Request, status: string): Promise<Transfer[]> {
  try {
    return (await adminCall(request, (api) => api.api.admin["bank-transfers"].$get({ query: status ? { status } : {} }))).data ?? [];
  } catch (error) {
    toast.error(adminCallFailure(error, request, "Không thể tải danh sách chuyển khoản"));
    return [];
  }
}

/** The users whose e-mail or username matches ?find= (ten at most); null without a search, or when it failed (its message was shown). */
async function findUsers(request: Request, search: string): Promise<FoundUser[] | null> {
  if (!search) return null;
  try {
    return (await adminCall(request, (api) => api.api.admin.users.$get({ query: { search, page_size: "10" } }))).users ?? [];
  } catch (error) {
    toast.error(adminCallFailure(error, request, "Không thể tìm người dùng"));
    return null;
  }
}

export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<{ list: Transfer[]; found: FoundUser[] | null }> {
  const params = new URL(request.url).searchParams;
  const [list, found] = await Promise.all([transfers(request, statusFrom(params)), findUsers(request, params.get("find")?.trim() ?? "")]);
  return { list, found };
}

type TransferAction = { intent: "credit"; id: number; user_id?: number; note: string } | { intent: "dismiss"; id: number; note: string };

export async function clientAction({ request }: ClientActionFunctionArgs): Promise<ActionResult> {
  const action = await jsonBody<TransferAction>(request);
  try {
    if (action.intent === "dismiss") {
      const body = await adminCall(request, (api) => api.api.admin["bank-transfers"][":id"].dismiss.$post({ param: { id: String(action.id) }, json: { note: action.note } }));
      toast.success(body.message || "Đã bỏ qua giao dịch");
    } else {
      // A parked card goes to its owner: no user_id then.
      const credit = action.user_id === undefined ? { note: action.note } : { user_id: action.user_id, note: action.note };
      const body = await adminCall(request, (api) => api.api.admin["bank-transfers"][":id"].credit.$post({ param: { id: String(action.id) }, json: credit }));
      toast.success(body.message || "Đã cộng tiền");
    }
    return { ok: true, data: null };
  } catch (error) {
    return actionFailure(error, request, action.intent === "dismiss" ? "Không thể bỏ qua giao dịch" : "Không thể cộng tiền");
  }
}

export default function AdminBankTransfersRoute() {
  const { list, found } = useLoaderData<typeof clientLoader>();
  const [searchParams, setSearchParams] = useSearchParams();
  const status = statusFrom(searchParams);
  const loading = useNavigation().state === "loading";
  const [crediting, setCrediting] = useState<Transfer | null>(null);
  const [creditingCard, setCreditingCard] = useState<Transfer | null>(null);
  const [dismissing, setDismissing] = useState<Transfer | null>(null);

  // The credit dialog's user search lives in ?find=; a closed dialog leaves none behind.
  const findUser = (term: string) =>
    setSearchParams(
      (params) => {
        if (term) params.set("find", term);
        else params.delete("find");
        return params;
      },
      { replace: true, preventScrollReset: true },
    );

  function closeCredit() {
    setCrediting(null);
    findUser("");
  }

  return (
    <AdminPage
      title="Chuyển khoản chưa khớp"
      subtitle="Giao dịch ngân hàng không khớp với lệnh nạp nào, và thẻ cào cần duyệt: cộng cho người dùng (thẻ: cho chủ thẻ) hoặc bỏ qua kèm ghi chú."
    >
      <div className="mb-3 flex items-center gap-2">
        <label htmlFor="transfer-status" className="sr-only">
          Lọc theo trạng thái
        </label>
        <select id="transfer-status" className={SELECT_CLASS} value={status} onChange={(event) => setSearchParams({ status: event.target.value }, { replace: true, preventScrollReset: true })}>
          {STATUSES.map((item) => (
            <option key={item.value} value={item.value}>
              {item.label}
            </option>
          ))}
          <option value="">Tất cả</option>
        </select>
        {loading && <Spinner className="h-4 w-4 text-indigo-400" />}
      </div>
      <AdminTable
        testId="transfer-table"
        minWidth="min-w-[60rem]"
        columns={["Thời gian", RIGHT("Số tiền"), "Nội dung", "Mã giao dịch", "Trạng thái", "Ghi chú", ACTIONS_COLUMN]}
        empty={list.length === 0 && "Không có giao dịch nào."}
      >
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
                {transfer.duplicate_of && <DuplicateMark of={transfer.duplicate_of} />}
              </td>
              <td className={`${TD} max-w-[14rem] break-words text-zinc-400`}>{transfer.resolution_note || "—"}</td>
              <ActionsCell>
                {transfer.status === "unmatched" && (
                  <>
                    {/* A copy of a credited transfer is refused by the server: dismissing it is what is left. */}
                    {!transfer.duplicate_of && (
                      <button type="button" className={BUTTON_SMALL} onClick={() => (transfer.card ? setCreditingCard(transfer) : setCrediting(transfer))}>
                        {transfer.card ? "Cộng cho chủ thẻ" : "Cộng cho người dùng"}
                      </button>
                    )}
                    <button type="button" className={BUTTON_SMALL} onClick={() => setDismissing(transfer)}>
                      Bỏ qua
                    </button>
                  </>
                )}
              </ActionsCell>
            </tr>
          );
        })}
      </AdminTable>
      {crediting && <CreditDialog key={crediting.id} transfer={crediting} found={found} searching={loading} onFind={findUser} onClose={closeCredit} />}
      {creditingCard && <CardCreditDialog key={creditingCard.id} transfer={creditingCard} onClose={() => setCreditingCard(null)} />}
      {dismissing && <DismissDialog key={dismissing.id} transfer={dismissing} onClose={() => setDismissing(null)} />}
    </AdminPage>
  );
}

/** A parked transfer whose bank reference and amount were already credited through another report of it. */
function DuplicateMark({ of }: { of: NonNullable<Transfer["duplicate_of"]> }) {
  return (
    <span data-testid="duplicate-of" className="mt-1 block max-w-[14rem] text-xs text-amber-300">
      Trùng với giao dịch #{of.id} đã cộng tiền{of.credited_user_id !== null && ` cho #${of.credited_user_id}`} lúc {formatDateTime(of.credited_at)} (cùng mã tham chiếu và số tiền): không cộng lại được, hãy bỏ qua.
    </span>
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

const TRANSFER_LABELS = { user_id: "ID người dùng", note: "Ghi chú" };

function CardCreditDialog({ transfer, onClose }: { transfer: Transfer; onClose: () => void }) {
  const [note, setNote] = useState("");
  const save = useFetcher<typeof clientAction>();
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
        <ValidationSummary errors={fieldErrorsOf(answer)} labels={TRANSFER_LABELS} />
        <ModalActions onCancel={onClose} busy={busy} label="Cộng tiền" />
      </form>
    </Modal>
  );
}

type CreditDialogProps = { transfer: Transfer; found: FoundUser[] | null; searching: boolean; onFind: (term: string) => void; onClose: () => void };

function CreditDialog({ transfer, found, searching, onFind, onClose }: CreditDialogProps) {
  const [userId, setUserId] = useState("");
  const [lookup, setLookup] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const save = useFetcher<typeof clientAction>();
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
          <ValidationSummary errors={fieldErrorsOf(answer)} labels={TRANSFER_LABELS} />
          <ModalActions onCancel={onClose} busy={busy} label="Cộng tiền" />
        </form>
      </div>
    </Modal>
  );
}

function DismissDialog({ transfer, onClose }: { transfer: Transfer; onClose: () => void }) {
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const save = useFetcher<typeof clientAction>();
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
          {transfer.formatted_amount} · “{transfer.content || "—"}”
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
