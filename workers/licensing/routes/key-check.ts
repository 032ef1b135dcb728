// The key check as a mod meets it (docs/licensing.md): the store's hottest path, answered here
// without hono, the start-up check or the pages' headers (docs/decisions/0039-key-check-floor.md).
// A body the check can take (declared size within the API's limit, JSON, valid) is answered here:
// one read of the key (the nearest copy of D1, the primary again only when that copy may be behind
// for this key), its answer's bytes built once and signed as built. Anything else — too large, no
// length, not JSON, not valid — is handed to the API's own route (routes/keys.ts), whose refusals
// keep their exact bytes and are signed by signKeyCheckAnswers.
import { refusalAnswer } from "../../platform/http/refusals";
import { bookmarkOf, readPrimaryOf } from "../../platform/http/context";
import { addressKey, MAX_BODY_BYTES } from "../../platform/http/validate";
import { jsonAnswerSecurityHeaders, secured } from "../../platform/security";
import { publicOrigin } from "../../platform/config";
import { BOOKMARK_HEADER } from "../../platform/http/read-routing";
import { checkKey, type KeyCheck, type KeyCheckOutcome, keySubject, mayBeStale } from "../key-check";
import { signBytes, signLease } from "../license-signing";
import { keyCheckSchema } from "../schemas/keys";
import { tooManyChecks } from "./keys";

/** The key check's address (non-strict, as the API's: with or without the trailing slash). */
export const KEY_CHECK_PATH = /^\/api\/keys\/check\/?$/;

const ENCODER = new TextEncoder();

/**
 * Signed bytes as the key check answers them: X-Signature is the base64 Ed25519 signature of
 * exactly `text`'s UTF-8 bytes, made once from the bytes sent. The bookmark rides only on the
 * answer to a request that sent one (a browser's; a mod sends none).
 */
async function signedAnswer(env: Env, request: Request, status: number, text: string, extra?: Record<string, string>): Promise<Response> {
  const body = ENCODER.encode(text);
  const { signature, kid } = await signBytes(env, body);
  const headers = new Headers(jsonAnswerSecurityHeaders(request.url.startsWith("https:")) as [string, string][]);
  headers.set("Content-Type", "application/json");
  headers.set("Cache-Control", "no-store");
  headers.set("X-Signature", signature);
  headers.set("X-Signature-Key-Id", kid);
  if (extra) for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  if (request.headers.has(BOOKMARK_HEADER)) {
    const bookmark = bookmarkOf(env.DB);
    if (bookmark !== null) headers.set(BOOKMARK_HEADER, bookmark);
  }
  return secured(new Response(body, { status, headers }));
}

/** The same request again, its body the text already read: for the API's route to refuse in its own words. */
function replay(request: Request, text: string): Request {
  return new Request(request.url, { method: request.method, headers: request.headers, body: text });
}

/**
 * Answers `POST /api/keys/check/`. `env`: the request's bindings, its database the D1 session
 * read-routing.ts started (the nearest copy, or the bookmark sent). `general`: the API's own route
 * for the same request, for what this path does not take.
 */
export async function answerKeyCheck(request: Request, env: Env, general: (request: Request) => Promise<Response>): Promise<Response> {
  const length = request.headers.get("Content-Length");
  // Only a body of declared length within the limit is read here; the rest is the API's (413, chunked).
  if (length === null || !(Number(length) <= MAX_BODY_BYTES)) return general(request);
  const text = await request.text();
  let sent: unknown;
  try {
    sent = JSON.parse(text);
  } catch {
    return general(replay(request, text));
  }
  const parsed = keyCheckSchema.safeParse(sent);
  if (!parsed.success) return general(replay(request, text));
  const input = parsed.data;

  let admitted = false;
  const admit = async () => {
    if (admitted) return; // once per request, though a refusal may be read twice
    admitted = true;
    const raw = request.headers.get("CF-Connecting-IP");
    const { success } = await env.KEY_CHECK_LIMITER.limit({ key: raw ? addressKey(raw) : "local" });
    if (!success) throw tooManyChecks();
  };
  const now = Date.now();
  const check: KeyCheck = { keyCode: input.key_code, deviceId: input.device_id, bundleId: input.bundle_id, version: input.version, origin: publicOrigin(env, request), lang: input.lang, address: request.headers.get("CF-Connecting-IP") ?? undefined };
  // The nearest copy answers, unless its refusal may be one the primary would not give (mayBeStale).
  const checked = async (): Promise<KeyCheckOutcome> => {
    const first = await checkKey(env.DB, check, now, admit);
    if (!mayBeStale(first, now)) return first;
    readPrimaryOf(env.DB);
    return checkKey(env.DB, check, now, admit);
  };
  // The key's SHA-256 once, beside the read: the answer names it whatever it says.
  const subject = keySubject(input);
  try {
    const [{ result, lease }, named] = await Promise.all([checked(), subject]);
    const signedLease = lease ? await signLease(env, { ...lease, deviceId: input.device_id }, now) : undefined;
    // The answer names its key, device and app, and the version it judged update_required by, as
    // sent or null: a mod refuses one naming anything else (docs/licensing.md §3).
    const data = { ...result, ...named, version: input.version ?? null, server_time: new Date(now).toISOString(), nonce: input.nonce, lease: signedLease };
    return await signedAnswer(env, request, 200, JSON.stringify({ success: true, data }));
  } catch (error) {
    // A refusal (429) or a failure names what it refused, as the API's refusals of a key check do,
    // in the body's lang (never Accept-Language: a phone sends its own, and old mods send no lang).
    const refusal = refusalAnswer(error instanceof Error ? error : new Error(String(error)), request, input.lang ?? "vi");
    return signedAnswer(env, request, refusal.status, JSON.stringify({ ...refusal.body, data: await subject }), refusal.headers);
  }
}
