// /profile/security ("Bảo mật", issue #15): the second factor of the signed-in account. Buyers may
// turn it on and off; admins must have it, and here make new recovery codes or move it to a new
// phone (both with a fresh code). Turning it on or moving it needs the current password too (an
// account without one: a recent sign-in), and it upgrades this session while every other one ends
// (docs/decisions/0022-security-epoch.md). An admin whose session lacks it is sent here by the
// admin screens.
import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientActionFunctionArgs, type ClientLoaderFunctionArgs, Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { PRIMARY_BUTTON, SECONDARY_BUTTON, TEXT_LINK } from "~/ui/button-class";
import { TextField } from "~/ui/forms/TextField";
import type { SecondFactorCodeField, SecondFactorSetup as Setup } from "~/accounts/SecondFactor";
import { type Phone, SignedInPhones } from "~/accounts/SignedInPhones";
import { PageSpinner } from "~/ui/Spinner";
import { ApiError, apiCall, type FieldErrors } from "~/platform/api";
import { pageMeta } from "~/ui/meta";
import { loginPathFor } from "~/accounts/session/login-path";
import { clearPending, PENDING_KEYS, type PendingChallenge, readPending, savePending } from "~/accounts/session/second-factor";
import { clearSession, readRefreshToken, readStoredUser, saveSession, } from "~/accounts/session/session";
import { isSessionOver, requireSession, sessionEnded } from "~/accounts/session/session-route";
import { toast } from "~/ui/toast";
import { useFormat } from "~/i18n/format";
import { localeOf, requestLocale, useLocalePath } from "~/i18n/locale";
import { formsWords } from "~/i18n/vi/forms";
import { securityWords } from "~/i18n/vi/accounts/security";
import { useWords, wordsIn } from "~/i18n/words";
import { Alert } from "~/ui/Alert";
import { fetchOnDemand } from "~/ui/LazyDialog";

export const meta: MetaFunction = ({ matches, location }) => pageMeta(matches, wordsIn(localeOf(location.pathname), securityWords).title);

type Status = { enabled: boolean; enabled_at: string | null; recovery_codes_left: number; required: boolean; session_verified: boolean };
/** A set-up begun, with its pieces (the QR code and the secret) to show it. */
type Enrolment = { challenge: PendingChallenge; setup: Setup };
type Loaded = { status: Status | null; enrolment: Enrolment | null; hasPassword: boolean; phones: Phone[]; CodeField: typeof SecondFactorCodeField | null };

/** The set-up's pieces (the QR code, the secret, the recovery codes): fetched beside what they show with. */
const loadSetup = (): Promise<Setup> => import("~/accounts/SecondFactorSetup");

/**
 * The code field (and its words) shows only while the second factor is on or being set up, which
 * most buyers' accounts never are: fetched then (decision 0081). Null when it cannot be fetched:
 * the person read the network's message (fetchOnDemand).
 */
const loadCodeField = () =>
  fetchOnDemand(() => import("~/accounts/SecondFactor")).then(
    (module) => module.SecondFactorCodeField,
    () => null,
  );

/** The phones signed in from Sileo or Zebra (docs/product.md, "Buying in Sileo and Zebra"); none when the read fails. */
async function readPhones(signal: AbortSignal): Promise<Phone[]> {
  try {
    return (await apiCall((api) => api.api.sileo.phones.$get(), { auth: true, signal })).data;
  } catch {
    return [];
  }
}

export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<Loaded> {
  requireSession(request);
  // A Google account without a password proves itself by a recent sign-in instead.
  const user = readStoredUser();
  const hasPassword = user?.has_usable_password !== false;
  const challenge = readPending(PENDING_KEYS.enrolment);
  // A set-up begun asks for a code, and an admin must have the second factor: their field comes beside the read.
  const early = challenge || user?.is_staff || user?.is_superuser ? loadCodeField() : null;
  try {
    const [{ data }, phones, setup] = await Promise.all([apiCall((api) => api.api.auth.mfa.$get(), { auth: true, signal: request.signal }), readPhones(request.signal), challenge && loadSetup()]);
    const asksCode = data.enabled || Boolean(challenge);
    const CodeField = asksCode ? await (early ?? loadCodeField()) : null;
    // A code asked for with no field to type it in: the page says its settings did not load (below).
    if (!asksCode || CodeField) return { status: data, enrolment: challenge && setup && { challenge, setup }, hasPassword, phones, CodeField };
  } catch (error) {
    if (isSessionOver(error)) return sessionEnded(request);
    if (request.signal.aborted) throw error;
    toast.error(wordsIn(requestLocale(request), securityWords).loadFailed);
  }
  return { status: null, enrolment: null, hasPassword, phones: [], CodeField: null };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageSpinner label={useWords(securityWords).loading} />;
}

