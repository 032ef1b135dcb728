import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientLoaderFunctionArgs, Link, useLoaderData } from "@remix-run/react";
import { PRIMARY_BUTTON } from "~/components/account/AuthCard";
import { PageSpinner } from "~/components/Spinner";
import { ApiError, apiCall } from "~/lib/api";
import { decodeState, takePendingGoogleSignIn } from "~/lib/session/google";
import { pageMeta } from "~/lib/meta";
import { redirectTo } from "~/lib/forms/redirect-response";
import { landingFor, safeRedirectPath } from "~/lib/session/redirects";
import { PENDING_KEYS, savePending } from "~/lib/session/second-factor";
import { saveSession } from "~/lib/session/session";
import { toast } from "~/lib/toast";
import { useRedirectAfter } from "~/lib/use-redirect-after";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "Đăng nhập Google");

// docs/product.md §8 / §9: "Lỗi xác thực Google: {message}", then /login after 3 s.
const ERROR_PREFIX = "Lỗi xác thực Google: ";
const ERROR_REDIRECT_MS = 3000;
const NO_CODE = "No authorization code received from Google";
const FAILED = "Authentication failed";
const BAD_STATE = "Phiên đăng nhập Google không hợp lệ hoặc đã hết hạn. Vui lòng thử lại.";

// The exchange runs once, as the page loads: the code and this tab's pending sign-in can be used
// only once, and nothing on this page revalidates.
export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<{ failure: string } | Response> {
  const params = new URL(request.url).searchParams;
  const fail = (detail: string) => {
    const failure = ERROR_PREFIX + detail;
    toast.error(failure);
    return { failure };
  };
  const providerError = params.get("error");
  const code = params.get("code");
  const pending = takePendingGoogleSignIn();
  if (providerError) return fail(providerError);
  if (!code) return fail(NO_CODE);
  // The state must carry the CSRF value this tab created before leaving for the provider.
  const state = decodeState(params.get("state"));
  if (!pending || !state || state.csrf !== pending.csrf) return fail(BAD_STATE);
  try {
    const answer = await apiCall((api) =>
      api.api.auth["google-auth"].$post({ json: { code, redirect_uri: pending.redirect_uri, code_verifier: pending.verifier, nonce: pending.nonce } }),
    );
    const landing = { next: safeRedirectPath(state.redirect) ?? "/profile", asked: state.asked === true };
    if ("mfa_required" in answer.data) {
      // Google proved the first factor; the code is asked for next.
      const { mfa_required: _required, ...challenge } = answer.data;
      savePending(PENDING_KEYS.signIn, { ...challenge, ...landing });
      return redirectTo("/login/verify", { replace: true });
    }
    const { access, refresh, user } = answer.data;
    saveSession({ access, refresh, user });
    toast.success(answer.message || "Đăng nhập thành công!");
    return redirectTo(landingFor(user, landing), { replace: true });
  } catch (error) {
    return fail(error instanceof ApiError && error.message ? error.message : FAILED);
  }
}

export function HydrateFallback() {
  return <PageSpinner label="Đang đăng nhập bằng Google..." />;
}

export default function GoogleCallbackPage() {
  const { failure } = useLoaderData<{ failure: string }>();
  useRedirectAfter("/login", ERROR_REDIRECT_MS);

  return (
    <div className="mx-auto w-full max-w-md px-4 py-14">
      <section className="rounded-2xl border border-white/5 bg-zinc-900/70 p-6 text-center shadow-2xl sm:p-8" aria-labelledby="google-error-title">
        <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-red-500/15 text-2xl text-red-300" aria-hidden="true">
          !
        </div>
        <h1 id="google-error-title" className="mt-4 text-2xl font-black text-white">
          Đăng nhập Google thất bại
        </h1>
        <p role="alert" className="mt-3 break-words text-red-200">
          {failure}
        </p>
        <p className="mt-2 text-sm text-zinc-400">Đang chuyển về trang đăng nhập...</p>
        <Link to="/login" replace className={`${PRIMARY_BUTTON} mt-6`}>
          Quay lại đăng nhập
        </Link>
      </section>
    </div>
  );
}
