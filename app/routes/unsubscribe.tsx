// /unsubscribe?token=… : the page every buyer notice links to (docs/decisions/0032-buyer-mails.md).
// It needs no sign-in: opening it changes nothing, the button turns the notices off with the
// signed token (POST /api/mail/unsubscribe, the same address a mail client's one-click uses).
import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientActionFunctionArgs, Link, useFetcher, useSearchParams } from "@remix-run/react";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/ui/button-class";
import { Alert } from "~/ui/Alert";
import { Spinner } from "~/ui/Spinner";
import { ApiError, apiCall } from "~/platform/api";
import { pageMeta } from "~/ui/meta";
import { FALLBACK_ERROR } from "@workers/shared/error-messages";
import { localeOf, requestLocale, useLocalePath } from "~/i18n/locale";
import { unsubscribeWords } from "~/i18n/vi/accounts/unsubscribe";
import { useWords, wordsIn } from "~/i18n/words";

export const meta: MetaFunction = ({ matches, location }) => pageMeta(matches, wordsIn(localeOf(location.pathname), unsubscribeWords).title);

type Result = { ok: boolean; message: string };

export async function clientAction({ request }: ClientActionFunctionArgs): Promise<Result> {
  const { token } = (await request.json()) as { token: string };
  try {
    const answer = await apiCall((api) => api.api.mail.unsubscribe.$post({ query: { token } }));
    return { ok: true, message: answer.message };
  } catch (error) {
    // The server's refusal, unless it is the general line: that one is said in the page's language.
    return { ok: false, message: error instanceof ApiError && error.status > 0 && error.message !== FALLBACK_ERROR ? error.message : wordsIn(requestLocale(request), unsubscribeWords).failed };
  }
}

export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const send = useFetcher<typeof clientAction>();
  const busy = send.state !== "idle";
  const result = send.state === "idle" ? send.data : undefined;
  const words = useWords(unsubscribeWords);
  const to = useLocalePath();

  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-14">
      <section className="rounded-2xl border border-white/5 bg-zinc-900/70 p-5 shadow-2xl sm:p-8" aria-labelledby="unsubscribe-title">
        <h1 id="unsubscribe-title" className="text-2xl font-black text-white">
          {words.title}
        </h1>
        {result?.ok ? (
          <p role="status" className="mt-4 text-emerald-300">
            {result.message}
          </p>
        ) : !token ? (
          <Alert className="mt-4" lines={words.linkInvalid} />
        ) : (
          <>
            <p className="mt-3 text-zinc-300">{words.explained}</p>
            {result && <Alert className="mt-4" lines={result.message} />}
            <button
              type="button"
              disabled={busy}
              onClick={() => send.submit({ token }, { method: "post", encType: "application/json" })}
              className={`${PRIMARY_BUTTON} mt-6`}
            >
              {busy && <Spinner />}
              {busy ? words.working : words.confirm}
            </button>
          </>
        )}
        <Link to={to("/")} className={`${SECONDARY_BUTTON} mt-3`}>
          {words.home}
        </Link>
      </section>
    </div>
  );
}
