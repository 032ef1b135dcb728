// /login/verify: the sign-in's second step (issue #15). After the right password, an account with a
// second factor types its 6-digit code (or a recovery code); an admin without one enrols here: the
// QR code and the secret, the first code, then the 10 recovery codes shown once.
import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientActionFunctionArgs, type ClientLoaderFunctionArgs, Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, SubmitButton } from "~/accounts/AuthCard";
import { PRIMARY_BUTTON, TEXT_LINK } from "~/ui/button-class";
import { Alert } from "~/ui/Alert";
import { loadSecondFactorSetup, SecondFactorCodeField, type SecondFactorSetup } from "~/accounts/SecondFactor";
import { PageSpinner } from "~/ui/Spinner";
import { ApiError, apiCall, type FieldErrors } from "~/platform/api";
import { pageMeta } from "~/ui/meta";
import { redirectTo } from "~/ui/forms/redirect-response";
import { landingFor } from "~/accounts/session/redirects";
import { clearPending, PENDING_KEYS, readPending } from "~/accounts/session/second-factor";
import { saveSession } from "~/accounts/session/session";
import { toast } from "~/ui/toast";
import { inLocale, localeOf, requestLocale, useLocalePath } from "~/i18n/locale";
import { formsWords } from "~/i18n/vi/forms";
import { secondFactorWords } from "~/i18n/vi/accounts/second-factor";
import { useWords, wordsIn } from "~/i18n/words";

export const meta: MetaFunction = ({ matches, location }) => pageMeta(matches, wordsIn(localeOf(location.pathname), secondFactorWords).verifyTitle);

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const pending = readPending(PENDING_KEYS.signIn);
  if (!pending) {
    const locale = requestLocale(request);
    toast.error(wordsIn(locale, secondFactorWords).noChallenge);
    throw redirectTo(inLocale(locale, "/login"), { replace: true });
  }
  // An admin enrolling sees the QR code, then the recovery codes: their file comes with the challenge.
  return { pending, setup: pending.mfa_enroll ? await loadSecondFactorSetup() : null };
}
clientLoader.hydrate = true as const;

// The challenge is read once: after the code is accepted it is gone, and the screen shows the result.
export const shouldRevalidate = () => false;

export function HydrateFallback() {
  return <PageSpinner label={useWords(secondFactorWords).loading} />;
}

type ActionResult = { ok: true; recoveryCodes: string[]; next: string; Shown: SecondFactorSetup["RecoveryCodes"] } | { ok: false; errors: FieldErrors | null };

export async function clientAction({ request }: ClientActionFunctionArgs): Promise<ActionResult> {
  const locale = requestLocale(request);
  const pending = readPending(PENDING_KEYS.signIn);
  if (!pending) throw redirectTo(inLocale(locale, "/login"), { replace: true });
  const code = String((await request.formData()).get("code") ?? "");
  const next = pending.next ?? inLocale(locale, "/profile");
  let answer: Awaited<ReturnType<typeof verify>>;
  try {
    answer = await verify(pending.mfa_token, code);
  } catch (error) {
    // A spent or expired token cannot be answered again: back to the password.
    if (error instanceof ApiError && error.errors?.mfa_token) {
      clearPending(PENDING_KEYS.signIn);
      toast.error(error.message);
      throw redirectTo(`${inLocale(locale, "/login")}?redirect=${encodeURIComponent(next)}`, { replace: true });
    }
    if (error instanceof ApiError && error.errors) return { ok: false, errors: error.errors };
    toast.error(error instanceof ApiError ? error.message : wordsIn(locale, formsWords).unexpected);
    return { ok: false, errors: null };
  }
  clearPending(PENDING_KEYS.signIn);
  // A sign-in's challenge always answers with a refresh token (only the profile's enrolment has none).
  saveSession({ access: answer.access, refresh: answer.refresh ?? "", user: answer.user, device_token: answer.device_token });
  toast.success(answer.message || wordsIn(locale, secondFactorWords).signedIn);
  const landing = landingFor(answer.user, { next, asked: pending.asked === true });
  // Codes come only with an enrolment, whose loader fetched their piece: it is here.
  if ("recovery_codes" in answer && answer.recovery_codes) return { ok: true, recoveryCodes: answer.recovery_codes, next: landing, Shown: (await loadSecondFactorSetup()).RecoveryCodes };
  throw redirectTo(landing, { replace: true });
}

function verify(mfaToken: string, code: string) {
  return apiCall((api) => api.api.auth.mfa.verify.$post({ json: { mfa_token: mfaToken, code } }));
}

export default function VerifyPage() {
  const { pending, setup } = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  const busy = useNavigation().state !== "idle";
  const words = useWords(secondFactorWords);
  const to = useLocalePath();

  if (result?.ok) {
    return (
      <AuthCard title={words.enrolledTitle} description={words.enrolledDescription}>
        <result.Shown codes={result.recoveryCodes} />
        <Link to={result.next} replace className={`${PRIMARY_BUTTON} mt-6`}>
          {words.savedContinue}
        </Link>
      </AuthCard>
    );
  }

  const errors = result?.errors ?? {};
  const enrolling = Boolean(pending.mfa_enroll && pending.qr_code && pending.secret);
  return (
    <AuthCard
      title={enrolling ? words.enrolTitle : words.verifyTitle}
      description={enrolling ? words.enrolDescription : words.verifyDescription}
      wide={enrolling}
      footer={
        <Link to={to("/login")} className={TEXT_LINK}>
          {words.backToLogin}
        </Link>
      }
    >
      {enrolling && setup && pending.qr_code && pending.secret && (
        <div className="mb-6">
          <setup.EnrolmentSteps qrCode={pending.qr_code} secret={pending.secret} otpauthUri={pending.otpauth_uri} />
        </div>
      )}
      <Form method="post" noValidate className="space-y-5">
        {/* Typing the code is all there is to do here, except while enrolling: then the steps and the QR come first. */}
        <SecondFactorCodeField errors={errors.code} allowRecovery={!enrolling} autoFocus={!enrolling} />
        <Alert lines={Object.entries(errors).flatMap(([field, messages]) => (field === "code" ? [] : messages))} />
        <SubmitButton busy={busy} busyLabel={words.verifying}>
          {words.confirm}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
