// /sileo/connect: the page Sileo and Zebra open in their sign-in sheet (GET /api/sileo/authenticate
// sends them here with the phone's udid and model; docs/formats.md "Payment provider API"). The
// buyer signs in with the store's own sign-in (and second factor) on the way, then connects the
// phone: the API answers the sileo://authentication_success address with the phone's token and
// payment secret, and the page goes there, which closes the sheet. A session from long ago signs
// in again first (the API refuses it).
import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientActionFunctionArgs, type ClientLoaderFunctionArgs, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { AuthCard } from "~/accounts/AuthCard";
import { PRIMARY_BUTTON, TEXT_LINK } from "~/ui/button-class";
import { loginPathFor } from "~/accounts/session/login-path";
import { clearSession, readStoredUser } from "~/accounts/session/session";
import { requireSession } from "~/accounts/session/session-route";
import { localeOf, requestLocale } from "~/i18n/locale";
import { formsWords } from "~/i18n/vi/forms";
import { packageManagerWords } from "~/i18n/vi/wallet/package-manager";
import { useWords, wordsIn } from "~/i18n/words";
import { ApiError, apiCall } from "~/platform/api";
import { redirectTo } from "~/ui/forms/redirect-response";
import { pageMeta } from "~/ui/meta";
import { PageSpinner } from "~/ui/Spinner";
import { toast } from "~/ui/toast";

export const meta: MetaFunction = ({ matches, location }) => pageMeta(matches, wordsIn(localeOf(location.pathname), packageManagerWords).connectTitle);

type Loaded = { udid: string; model: string; account: string };

export function clientLoader({ request }: ClientLoaderFunctionArgs): Loaded {
  requireSession(request);
  const params = new URL(request.url).searchParams;
  const user = readStoredUser();
  return { udid: params.get("udid") ?? "", model: params.get("model") ?? "", account: user?.email ?? user?.username ?? "" };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageSpinner label={useWords(packageManagerWords).loading} />;
}

type Connected = { redirect: string } | { redirect: null };

export async function clientAction({ request }: ClientActionFunctionArgs): Promise<Connected> {
  const { udid, model } = (await request.json()) as { udid: string; model: string };
  const locale = requestLocale(request);
  try {
    const answer = await apiCall((api) => api.api.sileo.connect.$post({ json: { udid, model } }), { auth: true });
    return { redirect: answer.redirect };
  } catch (error) {
    // A sign-in too old for this, or without the account's second factor: sign in again, then back here.
    if (error instanceof ApiError && error.status === 403) {
      toast.error(error.message);
      clearSession();
      const here = new URL(request.url);
      throw redirectTo(loginPathFor(here.pathname + here.search), { replace: true });
    }
    toast.error(error instanceof ApiError ? error.message : wordsIn(locale, formsWords).unexpected);
    return { redirect: null };
  }
}

export default function ConnectPhonePage() {
  const { udid, model, account } = useLoaderData<typeof clientLoader>();
  const words = useWords(packageManagerWords);
  const connecting = useFetcher<typeof clientAction>();
  const redirect = connecting.state === "idle" ? connecting.data?.redirect : null;

  // The sheet closes when the page goes to the sileo:// address; the link stays for a sheet that did not.
  useEffect(() => {
    if (redirect) window.location.href = redirect;
  }, [redirect]);

  if (!udid) {
    return (
      <AuthCard title={words.connectTitle}>
        <p className="text-zinc-300">{words.badAddress}</p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={words.connectTitle} description={words.connectIntro(model, account)}>
      {redirect ? (
        <a href={redirect} className={TEXT_LINK}>
          {words.connected}
        </a>
      ) : (
        <button
          type="button"
          className={PRIMARY_BUTTON}
          disabled={connecting.state !== "idle"}
          onClick={() => connecting.submit({ udid, model }, { method: "post", encType: "application/json", flushSync: true })}
        >
          {connecting.state !== "idle" ? words.connecting : words.connectButton}
        </button>
      )}
    </AuthCard>
  );
}
