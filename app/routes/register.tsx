import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientActionFunctionArgs, Link, useFetcher, useNavigate, useSearchParams } from "@remix-run/react";
import { type FormEvent, useRef } from "react";
import { AuthCard, OrDivider, SubmitButton } from "~/accounts/AuthCard";
import { TEXT_LINK } from "~/ui/button-class";
import { TextField } from "~/ui/forms/TextField";
import { ValidationSummary } from "~/ui/forms/ValidationSummary";
import { Alert } from "~/ui/Alert";
import { GoogleButton } from "~/accounts/GoogleButton";
import { ApiError, apiCall, type FieldErrors } from "~/platform/api";
import { useFetcherAnswer } from "~/ui/forms/fetcher-answer";
import { localeOf, requestLocale, useLocale, useLocalePath } from "~/i18n/locale";
import { registerWords } from "~/i18n/vi/accounts/register";
import { useWords, wordsIn } from "~/i18n/words";
import { pageMeta } from "~/ui/meta";
import { redirectFromQuery } from "~/accounts/session/redirects";
import { toast } from "~/ui/toast";
import { useFormFields } from "~/ui/forms/use-form-fields";
import { loadAuthSchemas, precheckWith, focusFirstError, hasErrors } from "~/ui/forms/validation";
import { AvailabilityLine, isPending, useAvailability } from "~/accounts/Availability";

export const meta: MetaFunction = ({ matches, location }) => pageMeta(matches, wordsIn(localeOf(location.pathname), registerWords).title);

const FIELDS = ["first_name", "last_name", "username", "email", "password", "password_confirm"] as const;
type Values = Record<(typeof FIELDS)[number], string>;

type Result = { ok: true; login: string } | { ok: false; errors: FieldErrors | null };

export async function clientAction({ request }: ClientActionFunctionArgs): Promise<Result> {
  const values = (await request.json()) as Values;
  const locale = requestLocale(request);
  const words = wordsIn(locale, registerWords);
  try {
    await apiCall((api) => api.api.auth.register.$post({ json: values }));
  } catch (error) {
    if (!(error instanceof ApiError)) {
      toast.error(words.failed);
    } else if (error.isNetworkError) {
      toast.error(words.offline);
    } else if (error.errors && Object.values(error.errors).some((messages) => messages.length > 0)) {
      // Said once, in the form: the fields' errors in its summary, a general one above it (issue 53 item 4).
      return { ok: false, errors: error.errors };
    } else {
      // Rate limiting says when to try again; anything else gets the product's general line.
      toast.error(error.status === 429 ? error.message : words.failed);
    }
    return { ok: false, errors: null };
  }
  toast.success(words.success);
  return { ok: true, login: values.username.trim() };
}

export default function RegisterPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const words = useWords(registerWords);
  const locale = useLocale();
  const to = useLocalePath();
  // Where a new account goes after signing in, unless it asked: the Vietnamese store names
  // /dashboard (docs/product.md, "Route guard"), which forwards to the profile; the English one has none.
  const fallback = locale === "vi" ? "/dashboard" : to("/profile");
  const { values, errors, setErrors, field } = useFormFields<keyof Values>({ first_name: "", last_name: "", username: "", email: "", password: "", password_confirm: "" });
  const sending = useFetcher<typeof clientAction>();
  const redirect = redirectFromQuery(params);

  useFetcherAnswer(sending, (answer) => {
    if (answer.ok) {
      // The new username is filled in on the login screen.
      navigate(`${to("/login")}?redirect=${encodeURIComponent(redirect ?? fallback)}`, { state: { login: answer.login } });
    } else if (answer.errors) {
      setErrors(answer.errors);
      focusFirstError(form.current, answer.errors, FIELDS);
    }
  });
  // From the submit until the login screen has opened after a success.
  const busy = sending.state !== "idle" || sending.data?.ok === true;

  const username = useAvailability("username", values.username);
  const email = useAvailability("email", values.email);
  const checksPending = isPending(username) || isPending(email);
  const checking = username.state === "checking" || email.state === "checking";
  const unavailable = username.state === "unavailable" || email.state === "unavailable";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (checksPending) {
      toast.warning(words.waitForChecks);
      return;
    }
    const found = await precheckWith((schemas) => schemas.registerSchema, values);
    if (hasErrors(found) || unavailable) {
      setErrors(found);
      const firstUnavailable = username.state === "unavailable" ? "username" : email.state === "unavailable" ? "email" : null;
      focusFirstError(form.current, firstUnavailable ? { ...found, [firstUnavailable]: ["-"] } : found, FIELDS);
      return;
    }
    setErrors({});
    sending.submit(values, { method: "post", encType: "application/json", flushSync: true });
  }

  const loginHref = redirect ? `${to("/login")}?redirect=${encodeURIComponent(redirect)}` : to("/login");
  const general = errors.non_field_errors;

  return (
    <AuthCard
      wide
      title={words.heading}
      description={words.description}
      footer={
        <>
          {words.haveAccount}{" "}
          <Link to={loginHref} className={TEXT_LINK}>
            {words.signIn}
          </Link>
        </>
      }
    >
      <form ref={form} onSubmit={submit} onFocus={() => void loadAuthSchemas().catch(() => {})} noValidate className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label={words.firstName} autoComplete="family-name" required summarized {...field("first_name")} />
          <TextField label={words.lastName} autoComplete="given-name" required summarized {...field("last_name")} />
        </div>
        <TextField
          label={words.username}
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          required
          summarized {...field("username")}
          invalid={username.state === "unavailable"}
          status={<AvailabilityLine field="username" availability={username} />}
          hint={words.usernameHint}
        />
        <TextField
          type="email"
          label={words.email}
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          required
          summarized {...field("email")}
          invalid={email.state === "unavailable"}
          status={<AvailabilityLine field="email" availability={email} />}
        />
        <TextField type="password" label={words.password} autoComplete="new-password" required hint={words.passwordHint} summarized {...field("password")} />
        <TextField type="password" label={words.confirmPassword} autoComplete="new-password" required summarized {...field("password_confirm")} />
        <Alert lines={general} />
        {/* The fields' errors, the browser's or the server's, are said here once; each field is marked and names its line. */}
        <ValidationSummary errors={errors} />
        <div>
          <SubmitButton busy={busy} busyLabel={words.registering} disabled={checksPending || unavailable}>
            {words.register}
          </SubmitButton>
          {/* Only while a request is out, so it does not flash on every keystroke. */}
          {checking && !busy && (
            <p className="mt-2 text-center text-sm text-zinc-400" aria-live="polite">
              {words.waitForChecks}
            </p>
          )}
        </div>
      </form>
      <OrDivider label={words.or} />
      <GoogleButton label={words.withGoogle} failureMessage={words.googleFailed} landing={() => ({ next: redirect ?? to("/profile"), asked: redirect !== null })} />
    </AuthCard>
  );
}
