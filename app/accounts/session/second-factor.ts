// The second factor's pending steps, kept in this tab's sessionStorage between the screen that
// starts them and the one that finishes them: a sign-in's mfa_token (with where to go after), or
// an enrolment started from the profile. They hold no session; the server spends them anyway.
import type { StartedChallenge } from "@workers/accounts/mfa";

/** What login (or the profile's "turn on") answered for the second step, and where a sign-in goes once the code is accepted (asked: by the redirect query). */
export type PendingChallenge = StartedChallenge & { next?: string; asked?: boolean };

export const PENDING_KEYS = { signIn: "mfa_sign_in", enrolment: "mfa_enrolment" } as const;
type PendingKey = (typeof PENDING_KEYS)[keyof typeof PENDING_KEYS];

function store(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function savePending(key: PendingKey, challenge: PendingChallenge): void {
  store()?.setItem(key, JSON.stringify(challenge));
}

export function readPending(key: PendingKey): PendingChallenge | null {
  const raw = store()?.getItem(key);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as PendingChallenge;
    return typeof value?.mfa_token === "string" ? value : null;
  } catch {
    return null;
  }
}

export function clearPending(key: PendingKey): void {
  store()?.removeItem(key);
}

/** Whether an access token says its sign-in passed the second factor (the server checks it again). */
export function tokenHasSecondFactor(accessToken: string | null): boolean {
  const payload = accessToken?.split(".")[1];
  if (!payload) return false;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
    return claims?.mfa === true;
  } catch {
    return false;
  }
}
