// Keys as buyers and mods see them (docs/product.md §7 "Keys"); admin key management is in admin-keys.ts,
// the purchase beside its rule in workers/money/routes/purchase.ts.
import { Hono, type MiddlewareHandler } from "hono";
import { appPath } from "../../shared/fields";
import { availabilityQuerySchema, keyCheckSchema } from "../schemas/keys";
import { getConfig, publicOrigin } from "../../platform/config";
import { resolvePublicAppId } from "../../catalogue/catalogue";
import { findAdminAppId } from "../key-admin";
import { checkKey, keySubject, mayBeStale } from "../key-check";
import { listAppPricing, listKeyTypes } from "../keys";
import { publicKeyInfo, signBytes, signLease } from "../license-signing";
import { pricingTerms } from "../../owner/store-settings";
import { type ApiContext, type ApiEnv, db, readPrimary } from "../../platform/http/context";
import { HttpError, MESSAGES } from "../../platform/http/api-errors";
import { refusalAnswer } from "../../platform/http/refusals";
import { isLang, type Lang } from "../../shared/lang";
import { isAdmin } from "../../accounts/require-admin";
import { requireUser } from "../../accounts/require-user";
import { clientAddress, readJson, readParams, readQuery, takesJson, takesQuery } from "../../platform/http/validate";
import { PRICING_MESSAGES } from "../../shared/money/messages";
import { KEY_CHECK_MESSAGES } from "../messages";

async function appIdFrom(c: ApiContext): Promise<number> {
  const id = await resolvePublicAppId(db(c), readParams(c, appPath, MESSAGES.appNotFound).app);
  if (id === null) throw new HttpError(404, MESSAGES.appNotFound);
  return id;
}

/** The app's pricings with their VND price at the rate in force. */
async function pricingOf(c: ApiContext, appIdOf = appIdFrom) {
  const [appId, terms] = await Promise.all([appIdOf(c), pricingTerms(c.env.DB, c.env)]);
  return listAppPricing(db(c), appId, terms);
}

/** An admin's key screen shows the pricing of an app hidden from the store (status failed) too. */
function pricingAppId(c: ApiContext): Promise<number> {
  return isAdmin(c.get("user"), getConfig(c.env)) ? findAdminAppId(c.env.DB, readParams(c, appPath, MESSAGES.appNotFound).app) : appIdFrom(c);
}

/**
 * Signs what the API's own key-check route answers: the refusals of a body the mod's path
 * (routes/key-check.ts, which signs its own answers) does not take — too large (413 from the body
 * limit), chunked, not JSON, not valid (400), over the limit (429) — and any answer of a caller that
 * reaches this router directly. X-Signature is the base64 Ed25519 signature of the body's exact
 * bytes. Mounted in api.ts ahead of the body limit so that its refusals are signed too.
 */
export const signKeyCheckAnswers: MiddlewareHandler<ApiEnv> = async (c, next) => {
  // A mod's answers speak its body's lang, never Accept-Language (a phone sends its own): until
  // the body is read, Vietnamese, as every answer was before lang.
  c.set("lang", "vi");
  await next();
  const body = await namedBody(c);
  const headers = new Headers(c.res.headers);
  const { signature, kid } = await signBytes(c.env, body);
  headers.set("X-Signature", signature);
  headers.set("X-Signature-Key-Id", kid);
  c.res = new Response(body, { status: c.res.status, headers });
};

/**
 * The bytes to sign. A refusal names what it refused, as a 200 answer does (keySubject): from the
 * body as far as it was read. A refusal the route threw (c.error: a 400, a 429) is written once
 * from the error itself, the same text answerError wrote; a failure (500, whose id was logged
 * once) and a refusal answered without an error (the body limit's 413) are read back from their bytes. A body too large or
 * not JSON was never read: it names nothing (nulls).
 */
async function namedBody(c: ApiContext): Promise<Uint8Array<ArrayBuffer>> {
  const sent = async () => (c.req.bodyCache.text === undefined ? null : await c.req.json().catch(() => null));
  if (c.error instanceof HttpError) {
    const body = await sent();
    const { body: refusal } = refusalAnswer(c.error, c.req.raw, langSent(body));
    return new TextEncoder().encode(JSON.stringify({ ...refusal, data: await keySubject(body) }));
  }
  const body = new Uint8Array(await c.res.arrayBuffer());
  if (c.res.status === 200) return body;
  let refusal: unknown;
  try {
    refusal = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return body;
  }
  return new TextEncoder().encode(JSON.stringify({ ...(refusal as object), data: await keySubject(await sent()) }));
}

