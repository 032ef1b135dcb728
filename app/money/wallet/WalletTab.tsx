// The profile's wallet tab (docs/product.md §2, §3 "Transaction"): what was topped up, what is left, the
// saving rate, the three ways to top up (crypto first on English pages), money on its way (the VietQR
// top-ups awaiting a transfer, with amount, content to copy and time left; the phone cards being
// checked; the crypto invoices still open, with their state), and the ledger (newest first).
import { useEffect, useState } from "react";
import type { listTransactions } from "@workers/money/buyer-wallet";
import { useFormat } from "~/i18n/format";
import { walletWords } from "~/i18n/vi/wallet/wallet";
import { useWords } from "~/i18n/words";
import type { SessionUser } from "~/accounts/session/session";
import { SignedAmount } from "~/ui/SignedAmount";
import { CopyButton } from "~/ui/CopyButton";
import { type CardPayment, formatCountdown, formatPercent, savingRate, secondsLeft, TOPUP_TIMINGS, type TopupKind, totalToppedUp, type VietQrTransaction } from "~/money/topup/topup";
import type { CryptoTopup, PendingTopup } from "../topup/topup-config";
import { cryptoTopupWords } from "~/i18n/vi/wallet/crypto-topup";
import { ListBody, type ListState } from "../../accounts/profile/ProfileList";
import { TopupButtons } from "./TopupButtons";
import { TopupHistory } from "./TopupHistory";
import { BackToApp } from "./BackToApp";
import { cardEstimate, telcoLabel } from "@workers/shared/money/topup";
import { topupHistoryWords } from "~/i18n/vi/wallet/topup-history";
import type { TopupHistoryEntry } from "./topup-history";

/** A ledger row as GET /api/wallet/transactions/ sends it (docs/product.md §3 "Transaction"). */
export type WalletTransaction = Awaited<ReturnType<typeof listTransactions>>[number];

