import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientActionFunctionArgs, Link, useFetcher, useNavigate, useSearchParams } from "@remix-run/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { AuthCard, OrDivider, SubmitButton, TEXT_LINK } from "~/components/account/AuthCard";
import { FormAlert, TextField, ValidationSummary } from "~/components/Field";
import { GoogleButton } from "~/components/account/GoogleButton";
import { Spinner } from "~/components/Spinner";
import { ApiError, apiCall, type FieldErrors } from "~/lib/api";
import { useFetcherAnswer } from "~/lib/forms/fetcher-answer";
import { FIELD_LABELS } from "@workers/shared/error-messages";
import { pageMeta } from "~/lib/meta";
import { redirectFromQuery } from "~/lib/session/redirects";
import { toast } from "~/lib/toast";
import { useFormFields } from "~/lib/forms/use-form-fields";
import { loadAuthSchemas, precheckWith, focusFirstError, hasErrors } from "~/lib/forms/validation";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "Đăng ký");

const FIELDS = ["first_name", "last_name", "username", "email", "password", "password_confirm"] as const;
type Values = Record<(typeof FIELDS)[number], string>;

const MESSAGES = {
  checking: "Đang kiểm tra...",
  checkFailed: "Lỗi kiểm tra",
  checkOffline: "Lỗi kết nối",
  waitForChecks: "Vui lòng đợi kiểm tra hoàn tất",
  success: "Đăng ký thành công! Vui lòng đăng nhập.",
  failed: "Đăng ký thất bại. Vui lòng kiểm tra lại thông tin.",
  offline: "Lỗi kết nối. Vui lòng thử lại!",
} as const;

// The server's field errors that docs/product.md names in the failure toast (docs/product.md §5).
const TOAST_FIELDS = ["username", "email", "password"] as const;

const AVAILABILITY_DEBOUNCE_MS = 500;

type Availability =
  | { state: "idle" }
  | { state: "waiting" }
  | { state: "checking" }
  | { state: "available"; message: string }
  | { state: "unavailable"; message: string }
  | { state: "error" }
  | { state: "offline" };

/**
 * The live availability of a username or e-mail: checked 500 ms after typing stops (docs/product.md §2).
 * "waiting" (the pause) shows nothing; "checking" (the request) shows the indicator.
 */
function useAvailability(field: "username" | "email", value: string): Availability {
  const [availability, setAvailability] = useState<Availability>({ state: "idle" });
  useEffect(() => {
    const candidate = value.trim();
    if (!candidate) {
      setAvailability({ state: "idle" });
      return;
    }
    // Submit stays off from the first keystroke until the answer is in.
    setAvailability({ state: "waiting" });
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      // A value the server would refuse anyway is not sent.
      const problems = await precheckWith((schemas) => (field === "username" ? schemas.usernameSchema : schemas.emailSchema), candidate);
      const problem = Object.values(problems)[0]?.[0];
      if (problem) {
        setAvailability({ state: "unavailable", message: problem });
        return;
      }
      setAvailability({ state: "checking" });
      try {
        const json = field === "username" ? { username: candidate } : { email: candidate };
        const answer = await apiCall((api) => api.api.auth["check-availability"].$post({ json }), { signal: controller.signal });
        const entry = answer.data?.[field];
        if (!entry || typeof entry.available !== "boolean") {
          setAvailability({ state: "error" });
        } else if (entry.available) {
          setAvailability({ state: "available", message: entry.message || "Có thể sử dụng" });
        } else {
          setAvailability({ state: "unavailable", message: entry.message || "Đã được sử dụng" });
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.isNetworkError) {
          setAvailability({ state: "offline" });
        } else if (error instanceof ApiError && error.status === 400 && error.errors?.[field]?.[0]) {
          setAvailability({ state: "unavailable", message: error.errors[field][0] });
        } else {
          setAvailability({ state: "error" });
        }
      }
    }, AVAILABILITY_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [field, value]);
  return availability;
}

type Result = { ok: true; login: string } | { ok: false; errors: FieldErrors | null };

export async function clientAction({ request }: ClientActionFunctionArgs): Promise<Result> {
  const values = (await request.json()) as Values;
  try {
    await apiCall((api) => api.api.auth.register.$post({ json: values }));
  } catch (error) {
    if (!(error instanceof ApiError)) {
      toast.error(MESSAGES.failed);
    } else if (error.isNetworkError) {
      toast.error(MESSAGES.offline);
    } else if (error.errors) {
      const lines = TOAST_FIELDS.filter((field) => error.errors?.[field]?.length).map((field) => `${FIELD_LABELS[field]}: ${error.errors?.[field][0]}`);
      toast.error(lines.length ? lines.join("\n") : MESSAGES.failed);
      return { ok: false, errors: error.errors };
    } else {
      // Rate limiting says when to try again; anything else gets the product's general line.
      toast.error(error.status === 429 ? error.message : MESSAGES.failed);
    }
    return { ok: false, errors: null };
  }
  toast.success(MESSAGES.success);
  return { ok: true, login: values.username.trim() };
}

