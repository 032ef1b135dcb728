// The admin's crypto top-ups (issue 54 item 4; docs/product.md, "Crypto top-ups"): each invoice with
// its state, US$, VND, locked rate and payments (partial or parked marked), filtered by ?status=,
// and the review of a parked payment (a second deposit to the same address): credit it (the
// suggested amount, or another) or refuse it, with a note, sent to the route's clientAction
// (app/routes/admin.crypto-topups.tsx). The admin's session carries the second factor, as every
// admin money review does.
import { useNavigation, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { formatDateTime, formatPrice, formatVND } from "@workers/shared/format";
import { AdminPage, Badge, BUTTON_SMALL, SELECT_CLASS } from "~/owner/AdminShell";
import { ACTIONS_COLUMN, ActionsCell, AdminTable, RIGHT, TD } from "~/owner/AdminTable";
import { lazyDialog } from "~/ui/LazyDialog";
import { Spinner } from "~/ui/Spinner";
import type { CryptoPayment, CryptoTopupRow } from "./CryptoReviewDialog";

export type { CryptoTopupRow };

// The review comes with its fields, its checks and the dialog when an admin first opens one: the
// list alone is what the page loads.
const ReviewDialog = lazyDialog(() => import("./CryptoReviewDialog").then((module) => module.ReviewDialog));

export const CRYPTO_STATUSES = [
  { value: "parked", label: "Chờ duyệt (nạp lần hai)" },
  { value: "pending", label: "Đang chờ" },
  { value: "partial", label: "Trả một phần" },
  { value: "credited", label: "Đã cộng" },
  { value: "refunded", label: "Đã hoàn tiền" },
  { value: "expired", label: "Hết hạn" },
  { value: "failed", label: "Thất bại" },
  { value: "refused", label: "Từ chối" },
] as const;

const TONES: Record<string, string> = {
  pending: "bg-sky-500/15 text-sky-200 ring-sky-500/30",
  partial: "bg-amber-500/15 text-amber-200 ring-amber-500/30",
  credited: "bg-emerald-500/15 text-emerald-200 ring-emerald-500/30",
  refunded: "bg-red-500/15 text-red-200 ring-red-500/30",
};
const QUIET = "bg-zinc-500/15 text-zinc-300 ring-zinc-500/30";

export function cryptoStatusFrom(params: URLSearchParams): string {
  const value = params.get("status") ?? "";
  return value === "" || CRYPTO_STATUSES.some((item) => item.value === value) ? value : "";
}

const labelOf = (status: string) => CRYPTO_STATUSES.find((item) => item.value === status)?.label ?? status;

export function CryptoTopupsScreen({ list }: { list: CryptoTopupRow[] }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = cryptoStatusFrom(searchParams);
  const loading = useNavigation().state === "loading";
  const [reviewing, setReviewing] = useState<{ topup: CryptoTopupRow; payment: CryptoPayment; credit: boolean } | null>(null);
  return (
    <AdminPage title="Nạp tiền mã hoá" subtitle="Hoá đơn NOWPayments: trạng thái, USD, VND, tỷ giá đã chốt, mã thanh toán. Khoản nạp lần hai vào cùng địa chỉ chờ duyệt: cộng hoặc từ chối kèm ghi chú.">
      <div className="mb-3 flex items-center gap-2">
        <label htmlFor="crypto-status" className="sr-only">
          Lọc theo trạng thái
        </label>
        <select id="crypto-status" className={SELECT_CLASS} value={status} onChange={(event) => setSearchParams({ status: event.target.value }, { replace: true, preventScrollReset: true })}>
          <option value="">Tất cả</option>
          {CRYPTO_STATUSES.map((item) => (
            <option key={item.value} value={item.value}>
              {item.label}
            </option>
          ))}
        </select>
        {loading && <Spinner className="h-4 w-4 text-indigo-400" />}
      </div>
      <AdminTable
        testId="crypto-table"
        minWidth="min-w-[64rem]"
        columns={["Thời gian", "Người dùng", RIGHT("USD"), RIGHT("VND"), RIGHT("Tỷ giá"), "Mã thanh toán", "Trạng thái", ACTIONS_COLUMN]}
        empty={list.length === 0 && "Không có hoá đơn nào."}
      >
        {list.map((topup) => {
          const parked = topup.payments.filter((payment) => payment.review === "parked");
          return (
            <tr key={topup.id} data-crypto-id={topup.id}>
              <td className={`${TD} whitespace-nowrap`}>{formatDateTime(topup.created_at)}</td>
              <td className={TD}>#{topup.user_id}</td>
              <td className={`${TD} text-right whitespace-nowrap`}>{formatPrice(topup.amount_usd, "USD")}</td>
              <td className={`${TD} text-right whitespace-nowrap`}>
                <span className="font-semibold text-emerald-300">{formatVND(topup.vnd_amount)}</span>
                {topup.credited_vnd > 0 && topup.credited_vnd !== topup.vnd_amount && <span className="block text-xs text-zinc-400">Đã cộng {formatVND(topup.credited_vnd)}</span>}
              </td>
              <td className={`${TD} text-right whitespace-nowrap`}>{formatVND(topup.rate)}</td>
              <td className={`${TD} font-mono text-xs`}>
                {topup.payments.length === 0
                  ? "—"
                  : topup.payments.map((payment) => (
                      <span key={payment.id} className="block">
                        {payment.payment_id}
                        {payment.parent_payment_id && <span className="text-zinc-400"> ← {payment.parent_payment_id}</span>}
                      </span>
                    ))}
              </td>
              <td className={TD}>
                <Badge tone={TONES[topup.status] ?? QUIET}>{labelOf(topup.status)}</Badge>
                {topup.partial && <span className="ml-1 text-xs text-amber-300">một phần</span>}
                {topup.parked && (
                  <span className="ml-1" data-testid="crypto-parked">
                    <Badge tone="bg-amber-500/15 text-amber-200 ring-amber-500/30">Chờ duyệt</Badge>
                  </span>
                )}
              </td>
              <ActionsCell>
                {parked.map((payment) => (
                  <span key={payment.id} className="inline-flex gap-1.5">
                    <button type="button" className={BUTTON_SMALL} onClick={() => setReviewing({ topup, payment, credit: true })}>
                      Cộng {formatVND(payment.creditable_vnd)}
                    </button>
                    <button type="button" className={BUTTON_SMALL} onClick={() => setReviewing({ topup, payment, credit: false })}>
                      Từ chối
                    </button>
                  </span>
                ))}
              </ActionsCell>
            </tr>
          );
        })}
      </AdminTable>
      {reviewing && <ReviewDialog key={`${reviewing.payment.id}-${reviewing.credit}`} {...reviewing} onClose={() => setReviewing(null)} />}
    </AdminPage>
  );
}
