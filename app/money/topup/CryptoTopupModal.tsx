// Top-up with crypto (issue 54; docs/product.md, "Crypto top-ups"): the buyer types an amount in US$
// within the shop's limits and sees the VND it credits at the shop's rate (locked when the invoice is
// made) and any deposit bonus; the store makes the invoice (the profile's clientAction, intent
// "crypto-create", createCrypto in ./crypto-topup.ts) and the buyer pays on the gateway's hosted
// page, opened in a new tab. This dialog stays on the top-up and hears its news through the live
// wallet (a credit, a partial payment), as the VietQR dialog does; the wallet tab lists it meanwhile.
import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { useFormat } from "~/i18n/format";
import { cryptoTopupWords } from "~/i18n/vi/wallet/crypto-topup";
import { topupWords } from "~/i18n/vi/wallet/topup";
import { useWords } from "~/i18n/words";
import { Dialog } from "~/ui/Dialog";
import { Field } from "~/ui/Field";
import { inputClass } from "~/ui/input-class";
import { Spinner } from "~/ui/Spinner";
import { useFetcherAnswer } from "~/ui/forms/fetcher-answer";
import { onWalletChange } from "~/money/wallet/live-wallet";
import { usdCents, vndFor } from "@workers/shared/money/topup";
import type { CryptoCreate, CryptoCreated } from "./crypto-topup";
import type { CryptoTermsLoad, CryptoTopup } from "./topup-config";
import { DepositBonusLine, keepFocusInDialog, PromotionCodeField, TOPUP_PRIMARY, TOPUP_SECONDARY, TopupDialogTitle, useDepositBonus } from "./TopupParts";
import { Alert } from "~/ui/Alert";

// The profile's clientAction runs this from this file, loaded with the dialog.
export { type CryptoCreate, createCrypto } from "./crypto-topup";

