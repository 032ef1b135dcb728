// The signed-in user as stored in this browser, as it changes.
import { useMemo, useSyncExternalStore } from "react";
import { readStoredUser, type SessionUser, STORAGE_KEYS, subscribeSession } from "~/accounts/session/session";

function readRawUser(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.user);
  } catch {
    return null;
  }
}

/** The stored user as it changes (the password dialog, a top-up, another tab); null once the session is gone. */
export function useStoredUser(): SessionUser | null {
  const raw = useSyncExternalStore(subscribeSession, readRawUser, () => null);
  return useMemo(() => (raw === null ? null : readStoredUser()), [raw]);
}
