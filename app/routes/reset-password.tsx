import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientActionFunctionArgs, type ClientLoaderFunctionArgs, Link, type ShouldRevalidateFunction, useFetcher, useLoaderData, useRevalidator } from "@remix-run/react";
import { type ChangeEvent, type FormEvent, useCallback, useRef, useState } from "react";
import { AuthCard, SubmitButton } from "~/accounts/AuthCard";
import { PRIMARY_BUTTON, SECONDARY_BUTTON, TEXT_LINK } from "~/ui/button-class";
import { ValidationSummary } from "~/ui/forms/ValidationSummary";
import { Alert } from "~/ui/Alert";
import { NewPasswordFields } from "~/accounts/NewPasswordFields";
import { PageSpinner } from "~/ui/Spinner";
import { ApiError, apiCall, type FieldErrors } from "~/platform/api";
import { useFetcherAnswer } from "~/ui/forms/fetcher-answer";
import { inLocale, localeOf, requestLocale, useLocale, useLocalePath } from "~/i18n/locale";
import { formsWords } from "~/i18n/vi/forms";
import { resetPasswordWords } from "~/i18n/vi/accounts/reset-password";
import { useWords, wordsIn } from "~/i18n/words";
import { pageMeta } from "~/ui/meta";
import { redirectTo } from "~/ui/forms/redirect-response";
import { toast } from "~/ui/toast";
import { useRedirectAfter } from "~/ui/use-redirect-after";
import { checkWith, useAuthSchemas } from "~/ui/forms/validation";

export const meta: MetaFunction = ({ matches, location }) => pageMeta(matches, wordsIn(localeOf(location.pathname), resetPasswordWords).resetTitle);

// docs/product.md §9: after success, and on an invalid token, the page moves on after 2 s.
const REDIRECT_DELAY_MS = 2000;

type Verification =
  | { state: "valid"; token: string; username: string; email: string }
  | { state: "invalid"; message: string }
  | { state: "failed"; message: string };

const FIELDS = ["new_password", "confirm_password"] as const;

type NewPassword = { token: string; new_password: string; confirm_password: string };
type Result = { ok: true } | { ok: false; errors: FieldErrors | null; tokenRefused?: true };

export async function clientAction({ request }: ClientActionFunctionArgs): Promise<Result> {
  const json = (await request.json()) as NewPassword;
  const locale = requestLocale(request);
  const words = wordsIn(locale, resetPasswordWords);
  try {
    const answer = await apiCall((api) => api.api.auth["reset-password"].$post({ json }));
    toast.success(answer?.message || words.success);
    return { ok: true };
  } catch (error) {
    if (!(error instanceof ApiError)) toast.error(wordsIn(locale, formsWords).unexpected);
    else if (error.isNetworkError) toast.error(words.offline);
    else if (error.errors?.new_password || error.errors?.confirm_password) return { ok: false, errors: error.errors };
    // The server may still refuse the token (used in another tab): the page says so.
    else if (error.errors?.token) return { ok: false, errors: null, tokenRefused: true };
    else toast.error(error.message);
    return { ok: false, errors: null };
  }
}

// The token is checked once as the page loads, not again after the new password is sent: it is spent then.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) => (formMethod ? false : defaultShouldRevalidate);