type Intent = "setup" | "confirm" | "cancel" | "recovery" | "disable" | "end-phone";
/** New recovery codes come with their piece to show them. */
type ActionResult = { ok: true; recoveryCodes?: { codes: string[]; Shown: Setup["RecoveryCodes"] } } | { ok: false; errors: FieldErrors | null };

async function run(intent: Intent, typed: string | undefined, password: string | undefined, phone?: string): Promise<ActionResult> {
  // A missing code is left out of the JSON, as it always was; the server's schema names it.
  const code = typed as string;
  switch (intent) {
    case "setup": {
      const { data } = await apiCall((api) => api.api.auth.mfa.setup.$post({ json: { ...(password ? { password } : {}), ...(typed ? { code: typed } : {}) } }), { auth: true });
      savePending(PENDING_KEYS.enrolment, data);
      return { ok: true };
    }
    case "confirm": {
      const pending = readPending(PENDING_KEYS.enrolment);
      if (!pending) return { ok: true };
      // The codes show once: their piece is here before they are made (with the QR code, already).
      const { RecoveryCodes } = await loadSetup();
      const answer = await apiCall((api) => api.api.auth.mfa.verify.$post({ json: { mfa_token: pending.mfa_token, code } }));
      clearPending(PENDING_KEYS.enrolment);
      // This session now passed the second factor (every other one of the account has ended).
      saveSession({ access: answer.access, refresh: answer.refresh ?? readRefreshToken() ?? "", user: answer.user });
      if (answer.message) toast.success(answer.message);
      return { ok: true, recoveryCodes: answer.recovery_codes && { codes: answer.recovery_codes, Shown: RecoveryCodes } };
    }
    case "cancel":
      clearPending(PENDING_KEYS.enrolment);
      return { ok: true };
    case "recovery": {
      const { RecoveryCodes } = await loadSetup();
      const answer = await apiCall((api) => api.api.auth.mfa["recovery-codes"].$post({ json: { code } }), { auth: true });
      toast.success(answer.message);
      return { ok: true, recoveryCodes: { codes: answer.data.recovery_codes, Shown: RecoveryCodes } };
    }
    case "end-phone": {
      const answer = await apiCall((api) => api.api.sileo.phones[":id"].$delete({ param: { id: String(phone) } }), { auth: true });
      toast.success(answer.message);
      return { ok: true };
    }
    case "disable": {
      const answer = await apiCall((api) => api.api.auth.mfa.disable.$post({ json: { code } }), { auth: true });
      toast.success(answer.message);
      return { ok: true };
    }
  }
}

export async function clientAction({ request }: ClientActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const intent = String(form.get("intent")) as Intent;
  const code = String(form.get("code") ?? "").trim() || undefined;
  const password = String(form.get("password") ?? "") || undefined;
  try {
    return await run(intent, code, password, String(form.get("phone") ?? ""));
  } catch (error) {
    if (isSessionOver(error)) return sessionEnded(request);
    // A spent enrolment cannot be confirmed: start again.
    if (intent === "confirm" && error instanceof ApiError && error.errors?.mfa_token) clearPending(PENDING_KEYS.enrolment);
    if (error instanceof ApiError && (error.errors?.code || error.errors?.password)) return { ok: false, errors: error.errors };
    toast.error(error instanceof ApiError ? error.message : wordsIn(requestLocale(request), formsWords).unexpected);
    return { ok: false, errors: null };
  }
}

function IntentButton({ intent, primary, children }: { intent: Intent; primary?: boolean; children: string }) {
  return (
    <button type="submit" name="intent" value={intent} className={`${primary ? PRIMARY_BUTTON : SECONDARY_BUTTON} sm:w-auto`}>
      {children}
    </button>
  );
}

/** The current password, asked before a second factor is turned on or moved to a new phone. */
function CurrentPasswordField({ errors, hint }: { errors?: string[]; hint: string }) {
  return <TextField name="password" type="password" label={useWords(securityWords).currentPassword} autoComplete="current-password" hint={hint} errors={errors} />;
}