function Figure({ label, value, tone, testId }: { label: string; value: string; tone: string; testId?: string }) {
  return (
    <div className="rounded-xl bg-black/20 p-4">
      <p className="text-sm text-zinc-400">{label}</p>
      <p className={`mt-1 text-xl font-black break-words ${tone}`} data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

/** A phone card still being checked: carrier, value, the serial's last digits, its state. */
function PendingCard({ card }: { card: CardPayment }) {
  const words = useWords(walletWords);
  const historyWords = useWords(topupHistoryWords);
  const format = useFormat();
  return (
    <li className="rounded-xl bg-sky-500/10 p-3 ring-1 ring-sky-500/20" data-testid="pending-card">
      <div className="flex items-center justify-between gap-3">
        {/* Not money yet: the card's face value, with what it is expected to bring after the carrier's fee. */}
        <span className="font-bold text-sky-100">{words.pendingCard(telcoLabel(card.telco), format.vnd(card.card_value))}</span>
        <span className="text-sm font-semibold text-sky-200" data-testid="pending-card-state">
          {words.cardStatus(card.status, card.status_display)}
        </span>
      </div>
      <p className="mt-1 text-sm text-sky-200" data-testid="pending-card-estimate">
        {historyWords.estimate(format.vnd(cardEstimate(card.card_value, card.fee_percent)), card.fee_percent)}
      </p>
      <p className="mt-1 text-sm text-zinc-400">Serial …{card.card_serial.slice(-4)}</p>
    </li>
  );
}

/** A crypto top-up still open: its US$ and the VND it credits, the gateway's state, and its invoice. */
function PendingCrypto({ topup }: { topup: CryptoTopup }) {
  const words = useWords(cryptoTopupWords);
  const format = useFormat();
  const state = topup.status === "pending" ? (topup.gateway_status ?? "waiting") : topup.status;
  return (
    <li className="rounded-xl bg-violet-500/10 p-3 ring-1 ring-violet-500/20" data-testid="pending-crypto">
      <div className="flex items-center justify-between gap-3">
        <span className="font-bold text-violet-100">{words.pendingLine(format.price(topup.amount_usd, "USD"), format.vnd(topup.vnd_amount))}</span>
        <span className="text-sm font-semibold text-violet-200" data-testid="pending-crypto-state">
          {words.state(state)}
        </span>
      </div>
      {topup.invoice_url && (
        <a href={topup.invoice_url} target="_blank" rel="noopener noreferrer" className="mt-2 inline-block text-sm font-semibold text-indigo-300 underline underline-offset-2 hover:text-indigo-200">
          {words.payNow}
        </a>
      )}
    </li>
  );
}

/**
 * Money on its way: the top-ups awaiting a transfer, each with its countdown (one that runs out
 * leaves the list), and the phone cards still being checked.
 */
function PendingTopups({ pending, cards, crypto, onResume }: { pending: PendingTopup[]; cards: CardPayment[]; crypto: CryptoTopup[]; onResume: (topup: VietQrTransaction) => void }) {
  const [now, setNow] = useState(() => Date.now());
  const words = useWords(walletWords);
  const format = useFormat();
  const live = pending.filter((item) => secondsLeft(item.deadline, now) > 0);
  const ticking = live.length > 0;
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), TOPUP_TIMINGS.countdownTickMs);
    return () => clearInterval(timer);
  }, [ticking]);
  if (!ticking && cards.length === 0 && crypto.length === 0) return null;
  return (
    <section aria-labelledby="pending-heading">
      <h2 id="pending-heading" className="text-base font-bold text-white">
        {words.pending}
      </h2>
      {ticking && <p className="mt-1 text-sm text-zinc-400">{words.pendingHint}</p>}
      <ul className="mt-2 space-y-2">
        {crypto.map((topup) => (
          <PendingCrypto key={topup.id} topup={topup} />
        ))}
        {cards.map((card) => (
          <PendingCard key={card.transaction_id} card={card} />
        ))}
        {live.map(({ topup, deadline }) => (
          <li key={topup.transaction_id} className="rounded-xl bg-amber-500/10 p-3 ring-1 ring-amber-500/20" data-testid="pending-topup">
            <div className="flex items-center justify-between gap-3">
              <span className="font-bold text-emerald-300" data-testid="pending-topup-amount">
                {format.vnd(topup.amount)}
              </span>
              <span role="timer" aria-label={words.timeLeft} className="font-mono font-bold text-amber-200 tabular-nums">
                {formatCountdown(secondsLeft(deadline, now))}
              </span>
            </div>
            <div className="mt-2 flex items-center gap-2">
              <div className="min-w-0 flex-1">
                <p className="text-xs text-zinc-400">{words.content}</p>
                <p className="font-mono font-bold break-all text-amber-200" data-testid="pending-topup-content">
                  {topup.description}
                </p>
              </div>
              <CopyButton value={topup.description} label={words.contentName} copiedMessage={words.contentCopied} />
            </div>
            <button type="button" onClick={() => onResume(topup)} className="mt-2 text-sm font-semibold text-indigo-300 underline underline-offset-2 hover:text-indigo-200">
              {words.showQr}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TransactionRow({ transaction }: { transaction: WalletTransaction }) {
  const words = useWords(walletWords);
  const format = useFormat();
  const incoming = format.signedVnd(transaction.amount).credit;
  // A completed row needs no badge: only money still on its way or refused is marked.
  const status = transaction.status === "completed" ? null : words.moveStatus(transaction.status);
  return (
    <li className="flex items-start gap-3 py-3.5" data-testid="wallet-transaction" data-type={transaction.transaction_type}>
      <span
        className={`mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${incoming ? "bg-emerald-500/15 text-emerald-300" : "bg-red-500/15 text-red-300"}`}
        aria-hidden="true"
      >
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
          {incoming ? <path d="M12 19V5M5 12l7 7 7-7" /> : <path d="M12 5v14M5 12l7-7 7 7" />}
        </svg>
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words text-white">{words.movement(transaction.line, transaction.description, transaction.transaction_type, transaction.source)}</p>
        <p className="mt-0.5 text-xs text-zinc-400">
          <time dateTime={transaction.created_at}>{format.dateTime(transaction.created_at)}</time>
          {status && <span className="ml-2 rounded bg-amber-500/15 px-1.5 py-0.5 text-amber-200">{status}</span>}
        </p>
      </div>
      <div className="shrink-0 text-right">
        <p>
          <SignedAmount amount={transaction.amount} className="font-bold tabular-nums" testId="wallet-transaction-amount" />
        </p>
        <p className="mt-0.5 text-xs text-zinc-500">{words.after(format.vnd(transaction.balance_after))}</p>
      </div>
    </li>
  );
}

export function WalletTab({
  user,
  ledger,
  pending,
  pendingCards,
  pendingCrypto,
  history,
  onRetry,
  onTopup,
  onResume,
}: {
  user: SessionUser;
  history?: TopupHistoryEntry[];
  ledger: ListState<WalletTransaction>;
  pending: PendingTopup[];
  pendingCards: CardPayment[];
  pendingCrypto: CryptoTopup[];
  onRetry: () => void;
  onTopup: (kind: TopupKind) => void;
  onResume: (topup: VietQrTransaction) => void;
}) {
  const words = useWords(walletWords);
  const format = useFormat();
  const balance = user.balance ?? 0;
  const spent = user.total_spent ?? 0;

  return (
    <div className="space-y-6">
      <BackToApp />
      <div className="grid gap-3 sm:grid-cols-3">
        <Figure label={words.toppedUp} value={format.vnd(totalToppedUp(balance, spent))} tone="text-white" testId="wallet-total-topped-up" />
        <Figure label={words.available} value={format.vnd(balance)} tone="text-emerald-300" testId="wallet-available" />
        <Figure label={words.saving} value={formatPercent(savingRate(balance, spent), format.locale)} tone="text-indigo-300" testId="wallet-saving-rate" />
      </div>

      <TopupButtons onTopup={onTopup} />

      <PendingTopups pending={pending} cards={pendingCards} crypto={pendingCrypto} onResume={onResume} />

      <TopupHistory entries={history} />

      <section aria-labelledby="ledger-heading">
        <h2 id="ledger-heading" className="text-base font-bold text-white">
          {words.ledger}
        </h2>
        <ListBody state={ledger} onRetry={onRetry} empty={words.empty}>
          {(rows) => (
            <ul className="mt-2 divide-y divide-white/5" data-testid="wallet-transactions">
              {rows.map((transaction) => (
                <TransactionRow key={transaction.id} transaction={transaction} />
              ))}
            </ul>
          )}
        </ListBody>
      </section>
    </div>
  );
}