/** The lang a refused key check asked for, when it could be read and is one the check takes; else Vietnamese. */
function langSent(body: unknown): Lang {
  const lang = typeof body === "object" && body !== null ? (body as Record<string, unknown>).lang : undefined;
  return isLang(lang) ? lang : "vi";
}

// The binding's windows are 60 s: a refused mod is told to wait one.
const KEY_CHECK_RETRY_SECONDS = 60;

/** The refusal of a caller over the key check's limit. */
export function tooManyChecks(): HttpError {
  return new HttpError(429, KEY_CHECK_MESSAGES.tooMany(KEY_CHECK_RETRY_SECONDS), undefined, { "Retry-After": String(KEY_CHECK_RETRY_SECONDS) });
}

export const keysApi = new Hono<ApiEnv>()
  .get("/types", async (c) => c.json({ success: true, data: await listKeyTypes(db(c)) }))
  .get("/apps/:app/pricing", requireUser, async (c) => c.json({ success: true, data: await pricingOf(c, pricingAppId) }))
  .get("/inventory/:app", async (c) => {
    const pricing = await pricingOf(c);
    const inventory = pricing.map((option) => ({
      pricing_id: option.id,
      key_type_name: option.key_type_name,
      available_count: option.available_count,
      is_available: option.is_available,
      is_low_stock: option.is_low_stock,
      can_purchase: option.can_purchase,
    }));
    return c.json({ success: true, data: { inventory } });
  })
  .get("/availability/:app", takesQuery(availabilityQuerySchema), async (c) => {
    const pricing = await pricingOf(c);
    const { pricing_id: pricingId } = readQuery(c);
    const chosen = pricingId !== undefined ? pricing.filter((option) => option.id === pricingId) : pricing;
    if (pricingId !== undefined && chosen.length === 0) throw new HttpError(404, PRICING_MESSAGES.notFound);
    const availableCount = chosen.reduce((sum, option) => sum + option.available_count, 0);
    return c.json({
      success: true,
      data: { can_purchase: chosen.some((option) => option.can_purchase), available_count: availableCount, is_available: availableCount > 0 },
    });
  })
  .post("/check", takesJson(keyCheckSchema), async (c) => {
    let admitted = false;
    const admit = async () => {
      if (admitted) return; // once per request, though a refusal is checked twice
      admitted = true;
      const { success } = await c.env.KEY_CHECK_LIMITER.limit({ key: clientAddress(c) });
      if (!success) throw tooManyChecks();
    };
    const input = await readJson(c).catch(async (error: unknown) => {
      await admit(); // a caller over the limit hears 429, whatever its body
      throw error;
    });
    c.set("lang", input.lang ?? "vi");
    const now = Date.now();
    const check = { keyCode: input.key_code, deviceId: input.device_id, bundleId: input.bundle_id, version: input.version, origin: publicOrigin(c.env, c.req.raw), lang: input.lang, address: c.req.header("CF-Connecting-IP") };
    // The repeat path reads the nearest copy of D1; a refusal that copy may give wrongly (mayBeStale:
    // a key changed a moment ago, a code still in stock) is read again on the primary.
    const checked = async () => {
      const first = await checkKey(c.env.DB, check, now, admit);
      if (!mayBeStale(first, now)) return first;
      readPrimary(c);
      return checkKey(c.env.DB, check, now, admit);
    };
    const [{ result, lease }, subject] = await Promise.all([checked(), keySubject(input)]);
    const signedLease = lease ? await signLease(c.env, { ...lease, deviceId: input.device_id }, now) : undefined;
    // The answer names its key, device and app (subject), and the version it judged update_required
    // by, as sent or null: a mod refuses one naming anything else (docs/licensing.md §3).
    const judged = { ...subject, version: input.version ?? null };
    return c.json({ success: true, data: { ...result, ...judged, server_time: new Date(now).toISOString(), nonce: input.nonce, lease: signedLease } });
  })
  .get("/public-key", async (c) => c.json(await publicKeyInfo(c.env)));
