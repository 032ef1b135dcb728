// The payment provider API Sileo and Zebra speak (docs/formats.md, "Payment provider API"; decision
// 0054), under /api/sileo/, and the store's own pages around it: the sign-in sheet's connect call,
// the checkout page's reads and purchase, the single-use download. The provider's answers are in
// the clients' shape, `{ error, recovery_url?, invalidate? }` for a refusal, in the phone's
// language; clients ignore HTTP statuses, so the statuses are only for people reading logs.
import { Hono } from "hono";
import { requireAdmin } from "../../accounts/require-admin";
import { requireUser } from "../../accounts/require-user";
import { endPhoneSession, endPhoneSessionById, listPhoneSessions, type PhoneSession, paymentSecretMatches, phoneSession, startPhoneSession } from "../../accounts/package-manager-sessions";
import { setPackageManagerPricing } from "../../catalogue/app-admin";
import { stockChanged } from "../../catalogue/catalogue-cache";
import { appIconUrl } from "../../catalogue/catalogue";
import { findDebApp, findPackageApp, listedPackageIds } from "../../catalogue/feeds";
import { serveObject } from "../../catalogue/files";
import { errorText, logEvent } from "../../lib/log";
import { getConfig, publicOrigin } from "../../platform/config";
import { HttpError, MESSAGES } from "../../platform/http/api-errors";
import { adminActor, type ApiContext, type ApiEnv, db, langOf, say } from "../../platform/http/context";
import { refusalAnswer } from "../../platform/http/refusals";
import { readJson, readParams, readQuery, takesJson, takesQuery } from "../../platform/http/validate";
import { idPath } from "../../shared/fields";
import type { Message } from "../../shared/message";
import { buyKey } from "../buyer-wallet";
import { PACKAGE_MANAGER_MESSAGES as SAYS } from "../messages";
import { authorizeDownload, checkoutKey, checkoutView, findCheckout, ownedAppIds, packageInfo, purchaseFromPhone, spendDownloadLink } from "../package-manager";
import { authenticateQuery, checkoutSchema, connectSchema, linkPath, packageInfoBody, packageManagerPricingSchema, packagePath, phoneBody, signOutBody } from "../schemas/package-manager";

/** A refusal in the clients' shape: the text, and what the client should do about it. */
class ProviderRefusal extends Error {
  constructor(
    readonly said: Message,
    readonly extra: { recovery_url?: string; invalidate?: true } = {},
    readonly status: 400 | 401 | 404 = 400,
  ) {
    super("provider refusal");
  }
}

/** The store's page in the phone's language (`/en/…` for English). */
function storePage(c: ApiContext, path: string): string {
  return `${publicOrigin(c.env, c.req.raw)}${langOf(c) === "en" ? "/en" : ""}${path}`;
}

/** The phone's live session for this body's token and udid; a dead token tells the client to sign out. */
async function signedIn(c: ApiContext, body: { token?: string; udid: string }): Promise<PhoneSession> {
  const session = body.token ? await phoneSession(db(c), body.token, body.udid) : null;
  if (!session) throw new ProviderRefusal(SAYS.signedOut, { invalidate: true }, 401);
  return session;
}

/** The listed package that sells keys under `{id}`; anything else (hidden, deleted, never) is one refusal. */
async function packageOf(c: ApiContext) {
  const { id } = readParams(c, packagePath);
  const app = await findPackageApp(db(c), id);
  if (!app) throw new ProviderRefusal(SAYS.notFound, {}, 404);
  return app;
}

/** The checkout page of a package as the phone opens it in its sheet. */
const checkoutPage = (c: ApiContext) => (token: string) => storePage(c, `/sileo/checkout?ticket=${encodeURIComponent(token)}`);

