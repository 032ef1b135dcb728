// The bought key (docs/product.md §2 "Key purchase", §8 clipboard messages, §9 copied indicator 2 s).
import { Link } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import type { PurchaseMessages } from "@workers/shared/money/pricing";
import { useLocalePath } from "~/i18n/locale";
import { purchaseDialogWords } from "~/i18n/vi/catalogue/purchase-dialogs";
import { shellWords } from "~/i18n/vi/shell";
import { useWords } from "~/i18n/words";
import { toast } from "~/ui/toast";
import { COPIED_RESET_MS } from "../../ui/CopyButton";
import { Dialog, DialogCloseButton } from "../../ui/Dialog";

export type PurchasedKey = { key_code: string; key_type_name: string; app_name: string; price_text?: string };

/** `messages`: the purchase messages in the page's language, from the purchase box (whose chunk holds them). */
export function PurchaseSuccessDialog({ purchase, messages, onClose }: { purchase: PurchasedKey | null; messages: Pick<PurchaseMessages, "purchased" | "copied" | "copyFailed">; onClose: () => void }) {
  const titleId = useId();
  const noteId = useId();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const codeRef = useRef<HTMLElement>(null);
  const copyButton = useRef<HTMLButtonElement>(null);
  const keyCode = purchase?.key_code ?? "";
  const words = useWords(purchaseDialogWords);
  const shell = useWords(shellWords);
  const to = useLocalePath();

  // A new key starts uncopied; a pending reset must not outlive the dialog.
  useEffect(() => {
    setCopied(false);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [keyCode]);

  function selectCode() {
    const node = codeRef.current;
    const selection = typeof window !== "undefined" ? window.getSelection() : null;
    if (!node || !selection) return;
    const range = document.createRange();
    range.selectNodeContents(node);
    selection.removeAllRanges();
    selection.addRange(range);
  }

  async function copy() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error("Clipboard API unavailable");
      await navigator.clipboard.writeText(keyCode);
    } catch {
      toast.error(messages.copyFailed);
      // Half the manual copy done: the code is selected.
      selectCode();
      return;
    }
    setCopied(true);
    toast.success(messages.copied);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_RESET_MS);
  }

  return (
    <Dialog open={purchase !== null} onClose={onClose} labelledBy={titleId} describedBy={noteId} initialFocus={copyButton} testId="purchase-success">
      <div className="flex items-start justify-between gap-4">
        <div className="flex items-center gap-3">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-emerald-500/15 text-emerald-300" aria-hidden="true">
            <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
              <path d="m5 12 5 5L20 7" />
            </svg>
          </span>
          <h2 id={titleId} className="text-xl font-bold text-white">
            {messages.purchased}
          </h2>
        </div>
        <DialogCloseButton onClick={onClose} />
      </div>

      {purchase && (
        <>
          <p className="mt-3 text-sm text-zinc-400">
            {words.keyFor(purchase.key_type_name)}
            <span className="font-semibold text-zinc-200">{purchase.app_name}</span>
            {purchase.price_text ? ` · ${purchase.price_text}` : ""}
          </p>
          <div className="mt-4 rounded-xl border border-emerald-500/30 bg-black/40 p-4">
            <p className="text-xs tracking-wide text-zinc-400 uppercase">{words.yourKey}</p>
            <code ref={codeRef} className="mt-1 block font-mono text-lg font-bold break-all text-emerald-200 select-all" data-testid="purchased-key">
              {purchase.key_code}
            </code>
          </div>
          <button
            ref={copyButton}
            type="button"
            onClick={copy}
            className={`mt-3 inline-flex w-full items-center justify-center gap-2 rounded-xl px-4 py-3 font-bold text-white shadow-lg transition ${
              copied ? "bg-emerald-700 hover:bg-emerald-600" : "bg-indigo-600 hover:bg-indigo-500"
            }`}
          >
            <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
              {copied ? <path d="m5 12 5 5L20 7" /> : <path d="M9 9h10v10H9zM5 15V5h10" />}
            </svg>
            <span aria-live="polite">{copied ? words.copiedButton : words.copyKey}</span>
          </button>
          <p id={noteId} className="mt-4 text-sm text-zinc-400">
            {words.savedIn}{" "}
            {/* The hash scrolls to the purchases tab's panel (app/routes/profile._index/route.tsx), keys in view. */}
            <Link to={to("/profile?tab=purchases#profile-panel-purchases")} className="font-semibold text-indigo-300 underline-offset-2 hover:underline">
              {words.purchaseHistory}
            </Link>
            {words.seeAgain}
          </p>
          <button type="button" onClick={onClose} className="mt-5 inline-flex w-full items-center justify-center rounded-xl border border-white/10 px-4 py-3 font-semibold text-zinc-200 hover:bg-white/5">
            {shell.dismiss}
          </button>
        </>
      )}
    </Dialog>
  );
}
