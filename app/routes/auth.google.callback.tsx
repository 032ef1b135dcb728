import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientLoaderFunctionArgs, Link, useLoaderData } from "@remix-run/react";
import { PRIMARY_BUTTON } from "~/ui/button-class";
import { PageSpinner } from "~/ui/Spinner";
import { ApiError, apiCall } from "~/platform/api";
import { decodeState, type GoogleState, takePendingGoogleSignIn } from "~/accounts/session/google";
import { pageMeta } from "~/ui/meta";
import { redirectTo } from "~/ui/forms/redirect-response";
import { landingFor, safeRedirectPath } from "~/accounts/session/redirects";
import { PENDING_KEYS, savePending } from "~/accounts/session/second-factor";
import { saveSession } from "~/accounts/session/session";
import { toast } from "~/ui/toast";
import { useRedirectAfter } from "~/ui/use-redirect-after";
import { inLocale, type Locale, localeOf } from "~/i18n/locale";
import { googleSignInWords } from "~/i18n/vi/accounts/google-sign-in";
import { wordsIn } from "~/i18n/words";
import { useEffect, useState } from "react";
import { Alert } from "~/ui/Alert";

// The page's own address is Vietnamese; its title too (it shows for a moment, before the words of the visitor's language are known).
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, googleSignInWords.vi.title);

// docs/product.md §8 / §9: "Lỗi xác thực Google: {message}", then /login after 3 s.
const ERROR_REDIRECT_MS = 3000;

/**
 * The language the visitor left for Google in: that of the page they are to land on, which the
 * state carries (app/accounts/session/google.ts). Vietnamese without one.
 */
function stateLocale(state: GoogleState | null): Locale {
  return localeOf((safeRedirectPath(state?.redirect) ?? "/").replace(/[?#].*$/, ""));
}

/** The words of `locale`: this Vietnamese page's document brought no English ones, so they are fetched here. */
async function wordsFor(locale: Locale) {
  if (locale === "en") {
    try {
      (await import("~/i18n/en")).startEnglish();
    } catch {
      // Vietnamese words, then; the landing page loads its own.
    }
  }
  return wordsIn(locale, googleSignInWords);
}

type Failure = { failure: string; locale: Locale };

// The exchange runs once, as the page loads: the code and this tab's pending sign-in can be used
// only once, and nothing on this page revalidates.
export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<Failure | Response> {
  const params = new URL(request.url).searchParams;
  const state = decodeState(params.get("state"));
  const locale = stateLocale(state);
  const words = await wordsFor(locale);
  const fail = (detail: string): Failure => {
    const failure = words.failure(detail);
    toast.error(failure);
    return { failure, locale };
  };
  const providerError = params.get("error");
  const code = params.get("code");
  const pending = takePendingGoogleSignIn();
  if (providerError) return fail(providerError);
  if (!code) return fail(words.noCode);
  // The state must carry the CSRF value this tab created before leaving for the provider.
  if (!pending || !state || state.csrf !== pending.csrf) return fail(words.badState);
  try {
    const answer = await apiCall(
      (api) => api.api.auth["google-auth"].$post({ json: { code, redirect_uri: pending.redirect_uri, code_verifier: pending.verifier, nonce: pending.nonce } }),
      // Answered in the visitor's language, not this page's.
      { headers: { "Accept-Language": locale } },
    );
    const landing = { next: safeRedirectPath(state.redirect) ?? inLocale(locale, "/profile"), asked: state.asked === true };
    if ("mfa_required" in answer.data) {
      // Google proved the first factor; the code is asked for next.
      const { mfa_required: _required, ...challenge } = answer.data;
      savePending(PENDING_KEYS.signIn, { ...challenge, ...landing });
      return redirectTo(inLocale(locale, "/login/verify"), { replace: true });
    }
    const { access, refresh, user } = answer.data;
    saveSession({ access, refresh, user });
    toast.success(answer.message || words.signedIn);
    return redirectTo(landingFor(user, landing), { replace: true });
  } catch (error) {
    return fail(error instanceof ApiError && error.message ? error.message : words.failed);
  }
}

/** The language `words` are written in: English ones fell back to Vietnamese if they could not be fetched. */
function languageOf(words: typeof googleSignInWords.vi): Locale {
  return words === googleSignInWords.vi ? "vi" : "en";
}

/**
 * While Google's answer is exchanged: in Vietnamese as served (the address's), then in the language
 * the visitor left from, marked as such (the document itself says Vietnamese).
 */
export function HydrateFallback() {
  const [words, setWords] = useState(googleSignInWords.vi);
  useEffect(() => {
    const locale = stateLocale(decodeState(new URLSearchParams(window.location.search).get("state")));
    if (locale === "en") void wordsFor(locale).then(setWords);
  }, []);
  return (
    <div lang={languageOf(words)}>
      <PageSpinner label={words.signingIn} />
    </div>
  );
}

export default function GoogleCallbackPage() {
  const { failure, locale } = useLoaderData<Failure>();
  const words = wordsIn(locale, googleSignInWords);
  const login = inLocale(locale, "/login");
  useRedirectAfter(login, ERROR_REDIRECT_MS);

  return (
    <div lang={languageOf(words)} className="mx-auto w-full max-w-md px-4 py-14">
      <section className="rounded-2xl border border-white/5 bg-zinc-900/70 p-6 text-center shadow-2xl sm:p-8" aria-labelledby="google-error-title">
        <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-red-500/15 text-2xl text-red-300" aria-hidden="true">
          !
        </div>
        <h1 id="google-error-title" className="mt-4 text-2xl font-black text-white">
          {words.failedTitle}
        </h1>
        <Alert className="mt-3 break-words" lines={failure} />
        <p className="mt-2 text-sm text-zinc-400">{words.redirecting}</p>
        <Link to={login} replace className={`${PRIMARY_BUTTON} mt-6`}>
          {words.backToLogin}
        </Link>
      </section>
    </div>
  );
}
