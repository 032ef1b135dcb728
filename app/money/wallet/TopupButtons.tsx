// The three ways to top up as buttons (crypto first on English pages): the profile's summary and
// its wallet tab. Their labels are the top-up offer's words: the crypto dialog's words come with that dialog.
import { useFormat } from "~/i18n/format";
import { topupOfferWords } from "~/i18n/vi/wallet/topup-offer";
import { useWords } from "~/i18n/words";
import type { TopupKind } from "~/money/topup/topup";

export function TopupButtons({ onTopup, compact = false }: { onTopup: (kind: TopupKind) => void; compact?: boolean }) {
  const words = useWords(topupOfferWords);
  const base = `inline-flex flex-1 items-center justify-center gap-2 rounded-xl font-semibold whitespace-nowrap transition ${compact ? "px-4 py-2.5 text-sm" : "px-5 py-3"}`;
  // A visitor abroad has no Vietnamese bank or phone card: the English pages offer crypto first.
  const english = useFormat().locale === "en";
  const crypto = (
    <button type="button" onClick={() => onTopup("crypto")} className={`${base} ${english ? "bg-indigo-600 text-white shadow-lg shadow-indigo-950/40 hover:bg-indigo-500" : "border border-white/10 bg-white/5 text-zinc-100 hover:bg-white/10"}`}>
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
        <circle cx="12" cy="12" r="9" />
        <path d="M9.5 8h4a2 2 0 0 1 0 4h-4zM9.5 12h4.5a2 2 0 0 1 0 4H9.5zM11 6v2M11 16v2" />
      </svg>
      {words.cryptoButton}
    </button>
  );
  // Compact (the profile's header column): one above the other, so neither label wraps.
  return (
    <div className={`flex flex-col gap-2 ${compact ? "" : "sm:flex-row sm:flex-wrap"}`}>
      {english && crypto}
      <button type="button" onClick={() => onTopup("vietqr")} className={`${base} bg-indigo-600 text-white shadow-lg shadow-indigo-950/40 hover:bg-indigo-500`}>
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
          <path d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2M18 14h2" />
        </svg>
        {words.vietqr}
      </button>
      <button type="button" onClick={() => onTopup("card")} className={`${base} border border-white/10 bg-white/5 text-zinc-100 hover:bg-white/10`}>
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="M3 10h18M7 15h4" />
        </svg>
        {words.card}
      </button>
      {!english && crypto}
    </div>
  );
}