function isPending(availability: Availability): boolean {
  return availability.state === "waiting" || availability.state === "checking";
}

function AvailabilityLine({ field, availability }: { field: string; availability: Availability }) {
  const common = "flex items-center gap-1.5";
  switch (availability.state) {
    case "idle":
    case "waiting":
      return null;
    case "checking":
      return (
        <span data-availability={field} data-state="checking" className={`${common} text-zinc-400`}>
          <Spinner className="h-3.5 w-3.5" />
          {MESSAGES.checking}
        </span>
      );
    case "available":
      return (
        <span data-availability={field} data-state="available" className={`${common} text-emerald-400`}>
          <span aria-hidden="true">✓</span>
          {availability.message}
        </span>
      );
    case "unavailable":
      return (
        <span data-availability={field} data-state="unavailable" className={`${common} text-red-400`}>
          <span aria-hidden="true">✗</span>
          {availability.message}
        </span>
      );
    case "error":
    case "offline":
      return (
        <span data-availability={field} data-state={availability.state} className={`${common} text-amber-300`}>
          <span aria-hidden="true">!</span>
          {availability.state === "error" ? MESSAGES.checkFailed : MESSAGES.checkOffline}
        </span>
      );
  }
}

export default function RegisterPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const { values, errors, setErrors, field } = useFormFields<keyof Values>({ first_name: "", last_name: "", username: "", email: "", password: "", password_confirm: "" });
  const [refused, setRefused] = useState<FieldErrors | null>(null);
  const sending = useFetcher<typeof clientAction>();
  const redirect = redirectFromQuery(params);

  useFetcherAnswer(sending, (answer) => {
    if (answer.ok) {
      // The new username is filled in on the login screen.
      navigate(`/login?redirect=${encodeURIComponent(redirect ?? "/dashboard")}`, { state: { login: answer.login } });
    } else if (answer.errors) {
      setErrors(answer.errors);
      setRefused(answer.errors);
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
    setRefused(null);
    if (checksPending) {
      toast.warning(MESSAGES.waitForChecks);
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

  const loginHref = redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : "/login";
  const general = errors.non_field_errors;

  return (
    <AuthCard
      wide
      title="Tạo tài khoản"
      description="Đăng ký để mua key bằng ví và theo dõi lịch sử mua hàng."
      footer={
        <>
          Đã có tài khoản?{" "}
          <Link to={loginHref} className={TEXT_LINK}>
            Đăng nhập
          </Link>
        </>
      }
    >
      <form ref={form} onSubmit={submit} onFocus={() => void loadAuthSchemas().catch(() => {})} noValidate className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Họ" autoComplete="family-name" required {...field("first_name")} />
          <TextField label="Tên" autoComplete="given-name" required {...field("last_name")} />
        </div>
        <TextField
          label="Tên đăng nhập"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          required
          {...field("username")}
          invalid={username.state === "unavailable"}
          status={<AvailabilityLine field="username" availability={username} />}
          hint="3–30 ký tự: chữ cái không dấu, số, dấu chấm, gạch dưới hoặc gạch ngang."
        />
        <TextField
          type="email"
          label="Email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          required
          {...field("email")}
          invalid={email.state === "unavailable"}
          status={<AvailabilityLine field="email" availability={email} />}
        />
        <TextField type="password" label="Mật khẩu" autoComplete="new-password" required hint="Ít nhất 8 ký tự." {...field("password")} />
        <TextField type="password" label="Xác nhận mật khẩu" autoComplete="new-password" required {...field("password_confirm")} />
        <FormAlert messages={general} />
        <ValidationSummary errors={refused} />
        <div>
          <SubmitButton busy={busy} busyLabel="Đang đăng ký..." disabled={checksPending || unavailable}>
            Đăng ký
          </SubmitButton>
          {/* Only while a request is out, so it does not flash on every keystroke. */}
          {checking && !busy && (
            <p className="mt-2 text-center text-sm text-zinc-400" aria-live="polite">
              {MESSAGES.waitForChecks}
            </p>
          )}
        </div>
      </form>
      <OrDivider />
      <GoogleButton label="Đăng ký với Google" failureMessage="Lỗi đăng ký Google" landing={() => ({ next: redirect ?? "/profile", asked: redirect !== null })} />
    </AuthCard>
  );
}