export const packageManagerApi = new Hono<ApiEnv>()
  .get("/info", (c) => {
    const config = getConfig(c.env);
    const origin = publicOrigin(c.env, c.req.raw);
    return c.json({
      name: config.SITE_NAME,
      icon: `${origin}/icon-192.png`,
      description: say(c, SAYS.description),
      authentication_banner: { message: say(c, SAYS.bannerMessage), button: say(c, SAYS.bannerButton) },
    });
  })
  // The sign-in happens on the store's own pages, in the sheet: this only sends the phone there.
  .get("/authenticate", takesQuery(authenticateQuery), (c) => {
    const { udid, model } = readQuery(c);
    return c.redirect(storePage(c, `/sileo/connect?${new URLSearchParams({ udid, model })}`), 302);
  })
  .post("/user_info", takesJson(phoneBody), async (c) => {
    const session = await signedIn(c, await readJson(c));
    const items = await listedPackageIds(db(c), [...(await ownedAppIds(db(c), session.user.id))]);
    const name = [session.user.firstName, session.user.lastName].filter(Boolean).join(" ") || session.user.username;
    return c.json({ items, user: { name, email: session.user.email } });
  })
  .post("/sign_out", takesJson(signOutBody), async (c) => {
    await endPhoneSession(db(c), (await readJson(c)).token);
    return c.json({ success: true });
  })
  // Zebra asks signed out with a GET first, so the answer may be cached for everyone.
  .get("/package/:id/info", async (c) => c.json(await packageInfo(c.env, db(c), await packageOf(c), null, langOf(c))))
  .post("/package/:id/info", takesJson(packageInfoBody), async (c) => {
    const body = await readJson(c);
    const app = await packageOf(c);
    const session = body.token ? await signedIn(c, body) : null;
    return c.json(await packageInfo(c.env, db(c), app, session?.user.id ?? null, langOf(c)));
  })
  .post("/package/:id/purchase", takesJson(phoneBody), async (c) => {
    const body = await readJson(c);
    const session = await signedIn(c, body);
    const app = await packageOf(c);
    const buyer = { userId: session.user.id, udid: session.udid, secretMatches: await paymentSecretMatches(session, body.payment_secret) };
    const outcome = await purchaseFromPhone(c.env, db(c), buyer, app, checkoutPage(c));
    if (outcome.status === -1) return c.json({ status: -1, error: say(c, outcome.error) });
    if (outcome.status === 0) c.executionCtx.waitUntil(stockChanged(c.env, c.req.raw, app.id).catch((error) => logEvent("error", "stock_change_failed", { app_id: app.id, error: errorText(error) })));
    return c.json(outcome);
  })
  .post("/package/:id/authorize_download", takesJson(phoneBody), async (c) => {
    const body = await readJson(c);
    const session = await signedIn(c, body);
    const app = await packageOf(c);
    const token = await authorizeDownload(db(c), session.user.id, app, session.udid);
    if (!token) throw new ProviderRefusal(SAYS.notPurchased);
    return c.json({ url: `${publicOrigin(c.env, c.req.raw)}/api/sileo/download/${token}` });
  })
  // The link authorize_download handed out: once, within two minutes, for a package still listed.
  .get("/download/:token", async (c) => {
    const { token } = readParams(c, linkPath, SAYS.linkGone);
    const appId = await spendDownloadLink(db(c), token);
    const app = appId === null ? null : await findDebApp(db(c), appId);
    if (!app?.fileKey) throw new ProviderRefusal(SAYS.linkGone, {}, 404);
    const served = await serveObject(c.env.FILES, app.fileKey, c.req.raw, {
      contentType: "application/vnd.debian.binary-package",
      disposition: { kind: "attachment", filename: app.fileName || `${app.url}.deb` },
      cacheControl: "private, no-store",
    });
    if (!served) throw new HttpError(404, MESSAGES.fileNotFound);
    return served.response;
  })
  // The store's pages (the browser's session, the store's error shape) -------------------------
  // The sign-in sheet, once the buyer has signed in there (with the second factor where the account
  // has one, a moment ago): the phone's token and payment secret, said once in the redirect.
  .post("/connect", requireUser, takesJson(connectSchema), async (c) => {
    const { udid, model } = await readJson(c);
    const user = c.get("user");
    const session = c.get("session");
    if (Date.now() - session.signedInAt.getTime() > RECENT_SIGN_IN_MS) throw new HttpError(403, SAYS.signInAgain);
    if (user.mfaEnabledAt !== null && !session.secondFactor) throw new HttpError(403, SAYS.secondFactor);
    const { token, secret } = await startPhoneSession(db(c), user, udid, model);
    return c.json({ success: true, redirect: `sileo://authentication_success?${new URLSearchParams({ token, payment_secret: secret })}` });
  })
  .get("/checkout/:token", requireUser, async (c) => {
    const link = await checkoutFor(c);
    const app = await findDebApp(db(c), link.appId);
    if (!app) throw new HttpError(404, SAYS.notFound);
    const view = await checkoutView(c.env, db(c), link);
    return c.json({ success: true, data: { app: { name: langOf(c) === "en" ? app.nameEn || app.name : app.name, icon: appIconUrl(app, publicOrigin(c.env, c.req.raw)) }, ...view, done_url: "sileo://payment_completed" } });
  })
  .post("/checkout/:token", requireUser, takesJson(checkoutSchema), async (c) => {
    const link = await checkoutFor(c);
    const { key_pricing_id } = await readJson(c);
    const view = await checkoutView(c.env, db(c), link);
    if (!view.pricing.some((pricing) => pricing.id === key_pricing_id)) throw new HttpError(400, SAYS.pricingNotOfApp);
    const bought = await buyKey(c.env, link.userId, { pricingId: key_pricing_id, paymentMethod: "balance", deviceId: link.udid }, checkoutKey(link));
    if (!bought.replayed) await stockChanged(c.env, c.req.raw, link.appId).catch((error) => logEvent("error", "stock_change_failed", { app_id: link.appId, error: errorText(error) }));
    return c.json({ success: true, data: { key_code: bought.order.key_code, key_type_name: bought.order.key_type_name, user: bought.wallet, done_url: "sileo://payment_completed" } });
  })
  .get("/phones", requireUser, async (c) => c.json({ success: true, data: await listPhoneSessions(db(c), c.get("user")) }))
  .delete("/phones/:id", requireUser, async (c) => {
    const { id } = readParams(c, idPath);
    if (!(await endPhoneSessionById(db(c), c.get("user").id, id))) throw new HttpError(404, MESSAGES.notFound);
    return c.json({ success: true, message: say(c, SAYS.phoneEnded) });
  })
  .onError((error, c) => {
    // A phone's refusal is in both shapes: the clients read `error` (and `recovery_url`,
    // `invalidate`), and the store's own shape (success, code, message) is there beside it, as
    // every refusal of the store's API has it (tests/integration/attacks/bad-input.test.ts).
    if (error instanceof ProviderRefusal) {
      const text = say(c, error.said);
      return c.json({ success: false, code: error.said.code, message: text, error: text, ...error.extra }, error.status);
    }
    const answer = refusalAnswer(error, c.req.raw, langOf(c));
    // The store's pages read the store's shape; the phone's calls read `error` too.
    if (STORE_PAGE_CALLS.test(c.req.path)) return c.json(answer.body, answer.status, answer.headers);
    if (answer.status >= 500) logEvent("error", "package_manager_failed", { path: c.req.path, error: errorText(error) });
    return c.json({ ...answer.body, error: String(answer.body.message) }, answer.status, answer.headers);
  });

/** The calls of the store's own pages (the sign-in sheet, the checkout page, the security page). */
const STORE_PAGE_CALLS = /^\/api\/sileo\/(connect|checkout|phones)(\/|$)/;

/** How long ago the sheet's sign-in may have been for it to connect a phone. */
const RECENT_SIGN_IN_MS = 10 * 60_000;

async function checkoutFor(c: ApiContext) {
  const { token } = readParams(c, linkPath, SAYS.linkGone);
  const link = await findCheckout(db(c), token, c.get("user").id);
  if (link === "gone") throw new HttpError(410, SAYS.linkGone);
  if (link === "not_yours") throw new HttpError(403, SAYS.notYours);
  return link;
}

/** `PUT /api/admin/apps/{id}/package-manager/`: the key type Sileo and Zebra buy at once (null: none). */
export const adminPackageManagerApi = new Hono<ApiEnv>().put("/:id/package-manager", requireAdmin, takesJson(packageManagerPricingSchema), async (c) => {
  const { id } = readParams(c, idPath);
  const { key_pricing_id } = await readJson(c);
  await setPackageManagerPricing(db(c), id, key_pricing_id, adminActor(c));
  return c.json({ success: true, message: say(c, SAYS.pricingSet), data: { key_pricing_id } });
});
