import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientActionFunctionArgs, Link, useFetcher, useLocation, useSearchParams } from "@remix-run/react";
import { type ChangeEvent, type FormEvent, useRef, useState } from "react";
import { AuthCard, OrDivider, SubmitButton } from "~/accounts/AuthCard";
import { TEXT_LINK } from "~/ui/button-class";
import { TextField } from "~/ui/forms/TextField";
import { ValidationSummary } from "~/ui/forms/ValidationSummary";
import { Alert } from "~/ui/Alert";
import { GoogleButton } from "~/accounts/GoogleButton";
import { ApiError, apiCall, type FieldErrors } from "~/platform/api";
import { useFetcherAnswer } from "~/ui/forms/fetcher-answer";
import { localeOf, requestLocale, useLocale, useLocalePath, inLocale } from "~/i18n/locale";
import { formsWords } from "~/i18n/vi/forms";
import { signInWords } from "~/i18n/vi/accounts/sign-in";
import { useWords, wordsIn } from "~/i18n/words";
import { pageMeta } from "~/ui/meta";
import { redirectTo } from "~/ui/forms/redirect-response";
import { landingFor, landingFrom, redirectFromQuery } from "~/accounts/session/redirects";
import { PENDING_KEYS, savePending } from "~/accounts/session/second-factor";
import { readDeviceToken, saveSession } from "~/accounts/session/session";
import { toast } from "~/ui/toast";
import { loadAuthSchemas, precheckWith, focusFirstError, hasErrors } from "~/ui/forms/validation";

export const meta: MetaFunction = ({ matches, location }) => pageMeta(matches, wordsIn(localeOf(location.pathname), signInWords).title);

const FIELDS = ["login", "password"] as const;
type Values = Record<(typeof FIELDS)[number], string>;

/** A refused sign-in: the server's field errors, or null when a toast said what went wrong. */
type Refusal = { errors: FieldErrors | null };

// The password goes to the API from here; the page only collects it (docs/decisions/0026).
export async function clientAction({ request }: ClientActionFunctionArgs): Promise<Refusal> {
  const values = (await request.json()) as Values;
  const locale = requestLocale(request);
  const landing = landingFrom(new URL(request.url).searchParams, locale);
  let session: Awaited<ReturnType<typeof signIn>>;
  try {
    session = await signIn(values);
  } catch (error) {
    if (error instanceof ApiError && error.errors) return { errors: error.errors };
    toast.error(error instanceof ApiError ? error.message : wordsIn(locale, formsWords).unexpected);
    return { errors: null };
  }
  if ("mfa_required" in session) {
    // The password was right; the code is asked for on the next screen.
    const { success: _success, message: _message, mfa_required: _required, ...challenge } = session;
    savePending(PENDING_KEYS.signIn, { ...challenge, ...landing });
    throw redirectTo(inLocale(locale, "/login/verify"));
  }
  saveSession({ access: session.access, refresh: session.refresh, user: session.user, device_token: session.device_token });
  toast.success(wordsIn(locale, signInWords).signedIn);
  throw redirectTo(landingFor(session.user, landing), { replace: true });
}

// The device token from an earlier sign-in here keeps this browser out of the account's lock.
function signIn(values: Values) {
  return apiCall((api) => api.api.auth.login.$post({ json: { ...values, device_token: readDeviceToken() ?? undefined } }));
}

export default function LoginPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const form = useRef<HTMLFormElement>(null);
  const words = useWords(signInWords);
  const locale = useLocale();
  const to = useLocalePath();
  // Fresh from registration, the new username is already filled in.
  const [values, setValues] = useState<Values>(() => {
    const login = (location.state as { login?: unknown } | null)?.login;
    return { login: typeof login === "string" ? login : "", password: "" };
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refused, setRefused] = useState<FieldErrors | null>(null);
  const sending = useFetcher<typeof clientAction>();
  // Still busy while the redirect after a sign-in loads the next screen.
  const busy = sending.state !== "idle";
  const redirect = redirectFromQuery(params);

  useFetcherAnswer(sending, ({ errors: found }) => {
    if (!found) return;
    setErrors(found);
    setRefused(found);
    focusFirstError(form.current, found, FIELDS);
  });

  function change(event: ChangeEvent<HTMLInputElement>) {
    const { name, value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _field, non_field_errors: _general, ...rest }) => rest);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setRefused(null);
    const found = await precheckWith((schemas) => schemas.loginSchema, values);
    if (hasErrors(found)) {
      setErrors(found);
      focusFirstError(form.current, found, FIELDS);
      return;
    }
    setErrors({});
    sending.submit(values, { method: "post", encType: "application/json", flushSync: true });
  }

  const registerHref = redirect ? `${to("/register")}?redirect=${encodeURIComponent(redirect)}` : to("/register");

  return (
    <AuthCard
      title={words.title}
      description={words.description}
      footer={
        <>
          {words.noAccount}{" "}
          <Link to={registerHref} className={TEXT_LINK}>
            {words.register}
          </Link>
        </>
      }
    >
      <form ref={form} onSubmit={submit} onFocus={() => void loadAuthSchemas().catch(() => {})} noValidate className="space-y-5">
        <TextField
          name="login"
          label={words.login}
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          required
          value={values.login}
          onChange={change}
          errors={errors.login}
        />
        <TextField
          name="password"
          type="password"
          label={words.password}
          autoComplete="current-password"
          required
          value={values.password}
          onChange={change}
          errors={errors.password}
        />
        <div className="-mt-2 text-right text-sm">
          <Link to={to("/forgot-password")} className={TEXT_LINK}>
            {words.forgotPassword}
          </Link>
        </div>
        <Alert lines={errors.non_field_errors} />
        <ValidationSummary errors={refused} />
        <SubmitButton busy={busy} busyLabel={words.signingIn}>
          {words.signIn}
        </SubmitButton>
      </form>
      <OrDivider label={words.or} />
      <GoogleButton label={words.withGoogle} failureMessage={words.googleFailed} landing={() => landingFrom(params, locale)} />
    </AuthCard>
  );
}
