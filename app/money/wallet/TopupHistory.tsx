// The wallet tab's top-up history (docs/product.md, "The top-up history"): every VietQR top-up,
// card and late transfer of the buyer's, newest first, with its state, what was credited and why.
// Nothing the buyer sent leaves this list: a refused card stays, with the gateway's reason.
import { useFormat } from "~/i18n/format";
import { topupHistoryWords } from "~/i18n/vi/wallet/topup-history";
import { useWords } from "~/i18n/words";
import type { TopupHistoryEntry } from "./topup-history";

const TONES: Record<TopupHistoryEntry["state"], string> = {
  waiting: "bg-amber-500/15 text-amber-200",
  checking: "bg-sky-500/15 text-sky-200",
  credited: "bg-emerald-500/15 text-emerald-300",
  partial: "bg-emerald-500/15 text-emerald-300",
  credited_by_shop: "bg-emerald-500/15 text-emerald-300",
  refused: "bg-red-500/15 text-red-300",
  dismissed: "bg-red-500/15 text-red-300",
  expired: "bg-zinc-500/20 text-zinc-300",
  cancelled: "bg-zinc-500/20 text-zinc-300",
  awaiting_review: "bg-amber-500/15 text-amber-200",
  refunded: "bg-red-500/15 text-red-300",
};

function Entry({ entry }: { entry: TopupHistoryEntry }) {
  const words = useWords(topupHistoryWords);
  const format = useFormat();
  const what = entry.channel === "card" && entry.telco ? words.card(entry.telco, format.vnd(entry.amount)) : `${words.channel(entry.channel)} ${format.vnd(entry.amount)}`;
  return (
    <li className="py-3" data-testid="topup-history-entry" data-channel={entry.channel} data-state={entry.state}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium break-words text-white">{what}</p>
          <p className="mt-0.5 text-xs text-zinc-400">
            <time dateTime={entry.updated_at}>{format.dateTime(entry.updated_at)}</time>
            {entry.transfer_code && <span className="ml-2 font-mono">{entry.transfer_code}</span>}
            {entry.card_serial_tail && <span className="ml-2">Serial …{entry.card_serial_tail}</span>}
          </p>
        </div>
        <span className={`shrink-0 rounded px-1.5 py-0.5 text-xs font-semibold ${TONES[entry.state]}`} data-testid="topup-history-state">
          {words.state(entry.state)}
        </span>
      </div>
      {entry.credited !== null && (
        <p className="mt-1 text-sm font-semibold text-emerald-300" data-testid="topup-history-credited">
          {words.credited(format.vnd(entry.credited))}
        </p>
      )}
      {entry.state === "checking" && entry.estimate !== null && entry.fee_percent !== null && <p className="mt-1 text-sm text-sky-200">{words.estimate(format.vnd(entry.estimate), entry.fee_percent)}</p>}
      {entry.reason && (
        <p className="mt-1 text-sm break-words text-zinc-300" data-testid="topup-history-reason">
          {entry.reason}
        </p>
      )}
    </li>
  );
}

/** The history's newest page; nothing while it could not be read (the wallet's other parts stand). */
export function TopupHistory({ entries }: { entries: TopupHistoryEntry[] | undefined }) {
  const words = useWords(topupHistoryWords);
  if (!entries) return null;
  return (
    <section aria-labelledby="topup-history-heading">
      <h2 id="topup-history-heading" className="text-base font-bold text-white">
        {words.heading}
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-400">{words.empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-white/5" data-testid="topup-history">
          {entries.map((entry) => (
            <Entry key={`${entry.channel}:${entry.transaction_id}`} entry={entry} />
          ))}
        </ul>
      )}
    </section>
  );
}
