// Where a visitor goes after logging in (spec §2 "Route guard"): the redirect query value, else
// the page they came from, else /profile. Only paths on this site are followed.

const PLACEHOLDER_ORIGIN = "http://local.invalid";

// Pages that make no sense to come back to after logging in.
const AUTH_PAGES = ["/login", "/register", "/forgot-password", "/reset-password", "/auth/"];

function isAuthPage(pathname: string): boolean {
  return AUTH_PAGES.some((page) => (page.endsWith("/") ? pathname.startsWith(page) : pathname === page || pathname === `${page}/`));
}

/** A same-site path ("/x?y"), or null for anything that could leave the site ("//evil", "/\\evil", "https:…"). */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  try {
    // The URL parser drops tabs and newlines and treats "\" as "/": whatever it resolves must stay here.
    const url = new URL(value, PLACEHOLDER_ORIGIN);
    if (url.origin !== PLACEHOLDER_ORIGIN) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

/** The redirect query value when it is a usable target. */
export function redirectFromQuery(params: URLSearchParams): string | null {
  const path = safeRedirectPath(params.get("redirect"));
  return path && !isAuthPage(new URL(path, PLACEHOLDER_ORIGIN).pathname) ? path : null;
}

/** The previous page of this site, from the document's referrer (a full page load only). */
export function referrerPath(): string | null {
  if (typeof document === "undefined" || !document.referrer) return null;
  try {
    const url = new URL(document.referrer);
    if (url.origin !== window.location.origin || isAuthPage(url.pathname)) return null;
    return safeRedirectPath(url.pathname + url.search);
  } catch {
    return null;
  }
}

export function postLoginPath(params: URLSearchParams): string {
  return redirectFromQuery(params) ?? referrerPath() ?? "/profile";
}

/** /login carrying the page to come back to. */
export function loginPathFor(pathAndSearch: string): string {
  return `/login?redirect=${encodeURIComponent(pathAndSearch)}`;
}
