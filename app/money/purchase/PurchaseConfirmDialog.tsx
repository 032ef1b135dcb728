// The confirmation before a key is bought (docs/product.md §2 "Key purchase", §5 "Purchase"): what, for how
// much, from which balance. The balance is refreshed from the server on opening; a short balance
// disables the buy button and points to the wallet. The server re-checks everything anyway.
import { Link, useLocation } from "@remix-run/react";
import { type ReactNode, useId } from "react";
import { chargeOf, hasEnoughBalance, type PricingOption } from "@workers/shared/money/pricing";
import { useFormat } from "~/i18n/format";
import { useLocalePath } from "~/i18n/locale";
import { purchaseDialogWords } from "~/i18n/vi/catalogue/purchase-dialogs";
import { shellWords } from "~/i18n/vi/shell";
import { useWords } from "~/i18n/words";
import type { SessionUser } from "~/accounts/session/session";
import { Dialog, DialogCloseButton } from "../../ui/Dialog";
import { Spinner } from "../../ui/Spinner";
import { optionPrices } from "./price-text";
import { Alert } from "~/ui/Alert";

const SECONDARY = "inline-flex w-full items-center justify-center rounded-xl border border-white/10 px-4 py-3 font-semibold text-zinc-200 hover:bg-white/5 disabled:cursor-not-allowed disabled:opacity-50";
const PRIMARY =
  "inline-flex w-full items-center justify-center gap-2 rounded-xl bg-indigo-600 px-4 py-3 font-bold text-white shadow-lg hover:bg-indigo-500 disabled:cursor-not-allowed disabled:bg-zinc-700 disabled:text-zinc-400 disabled:shadow-none";

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className="shrink-0 text-sm text-zinc-400">{label}</dt>
      <dd className="min-w-0 text-right font-semibold break-words text-white" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export function PurchaseConfirmDialog({
  open,
  option,
  appName,
  isAuthenticated,
  user,
  onPurchase,
  onClose,
  buying,
  refreshing,
  loginHref,
}: {
  open: boolean;
  option: PricingOption | null;
  appName: string;
  isAuthenticated: boolean;
  user: SessionUser | null;
  onPurchase: () => void;
  onClose: () => void;
  buying: boolean;
  /** The balance is being read again (on each opening: another tab or a top-up may have changed it). */
  refreshing: boolean;
  /** Where a visitor without a session logs in. */
  loginHref: string;
}) {
  const titleId = useId();
  const words = useWords(purchaseDialogWords);
  const shell = useWords(shellWords);
  const format = useFormat();
  const to = useLocalePath();
  // The app page this dialog is on: the wallet leads back to it after the top-up (issue 53).
  const here = useLocation().pathname;

  if (!option) return null;
  const balance = typeof user?.balance === "number" ? user.balance : null;
  // The wallet pays in VND: a USD price at the shop's rate (the server charges the same figure).
  const charge = chargeOf(option);
  const enough = hasEnoughBalance(balance, charge);
  const short = isAuthenticated && !refreshing && balance !== null && !enough;
  const canBuy = isAuthenticated && !refreshing && enough && !buying;

  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId} busy={buying} testId="purchase-confirm">
      <div className="flex items-start justify-between gap-4">
        <h2 id={titleId} className="text-xl font-bold text-white">
          {words.confirmTitle}
        </h2>
        <DialogCloseButton onClick={onClose} disabled={buying} />
      </div>

      <dl className="mt-4 divide-y divide-white/5 rounded-xl bg-black/20 px-4">
        <Row label={words.app}>{appName}</Row>
        <Row label={words.keyType}>{format.keyType(option.key_type)}</Row>
        <Row label={words.price} testId="purchase-price">
          <span className="text-indigo-300">{optionPrices(option, format).total}</span>
        </Row>
        {isAuthenticated && (
          <Row label={words.balance} testId="purchase-balance">
            <span className="inline-flex items-center gap-2 text-emerald-300">
              {refreshing && <Spinner className="h-3.5 w-3.5 text-zinc-400" />}
              {/* The stored balance's text is the server's Vietnamese: an English page writes the figure itself. */}
              {balance === null ? "—" : format.vnd(balance)}
            </span>
          </Row>
        )}
        {isAuthenticated && !refreshing && enough && balance !== null && charge !== null && (
          <Row label={words.balanceAfter}>{format.vnd(balance - charge)}</Row>
        )}
      </dl>

      <fieldset className="mt-4">
        <legend className="text-sm text-zinc-400">{words.paymentMethod}</legend>
        <label className="mt-2 flex items-center gap-3 rounded-xl border border-indigo-500/60 bg-indigo-500/10 px-4 py-3 text-white">
          <input type="radio" name="payment_method" value="balance" defaultChecked className="h-4 w-4 accent-indigo-500" />
          <span className="font-medium">{words.payFromWallet}</span>
        </label>
      </fieldset>

      {short && balance !== null && charge !== null && (
        <Alert testId="purchase-shortfall" className="mt-4" lines={words.insufficientBalance(format.vnd(charge), format.vnd(balance))}>
          {/* The top-up itself, as the header's link opens it (app/shell/HeaderMenus.tsx). */}
          <Link to={to(`/profile?tab=wallet&topup=vietqr&back=${encodeURIComponent(here)}`)} className="mt-2 inline-block font-semibold text-red-50 underline underline-offset-2 hover:text-white">
            {words.topUp}
          </Link>
        </Alert>
      )}

      {!isAuthenticated && (
        <Alert tone="warning" className="mt-4" lines={words.signInToBuy}>
          <Link to={loginHref} className="mt-2 inline-block font-semibold underline underline-offset-2">
            {shell.signIn}
          </Link>
        </Alert>
      )}

      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row">
        <button type="button" onClick={onClose} disabled={buying} className={SECONDARY}>
          {words.cancel}
        </button>
        <button type="button" onClick={onPurchase} disabled={!canBuy} aria-busy={buying} className={PRIMARY}>
          {buying && <Spinner />}
          {buying ? words.processing : words.confirm}
        </button>
      </div>
    </Dialog>
  );
}
