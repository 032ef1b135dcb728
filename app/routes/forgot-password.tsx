import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientActionFunctionArgs, Link, useFetcher } from "@remix-run/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { AuthCard, SubmitButton } from "~/accounts/AuthCard";
import { PRIMARY_BUTTON, SECONDARY_BUTTON, TEXT_LINK } from "~/ui/button-class";
import { TextField } from "~/ui/forms/TextField";
import { ValidationSummary } from "~/ui/forms/ValidationSummary";
import { Alert } from "~/ui/Alert";
import { Spinner } from "~/ui/Spinner";
import { ApiError, apiCall, type FieldErrors } from "~/platform/api";
import { useFetcherAnswer } from "~/ui/forms/fetcher-answer";
import { localeOf, requestLocale, type Locale, useLocalePath } from "~/i18n/locale";
import { formsWords } from "~/i18n/vi/forms";
import { forgotPasswordWords } from "~/i18n/vi/accounts/forgot-password";
import { useWords, wordsIn } from "~/i18n/words";
import { pageMeta } from "~/ui/meta";
import { toast } from "~/ui/toast";
import { loadAuthSchemas, precheckWith, hasErrors } from "~/ui/forms/validation";

export const meta: MetaFunction = ({ matches, location }) => pageMeta(matches, wordsIn(localeOf(location.pathname), forgotPasswordWords).forgotTitle);

type LinkRequest = { email: string; resend?: boolean };
type Result = { ok: true; email: string } | { ok: false; errors: FieldErrors | null };

function failureMessage(error: unknown, locale: Locale): string {
  return error instanceof ApiError ? error.message : wordsIn(locale, formsWords).unexpected;
}

/** Asks for the link; the answer is the same whether or not the address has an account. */
export async function clientAction({ request }: ClientActionFunctionArgs): Promise<Result> {
  const { email, resend } = (await request.json()) as LinkRequest;
  const locale = requestLocale(request);
  try {
    await apiCall((api) => api.api.auth["forgot-password"].$post({ json: { email } }));
  } catch (error) {
    // A first request shows the server's field errors by the field; a resend has no field to show them by.
    if (!resend && error instanceof ApiError && error.errors) return { ok: false, errors: error.errors };
    toast.error(failureMessage(error, locale));
    return { ok: false, errors: null };
  }
  if (resend) toast.success(wordsIn(locale, forgotPasswordWords).resent);
  return { ok: true, email };
}

function SentScreen({ email, onUseAnother }: { email: string; onUseAnother: () => void }) {
  const sending = useFetcher<typeof clientAction>();
  const resending = sending.state !== "idle";
  const heading = useRef<HTMLHeadingElement>(null);
  const words = useWords(forgotPasswordWords);
  const to = useLocalePath();

  // The screen replaced the form: move focus to its heading so it is read out.
  useEffect(() => heading.current?.focus(), []);

  function resend() {
    sending.submit({ email, resend: true } satisfies LinkRequest, { method: "post", encType: "application/json", flushSync: true });
  }

  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-14">
      <section className="rounded-2xl border border-white/5 bg-zinc-900/70 p-5 shadow-2xl sm:p-8" aria-labelledby="sent-title">
        <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-emerald-500/15 text-emerald-300" aria-hidden="true">
          <svg viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="m3 7 9 6 9-6" />
          </svg>
        </div>
        <h1 id="sent-title" ref={heading} tabIndex={-1} className="mt-4 text-center text-2xl font-black text-white">
          {words.sentTitle}
        </h1>
        <p className="mt-3 text-center text-zinc-300">
          {words.sentBefore} <strong className="font-semibold break-all text-white">{email}</strong> {words.sentAfter}
        </p>
        <ol className="mt-6 space-y-3 rounded-xl border border-white/5 bg-zinc-950/50 p-4 text-sm text-zinc-300">
          <li className="flex gap-3">
            <span className="font-bold text-indigo-300">1.</span>
            <span>{words.sentStepInbox}</span>
          </li>
          <li className="flex gap-3">
            <span className="font-bold text-indigo-300">2.</span>
            <span>{words.sentStepLink}</span>
          </li>
          <li className="flex gap-3">
            <span className="font-bold text-indigo-300">3.</span>
            <span>{words.sentStepHour}</span>
          </li>
        </ol>
        <p className="mt-6 text-center text-sm text-zinc-400">{words.notReceived}</p>
        <div className="mt-3 space-y-3">
          <button type="button" onClick={resend} disabled={resending} className={SECONDARY_BUTTON}>
            {resending && <Spinner />}
            {resending ? words.resending : words.resend}
          </button>
          <button type="button" onClick={onUseAnother} className="w-full py-1 text-sm text-zinc-400 underline-offset-4 hover:text-white hover:underline">
            {words.useAnotherEmail}
          </button>
          <Link to={to("/login")} className={PRIMARY_BUTTON}>
            {words.backToLogin}
          </Link>
        </div>
      </section>
    </div>
  );
}

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refused, setRefused] = useState<FieldErrors | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const sending = useFetcher<typeof clientAction>();
  const busy = sending.state !== "idle";
  const words = useWords(forgotPasswordWords);
  const to = useLocalePath();

  useFetcherAnswer(sending, (answer) => {
    if (answer.ok) setSentTo(answer.email);
    else if (answer.errors) {
      setErrors(answer.errors);
      setRefused(answer.errors);
    }
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setRefused(null);
    const found = await precheckWith((schemas) => schemas.forgotPasswordSchema, { email });
    if (hasErrors(found)) {
      setErrors(found);
      (form.current?.elements.namedItem("email") as HTMLInputElement | null)?.focus();
      return;
    }
    setErrors({});
    sending.submit({ email: email.trim() } satisfies LinkRequest, { method: "post", encType: "application/json", flushSync: true });
  }

  if (sentTo) return <SentScreen email={sentTo} onUseAnother={() => setSentTo(null)} />;

  return (
    <AuthCard
      title={words.forgotTitle}
      description={words.forgotDescription}
      footer={
        <Link to={to("/login")} className={TEXT_LINK}>
          ← {words.backToLogin}
        </Link>
      }
    >
      <form ref={form} onSubmit={submit} onFocus={() => void loadAuthSchemas().catch(() => {})} noValidate className="space-y-5">
        <TextField
          name="email"
          type="email"
          label={words.email}
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          required
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setErrors({});
          }}
          errors={errors.email}
        />
        <Alert lines={errors.non_field_errors} />
        <ValidationSummary errors={refused} />
        <SubmitButton busy={busy} busyLabel={words.sending}>
          {words.send}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
