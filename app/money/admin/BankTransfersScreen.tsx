// The admin's bank transfers that matched no top-up and phone cards parked for review: the status
// filter, the table, and the dialogs that credit or dismiss a row (./TransferDialogs.tsx), sent to
// the route's clientAction (app/routes/admin.bank-transfers.tsx).
import { useNavigation, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { AdminPage, Badge, BUTTON_SMALL, SELECT_CLASS } from "~/owner/AdminShell";
import { ACTIONS_COLUMN, ActionsCell, AdminTable, RIGHT, TD } from "~/owner/AdminTable";
import { Spinner } from "~/ui/Spinner";
import { formatDateTime, formatVND } from "@workers/shared/format";
import { telcoLabel } from "@workers/shared/money/topup";

import { type FoundUser, STATUSES, statusFrom, statusOf, type Transfer } from "./bank-transfers";
import { lazyDialog } from "~/ui/LazyDialog";

// The dialogs come with their fields, checks and the dialog itself when an admin first opens one:
// the list alone is what the page loads.
const loadDialogs = () => import("./TransferDialogs");
const CreditDialog = lazyDialog(() => loadDialogs().then((module) => module.CreditDialog));
const CardCreditDialog = lazyDialog(() => loadDialogs().then((module) => module.CardCreditDialog));
const DismissDialog = lazyDialog(() => loadDialogs().then((module) => module.DismissDialog));

export function BankTransfersScreen({ list, found }: { list: Transfer[]; found: FoundUser[] | null }) {
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
              <td className={`${TD} text-right font-semibold whitespace-nowrap text-emerald-300`}>{formatVND(transfer.amount)}</td>
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
        Thẻ {telcoLabel(card.telco)} · {formatVND(card.card_value)}
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
