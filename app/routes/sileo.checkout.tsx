// /sileo/checkout?ticket=…: the store page a purchase from Sileo or Zebra opens in its sheet when it
// cannot be made at once (no payment secret, no default key type, a short balance; docs/product.md
// "Buying in Sileo and Zebra"). It lists the package's key types and the wallet's balance, links
// to a top-up (whose wallet leads back here), pays from the wallet (one sale per ticket: a second tap answers the first), shows
// the key, already bound to the phone, and ends at sileo://payment_completed, which closes the sheet.
import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientActionFunctionArgs, type ClientLoaderFunctionArgs, Link, useFetcher, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { AuthCard } from "~/accounts/AuthCard";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/ui/button-class";
import { requireSession, isSessionOver, sessionEnded } from "~/accounts/session/session-route";
import { useFormat } from "~/i18n/format";
import { localeOf, requestLocale, useLocalePath } from "~/i18n/locale";
import { formsWords } from "~/i18n/vi/forms";
import { packageManagerWords } from "~/i18n/vi/wallet/package-manager";
import { useWords, wordsIn } from "~/i18n/words";
import { ApiError, apiCall } from "~/platform/api";
import { pageMeta } from "~/ui/meta";
import { PageSpinner } from "~/ui/Spinner";
import { toast } from "~/ui/toast";

export const meta: MetaFunction = ({ matches, location }) => pageMeta(matches, wordsIn(localeOf(location.pathname), packageManagerWords).checkoutTitle);

async function readCheckout(ticket: string, signal?: AbortSignal) {
  const { data } = await apiCall((api) => api.api.sileo.checkout[":token"].$get({ param: { token: ticket } }), { auth: true, signal });
  return data;
}

type Checkout = Awaited<ReturnType<typeof readCheckout>>;
type Loaded = { ticket: string; checkout: Checkout | null; error: string | null };

export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<Loaded> {
  requireSession(request);
  const ticket = new URL(request.url).searchParams.get("ticket") ?? "";
  try {
    return { ticket, checkout: await readCheckout(ticket, request.signal), error: null };
  } catch (error) {
    if (isSessionOver(error)) return sessionEnded(request);
    if (request.signal.aborted) throw error;
    return { ticket, checkout: null, error: error instanceof ApiError ? error.message : wordsIn(requestLocale(request), formsWords).unexpected };
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageSpinner label={useWords(packageManagerWords).loading} />;
}

type Paid = { key: string | null };

export async function clientAction({ request }: ClientActionFunctionArgs): Promise<Paid> {
  const { ticket, pricingId } = (await request.json()) as { ticket: string; pricingId: number };
  try {
    const { data } = await apiCall((api) => api.api.sileo.checkout[":token"].$post({ param: { token: ticket }, json: { key_pricing_id: pricingId } }), { auth: true });
    return { key: data.key_code };
  } catch (error) {
    toast.error(error instanceof ApiError ? error.message : wordsIn(requestLocale(request), formsWords).unexpected);
    return { key: null };
  }
}

export default function CheckoutPage() {
  const { ticket, checkout, error } = useLoaderData<typeof clientLoader>();
  const words = useWords(packageManagerWords);
  const format = useFormat();
  const to = useLocalePath();
  const paying = useFetcher<typeof clientAction>();
  const options = checkout?.pricing.filter((option) => option.is_active && option.key_type.is_active) ?? [];
  const [chosen, setChosen] = useState<number | null>(options.find((option) => option.can_purchase)?.id ?? null);
  const key = paying.state === "idle" ? paying.data?.key : null;

  if (!checkout) {
    return (
      <AuthCard title={words.checkoutTitle}>
        <p className="text-zinc-300">{error}</p>
      </AuthCard>
    );
  }
  if (key || checkout.owned) {
    return (
      <AuthCard title={checkout.app.name}>
        <p className="text-zinc-300">{key ? words.bought : words.owned}</p>
        {key && (
          <output className="mt-3 block rounded-xl bg-zinc-950/60 p-3 text-center font-mono text-lg break-all text-white" data-testid="bought-key">
            {key}
          </output>
        )}
        <a href={checkout.done_url} className={`${PRIMARY_BUTTON} mt-5`}>
          {words.backToApp}
        </a>
      </AuthCard>
    );
  }
  const price = options.find((option) => option.id === chosen)?.vnd_price ?? null;
  const short = price !== null && price > checkout.balance;
  return (
    <AuthCard title={checkout.app.name} description={`${words.balance}: ${format.vnd(checkout.balance)}`}>
      <fieldset>
        <legend className="mb-2 font-semibold text-white">{words.chooseType}</legend>
        <div className="space-y-2">
          {options.map((option) => (
            <label key={option.id} className="flex items-center justify-between gap-3 rounded-xl border border-white/10 p-3 text-zinc-200">
              <span className="flex items-center gap-2">
                <input type="radio" name="pricing" value={option.id} checked={chosen === option.id} disabled={!option.can_purchase} onChange={() => setChosen(option.id)} />
                {option.key_type_name}
              </span>
              <span className="font-semibold">{option.can_purchase ? format.priceWithVnd(option.price, option.currency, option.vnd_price) : words.soldOut}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {short && <p className="mt-3 text-sm text-amber-300">{words.notEnough}</p>}
      <div className="mt-5 space-y-3">
        <button
          type="button"
          className={PRIMARY_BUTTON}
          disabled={chosen === null || short || paying.state !== "idle"}
          onClick={() => chosen !== null && paying.submit({ ticket, pricingId: chosen }, { method: "post", encType: "application/json", flushSync: true })}
        >
          {paying.state !== "idle" ? words.paying : words.pay}
        </button>
        <Link to={to(`/profile?tab=wallet&topup=vietqr&back=${encodeURIComponent(to(`/sileo/checkout?ticket=${ticket}`))}`)} className={SECONDARY_BUTTON}>
          {words.topUp}
        </Link>
      </div>
    </AuthCard>
  );
}