function ResetForm({ token, username, email, onInvalidToken }: { token: string; username: string; email: string; onInvalidToken: () => void }) {
  const [values, setValues] = useState({ new_password: "", confirm_password: "" });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const sending = useFetcher<typeof clientAction>();
  const busy = sending.state !== "idle";
  const words = useWords(resetPasswordWords);
  const locale = useLocale();
  const to = useLocalePath();

  useRedirectAfter(done ? to("/login") : null, REDIRECT_DELAY_MS);

  useFetcherAnswer(sending, (answer) => {
    if (answer.ok) setDone(true);
    else if (answer.tokenRefused) onInvalidToken();
    else if (answer.errors) setServerErrors(answer.errors);
  });

  // Checked while typing: a field shows its problem once it has text; after a submit, all do.
  const schemas = useAuthSchemas();
  const checked = schemas ? checkWith(schemas.resetPasswordSchema, { token, ...values }, locale) : {};
  const live = Object.fromEntries(FIELDS.filter((field) => checked[field] && (submitted || values[field])).map((field) => [field, checked[field]]));
  const errors: FieldErrors = { ...live, ...serverErrors };

  function change(event: ChangeEvent<HTMLInputElement>) {
    const { name, value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors({});
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || done) return;
    setSubmitted(true);
    const first = FIELDS.find((field) => checked[field]);
    if (first) {
      (form.current?.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    sending.submit({ token, ...values } satisfies NewPassword, { method: "post", encType: "application/json", flushSync: true });
  }

  if (done) {
    return (
      <div role="status" className="space-y-4 text-center">
        <p className="text-emerald-300">{words.done}</p>
        <Link to={to("/login")} className={PRIMARY_BUTTON}>
          {words.signInNow}
        </Link>
      </div>
    );
  }

  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-5">
      <dl className="grid gap-3 rounded-xl border border-white/5 bg-zinc-950/50 p-4 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-zinc-400">{words.username}</dt>
          <dd className="truncate font-semibold text-white" data-testid="reset-username">
            {username}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-zinc-400">{words.email}</dt>
          <dd className="truncate font-semibold text-white" data-testid="reset-email">
            {email}
          </dd>
        </div>
      </dl>
      {/* Lets a password manager store the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <NewPasswordFields values={values} errors={errors} onChange={change} />
      <Alert lines={serverErrors.non_field_errors} />
      <ValidationSummary errors={serverErrors} />
      <SubmitButton busy={busy} busyLabel={words.saving}>
        {words.save}
      </SubmitButton>
    </form>
  );
}

function InvalidToken({ message }: { message: string }) {
  const words = useWords(resetPasswordWords);
  const to = useLocalePath();
  useRedirectAfter(to("/forgot-password"), REDIRECT_DELAY_MS);
  return (
    <div className="space-y-4 text-center">
      <Alert lines={[message]} />
      <p className="text-sm text-zinc-400">{words.invalidExplained}</p>
      <Link to={to("/forgot-password")} className={PRIMARY_BUTTON}>
        {words.newLink}
      </Link>
    </div>
  );
}

// The link's token is checked as the page loads (and again on "Thử lại"); without one, there is
// nothing to check and the visitor is sent to ask for a new link.
export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<Verification | Response> {
  const token = new URL(request.url).searchParams.get("token")?.trim() ?? "";
  const locale = requestLocale(request);
  const words = wordsIn(locale, resetPasswordWords);
  if (!token) {
    toast.error(words.missingToken);
    return redirectTo(inLocale(locale, "/forgot-password"), { replace: true });
  }
  try {
    const answer = await apiCall((api) => api.api.auth["verify-reset-token"].$get({ query: { token } }), { signal: request.signal });
    // An invalid token is answered with 400, which apiCall throws as an ApiError.
    return { state: "valid", token, username: answer.user?.username ?? "", email: answer.user?.email ?? "" };
  } catch (error) {
    if (error instanceof ApiError && error.isNetworkError) return { state: "failed", message: words.offline };
    if (error instanceof ApiError && (error.status === 400 || error.status === 404 || error.status === 410)) {
      toast.error(words.invalidToken);
      return { state: "invalid", message: words.invalidToken };
    }
    return { state: "failed", message: error instanceof ApiError ? error.message : wordsIn(locale, formsWords).unexpected };
  }
}

export function HydrateFallback() {
  return <PageSpinner label={useWords(resetPasswordWords).checkingLink} />;
}

export default function ResetPasswordPage() {
  const loaded = useLoaderData<Verification>();
  const revalidator = useRevalidator();
  // The server may still refuse the token when the new password is sent (used in another tab).
  const [refused, setRefused] = useState(false);
  const words = useWords(resetPasswordWords);
  const to = useLocalePath();
  const verification: Verification = refused ? { state: "invalid", message: words.invalidToken } : loaded;

  const tokenRefused = useCallback(() => {
    toast.error(words.invalidToken);
    setRefused(true);
  }, [words]);

  if (revalidator.state === "loading") return <PageSpinner label={words.checkingLink} />;

  return (
    <AuthCard
      title={verification.state === "invalid" ? words.invalidTitle : words.resetTitle}
      description={verification.state === "valid" ? words.resetDescription : undefined}
      footer={
        <Link to={to("/login")} className={TEXT_LINK}>
          ← {words.backToLogin}
        </Link>
      }
    >
      {verification.state === "valid" && <ResetForm token={verification.token} username={verification.username} email={verification.email} onInvalidToken={tokenRefused} />}
      {verification.state === "invalid" && <InvalidToken message={verification.message} />}
      {verification.state === "failed" && (
        <div className="space-y-4 text-center">
          <Alert lines={[verification.message]} />
          <button type="button" onClick={() => revalidator.revalidate()} className={SECONDARY_BUTTON}>
            {words.retry}
          </button>
        </div>
      )}
    </AuthCard>
  );
}
