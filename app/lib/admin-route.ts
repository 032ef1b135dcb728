// The admin guard for routes that load and save in clientLoader/clientAction (the newer shape):
// the same verdicts and messages as AdminGuard, as redirects thrown before anything renders.
// The server checks every admin call again; this only keeps others off the screen.
import { redirect } from "@remix-run/react";
import { ADMIN_MESSAGES, adminVerdict } from "./admin";
import { ApiError } from "./api";
import { SESSION_EXPIRED_MESSAGE } from "../../workers/shared/error-messages";
import { loginPathFor } from "./redirects";
import { clearSession, readAccessToken, STORAGE_KEYS } from "./session";
import { toast } from "./toast";

function here(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

function rawUser(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.user);
  } catch {
    return null;
  }
}

/** Throws a redirect unless the stored session is an admin's (login, invalid session, denied). */
export function requireAdminSession(request: Request): void {
  const verdict = adminVerdict(readAccessToken(), rawUser());
  if (verdict === "admin") return;
  if (verdict === "denied") {
    toast.error(ADMIN_MESSAGES.accessDenied);
    throw redirect("/dashboard");
  }
  if (verdict === "invalid") clearSession();
  toast.error(verdict === "login" ? ADMIN_MESSAGES.loginRequired : ADMIN_MESSAGES.invalidSession);
  throw redirect(loginPathFor(here(request)));
}

/**
 * A failed admin call: 401 (the session could not be refreshed) and 403 throw the same redirects
 * as the guard; anything else is returned as the message to show.
 */
export function adminCallFailure(error: unknown, request: Request, fallback: string): string {
  if (error instanceof ApiError && error.status === 401) {
    clearSession();
    toast.error(SESSION_EXPIRED_MESSAGE);
    throw redirect(loginPathFor(here(request)));
  }
  if (error instanceof ApiError && error.status === 403) {
    toast.error(ADMIN_MESSAGES.accessDenied);
    throw redirect("/dashboard");
  }
  return error instanceof ApiError && error.message ? error.message : fallback;
}
