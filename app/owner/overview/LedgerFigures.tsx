// The period's money in and out of the wallets, side by side so they reconcile (issue #27): money
// buyers deposited, promotion bonuses, what admins credited or debited (their own figure), and what
// purchases took, each with its count; the sum is the change of all balances together. Read from
// the ledger's daily rollup (workers/owner/overview.ts, ledger).
import type { StoreOverview } from "@workers/owner/overview";
import { formatNumber, formatVND, signedVND } from "@workers/shared/format";
import { CARD } from "~/owner/AdminShell";

/** A signed amount as the ledger reads: "+30.000 ₫", "−8.000 ₫"; nothing moved is "0 ₫". */
function signed(amount: number): string {
  return amount === 0 ? formatVND(0) : signedVND(amount).text;
}

function Figure({ label, total, count, unit, testId }: { label: string; total: string; count: number; unit: string; testId: string }) {
  return (
    <div className="rounded-xl bg-zinc-950/60 p-3" data-testid={testId}>
      <dt className="text-sm text-zinc-400">{label}</dt>
      <dd className="mt-1 text-lg font-bold text-white">{total}</dd>
      <dd className="text-xs text-zinc-400">
        {formatNumber(count)} {unit}
      </dd>
    </div>
  );
}

export function LedgerFigures({ ledger, days }: { ledger: StoreOverview["ledger"]; days: number }) {
  return (
    <section className={`${CARD} mt-4 p-4 sm:p-5`} aria-labelledby="ledger-title" data-testid="ledger-figures">
      <h2 id="ledger-title" className="text-base font-bold text-white">{`Đối soát số dư (${days} ngày)`}</h2>
      <p className="mt-1 text-sm text-zinc-400">Nạp tiền + khuyến mãi + điều chỉnh của quản trị − bán key = thay đổi tổng số dư của người dùng.</p>
      <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Figure testId="ledger-deposits" label="Nạp tiền" total={signed(ledger.deposits.total)} count={ledger.deposits.count} unit="lượt nạp" />
        <Figure testId="ledger-bonuses" label="Khuyến mãi" total={signed(ledger.bonuses.total)} count={ledger.bonuses.count} unit="lượt thưởng" />
        <Figure testId="ledger-adjustments" label="Điều chỉnh của quản trị" total={signed(ledger.adjustments.total)} count={ledger.adjustments.count} unit="lần cộng/trừ" />
        <Figure testId="ledger-sales" label="Bán key" total={signed(-ledger.sales.total)} count={ledger.sales.count} unit="đơn" />
        <Figure testId="ledger-change" label="Thay đổi số dư" total={signed(ledger.balance_change)} count={ledger.deposits.count + ledger.bonuses.count + ledger.adjustments.count + ledger.sales.count} unit="giao dịch" />
      </dl>
    </section>
  );
}
