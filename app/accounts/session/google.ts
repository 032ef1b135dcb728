// Google sign-in, the browser's half (docs/architecture.md#accounts): the authorization code flow with PKCE, a
// nonce and a CSRF value carried in `state`. The server exchanges the code.
import { apiCall } from "../../platform/api";
import { type Landing, safeRedirectPath } from "./redirects";

const GOOGLE_STORAGE_KEY = "google_oauth";
const GOOGLE_CALLBACK_PATH = "/auth/google/callback";

/** What survives the trip to the provider, in this tab only. */
export type PendingGoogleSignIn = { verifier: string; nonce: string; csrf: string; redirect_uri: string };

export type GoogleState = { redirect: string; timestamp: number; csrf: string; asked?: boolean };

class GoogleSignInUnavailable extends Error {}

function base64UrlEncode(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function randomBase64Url(byteLength: number): string {
  return base64UrlEncode(crypto.getRandomValues(new Uint8Array(byteLength)));
}

/** RFC 7636 S256: BASE64URL(SHA-256(verifier)). */
async function codeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64UrlEncode(new Uint8Array(digest));
}

/** The product's state: base64 of JSON {redirect, timestamp} (plus our csrf value). UTF-8 safe. */
function encodeState(state: GoogleState): string {
  const bytes = new TextEncoder().encode(JSON.stringify(state));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function decodeState(value: string | null): GoogleState | null {
  if (!value) return null;
  try {
    const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))));
    if (!parsed || typeof parsed !== "object") return null;
    const record = parsed as Record<string, unknown>;
    if (typeof record.csrf !== "string") return null;
    return {
      csrf: record.csrf,
      redirect: typeof record.redirect === "string" ? record.redirect : "",
      timestamp: typeof record.timestamp === "number" ? record.timestamp : 0,
      asked: record.asked === true,
    };
  } catch {
    return null;
  }
}

/** Reads and forgets the pending sign-in: a code is used once. */
export function takePendingGoogleSignIn(): PendingGoogleSignIn | null {
  try {
    const raw = sessionStorage.getItem(GOOGLE_STORAGE_KEY);
    sessionStorage.removeItem(GOOGLE_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingGoogleSignIn>;
    if (typeof value.verifier !== "string" || typeof value.nonce !== "string" || typeof value.csrf !== "string") return null;
    return {
      verifier: value.verifier,
      nonce: value.nonce,
      csrf: value.csrf,
      redirect_uri: typeof value.redirect_uri === "string" ? value.redirect_uri : `${window.location.origin}${GOOGLE_CALLBACK_PATH}`,
    };
  } catch {
    return null;
  }
}

/**
 * Sends the browser to the provider. Throws GoogleSignInUnavailable when sign-in is off, or an
 * ApiError when the configuration cannot be read; the caller shows the toast.
 */
export async function startGoogleSignIn({ next, asked }: Landing): Promise<void> {
  const { data: config } = await apiCall((api) => api.api.auth.google.config.$get());
  if (!config?.enabled || !config.authorization_endpoint || !config.client_id) throw new GoogleSignInUnavailable();

  const verifier = randomBase64Url(64);
  const nonce = randomBase64Url(24);
  const csrf = randomBase64Url(24);
  const redirectUri = `${window.location.origin}${GOOGLE_CALLBACK_PATH}`;
  const state = encodeState({ redirect: safeRedirectPath(next) ?? "/profile", timestamp: Date.now(), csrf, asked });

  const url = new URL(config.authorization_endpoint);
  for (const [name, value] of Object.entries(config.params ?? {})) url.searchParams.set(name, value);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", config.client_id);
  url.searchParams.set("redirect_uri", redirectUri);
  url.searchParams.set("scope", config.scope || "openid email profile");
  url.searchParams.set("state", state);
  url.searchParams.set("nonce", nonce);
  url.searchParams.set("code_challenge", await codeChallenge(verifier));
  url.searchParams.set("code_challenge_method", "S256");

  const pending: PendingGoogleSignIn = { verifier, nonce, csrf, redirect_uri: redirectUri };
  sessionStorage.setItem(GOOGLE_STORAGE_KEY, JSON.stringify(pending));
  window.location.assign(url.toString());
}
