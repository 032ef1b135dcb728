// The browser session of docs/product.md §3: three localStorage keys. One token name, access_token.
import type { PublicUser } from "@workers/accounts/accounts";

export const STORAGE_KEYS = { access: "access_token", refresh: "refresh_token", user: "user" } as const;

/**
 * This browser's device token (issue #13): kept across logouts, sent with every password login so
 * others' guessing cannot lock its owner out. Not part of the session, so clearSession keeps it.
 */
const DEVICE_TOKEN_KEY = "device_token";

/**
 * The Idempotency-Key of the refresh token's rotation, with the token it rotates: a rotation whose
 * answer never came (a reload or a lost network half-way) is asked again the same way, and the
 * server answers it again instead of reading it as reuse (workers/accounts/sessions.ts). Replaced
 * at the next rotation, removed at logout.
 */
export const REFRESH_ATTEMPT_KEY = "refresh_attempt";

/** Raised on window whenever this tab changes the session, so the header follows without a reload. */
const SESSION_EVENT = "session-change";

/** The product's User record (docs/product.md §3), as the API returns it and the session stores it. */
export type SessionUser = PublicUser;

export type SessionPayload = { access: string; refresh: string; user: SessionUser; device_token?: string };

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Storage can be refused (privacy settings); the visitor is then simply logged out.
    return null;
  }
}

function announce() {
  if (typeof window !== "undefined") window.dispatchEvent(new Event(SESSION_EVENT));
}

function isUser(value: unknown): value is SessionUser {
  if (!value || typeof value !== "object") return false;
  const record = value as Record<string, unknown>;
  return typeof record.username === "string" && (typeof record.id === "number" || typeof record.id === "string");
}

export function readAccessToken(): string | null {
  return storage()?.getItem(STORAGE_KEYS.access) || null;
}

export function readRefreshToken(): string | null {
  return storage()?.getItem(STORAGE_KEYS.refresh) || null;
}

/** The logged-in user, or null. A stored user that cannot be read ends the session (docs/product.md §6). */
export function readStoredUser(): SessionUser | null {
  const store = storage();
  if (!store?.getItem(STORAGE_KEYS.access)) return null;
  const raw = store.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const user: unknown = JSON.parse(raw);
    if (isUser(user)) return user;
  } catch {
    // fall through: corrupt
  }
  clearSession();
  return null;
}

export function readDeviceToken(): string | null {
  return storage()?.getItem(DEVICE_TOKEN_KEY) || null;
}

export function saveSession({ access, refresh, user, device_token }: SessionPayload) {
  const store = storage();
  if (!store) return;
  store.setItem(STORAGE_KEYS.access, access);
  store.setItem(STORAGE_KEYS.refresh, refresh);
  store.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  if (device_token) store.setItem(DEVICE_TOKEN_KEY, device_token);
  announce();
}

/** After a refresh: the rotated pair replaces the old one (the old refresh token is dead). */
export function saveTokens(access: string, refresh: string) {
  const store = storage();
  if (!store) return;
  store.setItem(STORAGE_KEYS.access, access);
  store.setItem(STORAGE_KEYS.refresh, refresh);
  announce();
}

export function updateStoredUser(user: SessionUser) {
  const store = storage();
  if (!store?.getItem(STORAGE_KEYS.access)) return;
  store.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  announce();
}

export function clearSession() {
  const store = storage();
  if (!store) return;
  const had = Object.values(STORAGE_KEYS).some((key) => store.getItem(key) !== null);
  for (const key of Object.values(STORAGE_KEYS)) store.removeItem(key);
  store.removeItem(REFRESH_ATTEMPT_KEY);
  if (had) announce();
}

/** Calls `listener` when the session changes in this tab or in another one. */
export function subscribeSession(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || (Object.values(STORAGE_KEYS) as string[]).includes(event.key)) listener();
  };
  window.addEventListener(SESSION_EVENT, listener);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(SESSION_EVENT, listener);
    window.removeEventListener("storage", onStorage);
  };
}
