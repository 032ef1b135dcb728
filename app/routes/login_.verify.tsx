// /login/verify: the sign-in's second step (issue #15). After the right password, an account with a
// second factor types its 6-digit code (or a recovery code); an admin without one enrols here: the
// QR code and the secret, the first code, then the 10 recovery codes shown once.
import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientActionFunctionArgs, Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, PRIMARY_BUTTON, SubmitButton, TEXT_LINK } from "~/components/account/AuthCard";
import { FormAlert } from "~/components/Field";
import { EnrolmentSteps, RecoveryCodes, SecondFactorCodeField } from "~/components/account/SecondFactor";
import { PageSpinner } from "~/components/Spinner";
import { ApiError, apiCall, type FieldErrors } from "~/lib/api";
import { pageMeta } from "~/lib/meta";
import { redirectTo } from "~/lib/forms/redirect-response";
import { landingFor } from "~/lib/session/redirects";
import { clearPending, PENDING_KEYS, readPending } from "~/lib/session/second-factor";
import { saveSession } from "~/lib/session/session";
import { toast } from "~/lib/toast";
import { FALLBACK_ERROR } from "@workers/shared/error-messages";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "Xác thực hai lớp");

const LOGIN_SUCCESS = "Đăng nhập thành công!";
const NO_CHALLENGE = "Vui lòng đăng nhập bằng mật khẩu trước.";

export function clientLoader() {
  const pending = readPending(PENDING_KEYS.signIn);
  if (!pending) {
    toast.error(NO_CHALLENGE);
    throw redirectTo("/login", { replace: true });
  }
  return pending;
}
clientLoader.hydrate = true as const;

// The challenge is read once: after the code is accepted it is gone, and the screen shows the result.
export const shouldRevalidate = () => false;

export function HydrateFallback() {
  return <PageSpinner label="Đang tải..." />;
}

type ActionResult = { ok: true; recoveryCodes: string[]; next: string } | { ok: false; errors: FieldErrors | null };

export async function clientAction({ request }: ClientActionFunctionArgs): Promise<ActionResult> {
  const pending = readPending(PENDING_KEYS.signIn);
  if (!pending) throw redirectTo("/login", { replace: true });
  const code = String((await request.formData()).get("code") ?? "");
  const next = pending.next ?? "/profile";
  let answer: Awaited<ReturnType<typeof verify>>;
  try {
    answer = await verify(pending.mfa_token, code);
  } catch (error) {
    // A spent or expired token cannot be answered again: back to the password.
    if (error instanceof ApiError && error.errors?.mfa_token) {
      clearPending(PENDING_KEYS.signIn);
      toast.error(error.message);
      throw redirectTo(`/login?redirect=${encodeURIComponent(next)}`, { replace: true });
    }
    if (error instanceof ApiError && error.errors) return { ok: false, errors: error.errors };
    toast.error(error instanceof ApiError ? error.message : FALLBACK_ERROR);
    return { ok: false, errors: null };
  }
  clearPending(PENDING_KEYS.signIn);
  // A sign-in's challenge always answers with a refresh token (only the profile's enrolment has none).
  saveSession({ access: answer.access, refresh: answer.refresh ?? "", user: answer.user, device_token: answer.device_token });
  toast.success(answer.message || LOGIN_SUCCESS);
  const landing = landingFor(answer.user, { next, asked: pending.asked === true });
  if ("recovery_codes" in answer && answer.recovery_codes) return { ok: true, recoveryCodes: answer.recovery_codes, next: landing };
  throw redirectTo(landing, { replace: true });
}

function verify(mfaToken: string, code: string) {
  return apiCall((api) => api.api.auth.mfa.verify.$post({ json: { mfa_token: mfaToken, code } }));
}

export default function VerifyPage() {
  const pending = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  const busy = useNavigation().state !== "idle";

  if (result?.ok) {
    return (
      <AuthCard title="Đã bật xác thực hai lớp" description="Từ nay, mỗi lần đăng nhập bạn sẽ nhập mã từ ứng dụng xác thực.">
        <RecoveryCodes codes={result.recoveryCodes} />
        <Link to={result.next} replace className={`${PRIMARY_BUTTON} mt-6`}>
          Tôi đã lưu mã, tiếp tục
        </Link>
      </AuthCard>
    );
  }

  const errors = result?.errors ?? {};
  const enrolling = Boolean(pending.mfa_enroll && pending.qr_code && pending.secret);
  return (
    <AuthCard
      title={enrolling ? "Bật xác thực hai lớp" : "Xác thực hai lớp"}
      description={
        enrolling
          ? "Tài khoản quản trị cần xác thực hai lớp. Thêm tài khoản vào ứng dụng xác thực trên điện thoại để tiếp tục."
          : "Nhập mã 6 số trong ứng dụng xác thực của bạn, hoặc một mã khôi phục."
      }
      wide={enrolling}
      footer={
        <Link to="/login" className={TEXT_LINK}>
          Quay lại đăng nhập
        </Link>
      }
    >
      {enrolling && pending.qr_code && pending.secret && (
        <div className="mb-6">
          <EnrolmentSteps qrCode={pending.qr_code} secret={pending.secret} otpauthUri={pending.otpauth_uri} />
        </div>
      )}
      <Form method="post" noValidate className="space-y-5">
        {/* Typing the code is all there is to do here, except while enrolling: then the steps and the QR come first. */}
        <SecondFactorCodeField errors={errors.code} allowRecovery={!enrolling} autoFocus={!enrolling} />
        <FormAlert messages={Object.entries(errors).flatMap(([field, messages]) => (field === "code" ? [] : messages))} />
        <SubmitButton busy={busy} busyLabel="Đang xác thực...">
          Xác nhận
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
