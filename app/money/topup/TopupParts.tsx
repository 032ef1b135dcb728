// What the two top-up dialogs share: their title row, their buttons and the deposit bonus they preview.
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from "react";
import { apiCall } from "~/platform/api";
import { Field } from "~/ui/Field";
import { inputClass } from "~/ui/input-class";
import type { DepositBonusPreview } from "@workers/money/deposit-bonus";
import { DialogCloseButton } from "~/ui/Dialog";
import { useFormat } from "~/i18n/format";
import { topupWords } from "~/i18n/vi/wallet/topup";
import { useWords } from "~/i18n/words";

type Words = typeof topupWords.vi;

export const TOPUP_PRIMARY =
  "inline-flex w-full items-center justify-center gap-2 rounded-xl bg-indigo-600 px-4 py-3 font-bold text-white shadow-lg hover:bg-indigo-500 aria-busy:cursor-wait aria-busy:opacity-80 disabled:cursor-not-allowed disabled:bg-zinc-700 disabled:text-zinc-400 disabled:shadow-none";
export const TOPUP_SECONDARY =
  "inline-flex w-full items-center justify-center gap-2 rounded-xl border border-white/10 bg-white/5 px-4 py-3 font-semibold text-zinc-100 hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-50";
export const TOPUP_DANGER =
  "inline-flex w-full items-center justify-center gap-2 rounded-xl border border-red-500/30 px-4 py-3 font-semibold text-red-300 hover:bg-red-500/10 aria-busy:cursor-wait aria-busy:opacity-80 disabled:cursor-not-allowed disabled:opacity-50";

/**
 * A dialog that swaps its content (form → transaction → result) removes the focused button with
 * it; put focus back inside on `target` so Tab and screen readers stay in the dialog.
 */
export function keepFocusInDialog(target: HTMLElement | null) {
  const dialog = target?.closest("dialog");
  if (target && dialog && !dialog.contains(document.activeElement)) target.focus();
}

/** True while the dialog is on screen: answers that arrive after it closed are dropped. */
export function useStillOpen(): RefObject<boolean> {
  const open = useRef(true);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);
  return open;
}

/** A finished top-up's two ways on: another top-up of the same kind, or close the dialog. */
export function TopupAgainOrClose({ again, onAgain, onClose }: { again: string; onAgain: () => void; onClose: () => void }) {
  const words = useWords(topupWords);
  return (
    <div className="mt-5 flex flex-col gap-3 sm:flex-row">
      <button type="button" onClick={onAgain} className={TOPUP_PRIMARY}>
        {again}
      </button>
      <button type="button" onClick={onClose} className={TOPUP_SECONDARY}>
        {words.close}
      </button>
    </div>
  );
}

export function TopupDialogTitle({ id, title, subtitle, onClose, busy }: { id: string; title: string; subtitle?: ReactNode; onClose: () => void; busy?: boolean }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <h2 id={id} className="text-xl font-bold text-white">
          {title}
        </h2>
        {subtitle && <p className="mt-1 text-sm text-zinc-400">{subtitle}</p>}
      </div>
      <DialogCloseButton onClick={onClose} disabled={busy} />
    </div>
  );
}

/** How long typing must pause before the bonus for the amount and code is asked for. */
const BONUS_PREVIEW_DELAY_MS = 300;

/**
 * The promotion a deposit of `amount` (what the wallet would credit) would bring, with `code` if
 * typed: the server answers with the wallet's own rule. Null while nothing is known; a failed
 * read shows nothing rather than a promise.
 */
export function useDepositBonus(amount: number | null, code: string): DepositBonusPreview | null {
  const [preview, setPreview] = useState<{ key: string; data: DepositBonusPreview } | null>(null);
  const key = `${amount ?? ""}|${code.trim()}`;
  useEffect(() => {
    if (!amount || amount <= 0) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const trimmed = code.trim();
        const query = trimmed ? { amount: String(amount), code: trimmed } : { amount: String(amount) };
        const { data } = await apiCall((api) => api.api.auth.wallet["deposit-bonus"].$get({ query }), { auth: true, signal: controller.signal });
        setPreview({ key: `${amount}|${trimmed}`, data });
      } catch {
        // No preview: the dialog simply shows no bonus.
      }
    }, BONUS_PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [amount, code]);
  return preview?.key === key ? preview.data : null;
}

/** The promotion that will apply to the amount being entered: its name and bonus. */
export function DepositBonusLine({ preview }: { preview: DepositBonusPreview | null }) {
  const words = useWords(topupWords);
  const format = useFormat();
  if (!preview?.promotion || preview.bonus <= 0) return null;
  return (
    <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 rounded-xl bg-amber-500/10 px-4 py-3 text-sm ring-1 ring-amber-500/20" data-testid="deposit-bonus">
      <span className="min-w-0 break-words text-amber-100">{words.promotion(preview.promotion.name)}</span>
      <span className="font-bold text-amber-200">+{format.vnd(preview.bonus)}</span>
    </p>
  );
}

/** The code for a promotion that requires one; said at once when the code names no running promotion. */
export function PromotionCodeField({ value, onChange, preview, errors }: { value: string; onChange: (code: string) => void; preview: DepositBonusPreview | null; errors?: string | null }) {
  const id = useId();
  const words = useWords(topupWords);
  const problem = errors || (value.trim() && preview?.code_status === "invalid" ? words.codeInvalid : null);
  return (
    <Field id={id} label={words.promotionCodeOptional} errors={problem}>
      <input
        id={id}
        name="promotion_code"
        type="text"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/[^A-Za-z0-9_-]/g, "").toUpperCase())}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        className={`${inputClass(Boolean(problem))} font-mono uppercase`}
      />
    </Field>
  );
}

/** The success toast's amount: "100.000 ₫ + 20.000 ₫ khuyến mãi" when a bonus was paid with it. */
export function creditedText(words: Words, amount: string, bonus: string | null | undefined): string {
  return bonus ? words.withBonus(amount, bonus) : amount;
}
