// The profile's purchases tab (spec §2, §3 "Purchased key"): every key bought, with its code and
// a copy button (spec §8 clipboard messages).
import { Link } from "@remix-run/react";
import { useRef } from "react";
import { formatDateTime, formatPriceWithVnd } from "../../../workers/shared/format";
import { PURCHASE_MESSAGES } from "../../../workers/shared/pricing";
import { CopyButton } from "~/components/CopyButton";
import { ListBody, type ListState } from "./ProfileList";

export type Purchase = {
  id: number;
  app_name: string;
  app_bundle_id: string | null;
  key_type_name: string;
  key_code: string;
  amount: number;
  currency: "VND" | "USD" | string;
  formatted_price: string;
  /** What the wallet was charged (VND) and the rate used for a USD price. */
  vnd_amount?: number;
  exchange_rate?: number | null;
  formatted_total?: string;
  status: string;
  purchased_at: string;
};

const STATUS: Record<string, { label: string; tone: string }> = {
  completed: { label: "Hoàn thành", tone: "bg-emerald-500/15 text-emerald-300" },
  refunded: { label: "Đã hoàn tiền", tone: "bg-amber-500/15 text-amber-200" },
};

function PurchaseCard({ purchase }: { purchase: Purchase }) {
  const code = useRef<HTMLElement>(null);
  const status = STATUS[purchase.status] ?? { label: purchase.status, tone: "bg-zinc-500/15 text-zinc-300" };

  // The copy failed: select the code so the manual copy is half done.
  function selectCode() {
    const node = code.current;
    const selection = window.getSelection();
    if (!node || !selection) return;
    const range = document.createRange();
    range.selectNodeContents(node);
    selection.removeAllRanges();
    selection.addRange(range);
  }

  return (
    <li className="rounded-xl border border-white/5 bg-black/20 p-4" data-testid="purchase" data-purchase-id={purchase.id}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <p className="font-bold break-words text-white">{purchase.app_name}</p>
          {purchase.app_bundle_id && <p className="font-mono text-xs break-all text-zinc-500">{purchase.app_bundle_id}</p>}
        </div>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${status.tone}`}>{status.label}</span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-zinc-400">Loại key</dt>
          <dd className="font-medium text-zinc-100">{purchase.key_type_name}</dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-400">Giá</dt>
          <dd className="font-medium text-indigo-300">{purchase.formatted_total || formatPriceWithVnd(purchase.amount, purchase.currency, purchase.vnd_amount)}</dd>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <dt className="text-xs text-zinc-400">Thời gian mua</dt>
          <dd className="font-medium text-zinc-100">
            <time dateTime={purchase.purchased_at}>{formatDateTime(purchase.purchased_at)}</time>
          </dd>
        </div>
      </dl>
      <div className="mt-3 flex items-center gap-2 rounded-lg border border-emerald-500/20 bg-black/30 py-1.5 pr-1.5 pl-3">
        <span className="sr-only">Key: </span>
        <code ref={code} className="min-w-0 flex-1 font-mono text-sm font-bold break-all text-emerald-200 select-all" data-testid="purchase-key">
          {purchase.key_code}
        </code>
        <CopyButton value={purchase.key_code} label="key" copiedMessage={PURCHASE_MESSAGES.copied} failedMessage={PURCHASE_MESSAGES.copyFailed} onFailed={selectCode} />
      </div>
    </li>
  );
}

export function PurchasesTab({ purchases, onRetry }: { purchases: ListState<Purchase>; onRetry: () => void }) {
  return (
    <ListBody
      state={purchases}
      onRetry={onRetry}
      empty={
        <>
          <p>Bạn chưa mua key nào.</p>
          <Link to="/" className="mt-3 inline-block font-semibold text-indigo-300 underline-offset-4 hover:underline">
            Khám phá ứng dụng
          </Link>
        </>
      }
    >
      {(rows) => (
        <ul className="space-y-3" data-testid="purchases">
          {rows.map((purchase) => (
            <PurchaseCard key={purchase.id} purchase={purchase} />
          ))}
        </ul>
      )}
    </ListBody>
  );
}
