// A small copy-to-clipboard button (key codes, bank details). It says it copied for 2 s
// (docs/product.md §9, the same as the purchase dialog) and reports failure so the user copies by hand.
import { useEffect, useRef, useState } from "react";
import { copyWords } from "~/i18n/vi/copy";
import { useWords } from "~/i18n/words";
import { toast } from "~/ui/toast";

/** How long a copy button says it copied (docs/product.md §9); the purchase dialog's key button too. */
export const COPIED_RESET_MS = 2000;

export function CopyButton({
  value,
  label,
  copiedMessage,
  failedMessage,
  onFailed,
  className = "",
}: {
  value: string;
  /** What is copied, for the accessible name: "Sao chép {label}". */
  label: string;
  copiedMessage: string;
  /** Default: 'Không thể sao chép' (in the page's language). */
  failedMessage?: string;
  /** E.g. select the text, so the manual copy is half done. */
  onFailed?: () => void;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  const words = useWords(copyWords);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function copy() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error("Clipboard API unavailable");
      await navigator.clipboard.writeText(value);
    } catch {
      toast.error(failedMessage ?? words.failed);
      onFailed?.();
      return;
    }
    setCopied(true);
    toast.success(copiedMessage);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_RESET_MS);
  }

  const name = copied ? words.copied(label) : words.copy(label);
  return (
    <button
      type="button"
      onClick={copy}
      aria-label={name}
      title={name}
      className={`inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg border transition ${
        copied ? "border-emerald-500/40 bg-emerald-500/15 text-emerald-300" : "border-white/10 bg-white/5 text-zinc-300 hover:bg-white/10 hover:text-white"
      } ${className}`}
    >
      <svg viewBox="0 0 24 24" className="h-4.5 w-4.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        {copied ? <path d="m5 12 5 5L20 7" /> : <path d="M9 9h10v10H9zM5 15V5h10" />}
      </svg>
    </button>
  );
}
