// /profile: the buyer's own screens (docs/product.md §2 "Profile"). This layout holds the route guard once and
// loads who is logged in (GET /api/auth/me/) in its clientLoader: the session lives in the browser,
// so nothing of these screens is rendered on the server but their loading state. The screens under
// it (profile._index) read the user from its outlet's context (the route has an id per language).
import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientLoaderFunctionArgs, Outlet, type ShouldRevalidateFunction, useLoaderData, useLocation, useNavigate, useRevalidator, useRouteError } from "@remix-run/react";
import { localeOf, requestLocale } from "~/i18n/locale";
import { profileLayoutWords } from "~/i18n/vi/wallet/profile-layout";
import { useWords, wordsIn } from "~/i18n/words";
import { ErrorPanel } from "~/ui/ErrorPanel";
import { useEffect } from "react";
import { SECONDARY_BUTTON } from "~/ui/button-class";
import { PageSpinner } from "~/ui/Spinner";
// The profile calls the API as it opens: the client comes with the page (preloaded with this route)
// rather than one round trip after it, as apiCall (app/platform/api.ts) would fetch it.
import { callApi } from "~/platform/api-client";
import { pageMeta } from "~/ui/meta";
import { loginPathFor } from "~/accounts/session/login-path";
import { isSessionOver, requireSession, sessionEnded } from "~/accounts/session/session-route";
import { readAccessToken, readStoredUser, STORAGE_KEYS, updateStoredUser, type SessionUser } from "~/accounts/session/session";
import { toast } from "~/ui/toast";
import type { ProfileOutlet } from "~/accounts/profile/profile-data";

export const meta: MetaFunction = ({ matches, location }) => pageMeta(matches, wordsIn(localeOf(location.pathname), profileLayoutWords).title);

type Loaded = { user: SessionUser | null; loadFailed: boolean };


export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<Loaded> {
  requireSession(request);
  try {
    const { data } = await callApi((api) => api.api.auth.me.$get(), { auth: true, signal: request.signal });
    updateStoredUser(data);
    return { user: data, loadFailed: false };
  } catch (error) {
    if (isSessionOver(error)) return sessionEnded(request);
    if (request.signal.aborted) throw error;
    // The stored user still shows; the account is only missing if there is none.
    toast.error(wordsIn(requestLocale(request), profileLayoutWords).loadFailed);
    return { user: readStoredUser(), loadFailed: true };
  }
}
clientLoader.hydrate = true as const;

/**
 * Who is logged in is read on entering the profile, and again by "Thử lại" when there is no user to
 * show; not on a tab switch nor after the screens' own actions (they refresh the wallet figures).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) => {
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  return currentUrl.href === nextUrl.href && !readStoredUser() && defaultShouldRevalidate;
};

export function HydrateFallback() {
  return <PageSpinner label={useWords(profileLayoutWords).loading} />;
}

/**
 * Logged out in another tab: leave the protected page too. (In this tab, logout and session expiry
 * navigate on their own, the latter after its notice.)
 */
function useLeaveWhenLoggedOutElsewhere() {
  const location = useLocation();
  const navigate = useNavigate();
  const here = location.pathname + location.search;
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if ((event.key === STORAGE_KEYS.access || event.key === null) && !readAccessToken()) navigate(loginPathFor(here), { replace: true });
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [here, navigate]);
}

export default function ProfileLayout() {
  const loaded = useLoaderData<typeof clientLoader>();
  const revalidator = useRevalidator();
  const words = useWords(profileLayoutWords);
  useLeaveWhenLoggedOutElsewhere();

  if (!loaded.user) {
    if (revalidator.state !== "idle") return <PageSpinner label={words.loading} />;
    return (
      <div className="mx-auto max-w-md px-4 py-24 text-center">
        <p className="text-zinc-300">{loaded.loadFailed ? words.loadFailed : words.noUser}</p>
        <button type="button" onClick={() => revalidator.revalidate()} className={`${SECONDARY_BUTTON} mt-6`}>
          {words.retry}
        </button>
      </div>
    );
  }
  return <Outlet context={{ user: loaded.user } satisfies ProfileOutlet} />;
}

/** A profile screen's loader or rendering threw: the header stays, with a way back. */
export function ErrorBoundary() {
  return <ErrorPanel error={useRouteError()} />;
}