export default function SecurityPage() {
  const { status, enrolment, hasPassword, phones, CodeField } = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  const busy = useNavigation().state !== "idle";
  const navigate = useNavigate();
  const words = useWords(securityWords);
  const format = useFormat();
  const to = useLocalePath();
  const codeErrors = result && !result.ok ? result.errors?.code : undefined;
  const passwordErrors = result && !result.ok ? result.errors?.password : undefined;

  // The admin pages are Vietnamese only: the sign-in to reach them is too (loginPathFor).
  function signInAgain() {
    clearSession();
    navigate(loginPathFor("/admin"), { replace: true });
  }

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8 sm:py-12">
      <Link to={to("/profile")} className={`${TEXT_LINK} text-sm`}>
        ← {words.profile}
      </Link>
      <section className="mt-4 rounded-2xl border border-white/5 bg-zinc-900/70 p-5 shadow-2xl sm:p-8" aria-labelledby="security-title">
        <h1 id="security-title" className="text-2xl font-black tracking-tight text-white">
          {words.title}
        </h1>
        <h2 className="mt-6 text-lg font-bold text-white">{words.twoFactor}</h2>
        {!status ? (
          <p className="mt-2 text-zinc-300">{words.loadFailed}</p>
        ) : (
          <fieldset disabled={busy} className="mt-2 space-y-5">
            <p className="text-sm text-zinc-300" data-testid="mfa-status">
              {status.enabled ? words.on : words.off}
              {status.enabled_at && words.since(format.dateTime(status.enabled_at))}
              {status.enabled && words.codesLeft(status.recovery_codes_left)}
              {status.required && words.required}
            </p>

            {result?.ok && result.recoveryCodes && <result.recoveryCodes.Shown codes={result.recoveryCodes.codes} />}

            {enrolment?.challenge.qr_code && enrolment.challenge.secret ? (
              <Form method="post" noValidate className="space-y-5">
                <enrolment.setup.EnrolmentSteps qrCode={enrolment.challenge.qr_code} secret={enrolment.challenge.secret} otpauthUri={enrolment.challenge.otpauth_uri} />
                {CodeField && <CodeField errors={codeErrors} allowRecovery={false} />}
                <div className="flex flex-col gap-3 sm:flex-row">
                  <IntentButton intent="confirm" primary>
                    {words.confirm}
                  </IntentButton>
                  <IntentButton intent="cancel">{words.cancel}</IntentButton>
                </div>
              </Form>
            ) : !status.enabled ? (
              <Form method="post" noValidate className="space-y-3">
                <p className="text-sm text-zinc-400">
                  {status.required ? words.requiredIntro : words.optionalIntro}
                </p>
                {hasPassword ? (
                  <CurrentPasswordField errors={passwordErrors} hint={words.passwordToEnable} />
                ) : (
                  <p className="text-sm text-zinc-400">{words.noPassword}</p>
                )}
                <IntentButton intent="setup" primary>
                  {words.enable}
                </IntentButton>
              </Form>
            ) : (
              <>
                {status.required && !status.session_verified && (
                  <Alert tone="warning" lines={words.notVerified}>
                    <button type="button" onClick={signInAgain} className={`${PRIMARY_BUTTON} mt-3 sm:w-auto`}>
                      {words.signInAgain}
                    </button>
                  </Alert>
                )}
                {status.required && status.session_verified && (
                  <Link to="/admin" className={`${TEXT_LINK} text-sm`}>
                    {words.toAdmin} →
                  </Link>
                )}
                <Form method="post" noValidate className="space-y-4">
                  <p className="text-sm text-zinc-400">{words.changeIntro}</p>
                  {CodeField && <CodeField errors={codeErrors} />}
                  {hasPassword ? (
                    <CurrentPasswordField errors={passwordErrors} hint={words.passwordToMove} />
                  ) : (
                    <p className="text-sm text-zinc-400">{words.noPassword}</p>
                  )}
                  <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
                    <IntentButton intent="recovery">{words.newRecoveryCodes}</IntentButton>
                    <IntentButton intent="setup">{words.movePhone}</IntentButton>
                    {!status.required && <IntentButton intent="disable">{words.disable}</IntentButton>}
                  </div>
                </Form>
              </>
            )}
          </fieldset>
        )}
        <SignedInPhones phones={phones} />
      </section>
    </div>
  );
}