export function CryptoTopupModal({
  termsLoad,
  resume,
  onRetryTerms,
  onClose,
  onPaid,
}: {
  termsLoad: CryptoTermsLoad;
  /** An open crypto top-up of this buyer's: the dialog opens on it (undefined while it is read). */
  resume?: CryptoTopup | null;
  onRetryTerms: () => void;
  onClose: () => void;
  /** A credit arrived: the page reads the balance and its lists again. */
  onPaid: () => void;
}) {
  const titleId = useId();
  const words = useWords(cryptoTopupWords);
  const shared = useWords(topupWords);
  const format = useFormat();
  const [topup, setTopup] = useState<CryptoTopup | null>(null);
  const [state, setState] = useState<string | null>(null);
  const view = useRef<HTMLDivElement>(null);
  const amountInput = useRef<HTMLInputElement>(null);
  // An open top-up is followed again, as VietQR resumes its pending transfer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per top-up resumed.
  useEffect(() => {
    if (resume && !topup) setTopup(resume);
  }, [resume?.id]);

  const paid = useRef(onPaid);
  paid.current = onPaid;
  // The top-up's news, told live by the wallet object (event "crypto"); the history's toast tells it too.
  useEffect(() => {
    if (!topup) return;
    return onWalletChange((message) => {
      if (message.crypto_id !== topup.id || !message.state) return undefined;
      setState(message.state);
      if (message.state === "credited" || message.state === "partial") paid.current();
      return undefined;
    });
  }, [topup]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves when the dialog changes step.
  useEffect(() => keepFocusInDialog(topup ? view.current : amountInput.current), [topup?.id, termsLoad.status]);

  const shown = state ?? (topup ? (topup.status === "pending" ? (topup.gateway_status ?? "waiting") : topup.status) : null);
  return (
    <Dialog open onClose={onClose} labelledBy={titleId} testId="crypto-modal">
      <TopupDialogTitle id={titleId} title={words.title} subtitle={words.subtitle} onClose={onClose} />
      {topup ? (
        <div ref={view} tabIndex={-1} className="mt-5 space-y-4 outline-none" data-testid="crypto-invoice">
          <p className="font-semibold text-white">{words.invoiceFor(format.price(topup.amount_usd, "USD"), format.vnd(topup.vnd_amount))}</p>
          <p className="text-sm text-zinc-400">{words.lockedRate(format.vnd(topup.rate))}</p>
          <p role="status" className="text-sm text-sky-200" data-testid="crypto-state">
            {shown === "credited" ? words.credited(format.vnd(topup.vnd_amount)) : words.state(shown ?? "waiting")}
          </p>
          {shown !== "credited" && topup.invoice_url && (
            <>
              <a href={topup.invoice_url} target="_blank" rel="noopener noreferrer" className={TOPUP_PRIMARY}>
                {words.openInvoice}
              </a>
              <p className="text-xs text-zinc-400">{words.invoiceHint}</p>
            </>
          )}
          <div className="flex flex-col gap-3 sm:flex-row">
            <button
              type="button"
              onClick={() => {
                setTopup(null);
                setState(null);
              }}
              className={TOPUP_SECONDARY}
            >
              {words.another}
            </button>
            <button type="button" onClick={onClose} className={TOPUP_SECONDARY}>
              {shared.close}
            </button>
          </div>
        </div>
      ) : termsLoad.status === "loading" || resume === undefined ? (
        <p role="status" className="mt-5 flex items-center gap-2 text-sm text-zinc-400">
          <Spinner /> {words.loading}
        </p>
      ) : termsLoad.status === "failed" ? (
        <div className="mt-5 space-y-3">
          <Alert lines={shared.configFailed} />
          <button type="button" onClick={onRetryTerms} className={TOPUP_SECONDARY}>
            {shared.retry}
          </button>
        </div>
      ) : !termsLoad.terms.enabled || termsLoad.terms.rate === null ? (
        <Alert tone="warning" lines={words.unavailable} className="mt-5" />
      ) : (
        <CryptoForm terms={{ ...termsLoad.terms, rate: termsLoad.terms.rate }} inputRef={amountInput} onCreated={setTopup} />
      )}
    </Dialog>
  );
}

function CryptoForm({
  terms,
  inputRef,
  onCreated,
}: {
  terms: { minimum_usd: number; maximum_usd: number; rate: number };
  inputRef: React.RefObject<HTMLInputElement>;
  onCreated: (topup: CryptoTopup) => void;
}) {
  const id = useId();
  const words = useWords(cryptoTopupWords);
  const format = useFormat();
  const [amount, setAmount] = useState("");
  const [code, setCode] = useState("");
  const [touched, setTouched] = useState(false);
  const creator = useFetcher<CryptoCreated>();
  const creating = creator.state !== "idle";
  // The server's own rules (workers/money/crypto.ts decides with them).
  const cents = usdCents(amount, terms.minimum_usd, terms.maximum_usd);
  const credit = cents === null ? null : vndFor(cents, terms.rate);
  const bonus = useDepositBonus(credit, code);
  const answer = useFetcherAnswer(creator, (created) => created.ok && onCreated(created.topup));
  const refused = answer && !answer.ok ? answer : null;
  const invalid = touched && amount.trim() !== "" && cents === null ? words.amountInvalid(format.price(terms.minimum_usd, "USD"), format.price(terms.maximum_usd, "USD")) : null;
  const amountError = invalid ?? refused?.errors?.amount_usd?.[0] ?? null;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (creating || cents === null) return;
    const request: CryptoCreate = code.trim() ? { intent: "crypto-create", amount_usd: amount.trim(), promotion_code: code.trim() } : { intent: "crypto-create", amount_usd: amount.trim() };
    creator.submit(request, { method: "post", encType: "application/json", flushSync: true });
  }

  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-4">
      <Field id={id} label={words.amountLabel} required hint={words.amountHint(format.price(terms.minimum_usd, "USD"), format.price(terms.maximum_usd, "USD"))} errors={amountError}>
        <input
          ref={inputRef}
          id={id}
          name="amount_usd"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder={`${terms.minimum_usd}`}
          value={amount}
          onChange={(event) => setAmount(event.target.value.replace(/[^0-9.]/g, ""))}
          onBlur={() => setTouched(true)}
          className={inputClass(Boolean(amountError))}
        />
      </Field>
      <div className="rounded-xl bg-black/20 px-4 py-3 text-sm">
        <p className="flex items-baseline justify-between gap-3">
          <span className="text-zinc-400">{words.youGet}</span>
          <span className="font-bold text-emerald-300" data-testid="crypto-preview">
            {credit === null ? "—" : format.vnd(credit)}
          </span>
        </p>
        <p className="mt-1 text-xs text-zinc-400">{words.rate(format.vnd(terms.rate))}</p>
      </div>
      <DepositBonusLine preview={bonus} />
      <PromotionCodeField value={code} onChange={setCode} preview={bonus} errors={refused?.errors?.promotion_code?.[0] ?? null} />
      <Alert lines={refused?.message} />
      <button type="submit" aria-busy={creating} className={TOPUP_PRIMARY}>
        {creating && <Spinner />}
        {creating ? words.creating : words.pay}
      </button>
    </form>
  );
}
