import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { isCachedResource } from "./catalogue/catalogue-cache";
import { PART_SIZE } from "./catalogue/uploads";
import { adminAuditApi } from "./owner/routes/audit";
import { adminBankTransfersApi } from "./money/routes/bank-transfers";
import { adminExportsApi } from "./owner/routes/exports";
import { adminLicensingApi } from "./licensing/routes/admin-licensing";
import { adminAppPauseApi, adminKeyBulkApi } from "./licensing/routes/admin-pause-bulk";
import { adminBansApi, adminTrialApi } from "./licensing/routes/bans";
import { adminOverviewApi } from "./owner/routes/overview";
import { adminNotificationsApi } from "./owner/routes/notifications";
import { adminSettingsApi } from "./owner/routes/settings";
import { adminUsersApi } from "./accounts/routes/admin-users";
import { adminBalancesApi } from "./money/routes/admin-balances";
import { appsRouter } from "./catalogue/routes";
import { authApi } from "./accounts/routes/auth";
import { mfaApi } from "./accounts/routes/mfa";
import { mailApi } from "./accounts/routes/mail";
import { cardsApi } from "./money/routes/cards";
import { adminCryptoApi, cryptoApi } from "./money/routes/crypto";
import { signKeyCheckAnswers } from "./licensing/routes/keys";
import { keysRouter } from "./licensing/routes";
import { promotionsApi } from "./money/routes/promotions";
import { purchaseApi } from "./money/routes/purchase";
import { adminPackageManagerApi, packageManagerApi } from "./money/routes/package-manager";
import { vietqrApi } from "./money/routes/vietqr";
import { buyerPurchasesApi, walletApi } from "./money/routes/wallet";
import { webhooksApi } from "./money/routes/webhooks";
import { type ApiEnv, langOf, say } from "./platform/http/context";
import { deliverNotifications } from "./owner/notifications";
import { unexpectedError } from "./owner/ops-alarms";
import { MESSAGES } from "./platform/http/api-errors";
import { answerError, answerRefusal, refusalBody } from "./platform/http/refusals";
import { mediaApi } from "./catalogue/routes/media";
import { uploadsApi } from "./catalogue/routes/uploads";
import { MAX_KEY_LENGTH } from "./licensing/messages";
import { MAX_BODY_BYTES } from "./platform/http/validate";
import type { Said } from "./shared/message";

// Non-strict: docs/product.md writes every path with a trailing slash; clients may omit it.
export const api = new Hono<ApiEnv>({ strict: false }).basePath("/api");

/** The bulk key import: 10,000 keys of the longest length, each with its JSON-escaped newline, plus the rest of the JSON. */
const KEY_IMPORT_MAX_BYTES = 10_000 * (MAX_KEY_LENGTH + 2) + MAX_BODY_BYTES; // 2,085,536 bytes
const BODY_TOO_LARGE = MESSAGES.bodyTooLarge;

// Public answers (the catalogue the edge caches, downloads, media) keep their own caching;
// every other API answer may carry a user's data or an admin's view and is never stored.
const PUBLIC_ANSWERS = [/^\/api\/apps\/[^/]+\/(download|releases\/[^/]+\/download)\/?$/, /^\/api\/media\//];
api.use("*", async (c, next) => {
  await next();
  if (isCachedResource(c.req.raw) || PUBLIC_ANSWERS.some((pattern) => pattern.test(c.req.path))) return;
  c.header("Cache-Control", "no-store");
});

// Before the body limit, so that even its refusals of a key check are signed.
api.use("/keys/check", signKeyCheckAnswers);

/**
 * An app form sent whole (not through the chunked upload) is parsed in memory, and a Worker has
 * 128 MB: above this it is refused before it is read, and pointed to the chunked upload.
 */
const DIRECT_FORM_MAX_BYTES = 90 * 1024 * 1024;
const DIRECT_FORM_TOO_LARGE = MESSAGES.formTooLarge;

// Routes that take more, each with what it says when refused.
const BODY_LIMIT_EXCEPTIONS: [RegExp, number, Said][] = [
  [/^\/api\/uploads\/[^/]+\/parts\/\d+\/?$/, PART_SIZE, BODY_TOO_LARGE],
  [/^\/api\/keys\/bulk-import\/?$/, KEY_IMPORT_MAX_BYTES, BODY_TOO_LARGE],
  [/^\/api\/apps\/(create|update\/[^/]+|preview-ipa)\/?$/, DIRECT_FORM_MAX_BYTES, DIRECT_FORM_TOO_LARGE],
];

const PROVIDER_CALLS = /^\/api\/sileo\/(user_info|sign_out|package)(\/|$)/;
const PROVIDER_MAX_BYTES = 8 * 1024;

// Content-Length is checked first; a body without one (chunked) is counted as it streams and
// refused once it passes the limit (hono's bodyLimit does both).
api.use("*", async (c, next) => {
  const [, maxSize, message] = BODY_LIMIT_EXCEPTIONS.find(([pattern]) => pattern.test(c.req.path)) ?? [null, MAX_BODY_BYTES, BODY_TOO_LARGE];
  // Sileo and Zebra read a refusal's `error` (docs/formats.md, "Payment provider API"), beside the store's shape, and send a few hundred bytes.
  if (PROVIDER_CALLS.test(c.req.path)) return bodyLimit({ maxSize: PROVIDER_MAX_BYTES, onError: (c) => c.json({ ...refusalBody(413, message, langOf(c)), error: say(c, message) }, 413) })(c, next);
  return bodyLimit({ maxSize, onError: (c) => answerRefusal(c, 413, message) })(c, next);
});

// Calls that may record an owner's notification send it once the answer is out (the cron
// retries what fails), so Telegram never slows or breaks them. An admin's sign-in is recorded at
// its second step (mfa/verify), not at the password; wrong codes for an admin, wherever typed (auth/mfa).
const MAY_NOTIFY = /^\/api\/(webhooks|cards|keys\/purchase|admin\/bank-transfers|admin\/crypto|admin\/apps|auth\/mfa)(\/|$)/;
api.use("*", async (c, next) => {
  await next();
  if (c.req.method === "POST" && MAY_NOTIFY.test(c.req.path)) c.executionCtx.waitUntil(deliverNotifications(c.env));
});

// Chained, so the routes' types reach the browser's client (app/platform/api.ts) as ApiType.
// Each path is mounted once, by the domain that owns it; a domain with several route files under
// one path composes them (workers/catalogue/routes/index.ts, workers/licensing/routes/index.ts).
const routes = api
  .route("/apps", appsRouter)
  .route("/uploads", uploadsApi)
  .route("/auth/mfa", mfaApi)
  .route("/auth", authApi)
  .route("/auth/wallet", walletApi)
  .route("/auth/purchase", buyerPurchasesApi)
  .route("/mail", mailApi)
  .route("/keys/purchase", purchaseApi)
  .route("/keys", keysRouter)
  .route("/admin/overview", adminOverviewApi)
  .route("/admin/users", adminUsersApi)
  .route("/admin/users", adminBalancesApi)
  .route("/admin/bank-transfers", adminBankTransfersApi)
  .route("/admin/settings", adminSettingsApi)
  .route("/admin/audit", adminAuditApi)
  .route("/admin/exports", adminExportsApi)
  .route("/admin/notifications", adminNotificationsApi)
  .route("/admin/licensing", adminLicensingApi)
  .route("/admin/crypto", adminCryptoApi)
  .route("/admin/apps", adminPackageManagerApi)
  .route("/sileo", packageManagerApi)
  .route("/admin/apps", adminAppPauseApi)
  .route("/admin/keys", adminKeyBulkApi)
  .route("/admin/bans", adminBansApi)
  .route("/admin/apps", adminTrialApi)
  .route("/vietqr", vietqrApi)
  .route("/promotions", promotionsApi)
  .route("/cards", cardsApi)
  .route("/crypto", cryptoApi)
  .route("/webhooks", webhooksApi)
  .route("/media", mediaApi);

/** Every route of the API with its answers, for hono's typed client. */
export type ApiType = typeof routes;

api.notFound((c) => answerRefusal(c, 404, MESSAGES.notFound));

// The feeds answer their errors through the same function (workers/catalogue/routes/feeds.ts). An
// unexpected error (500) counts towards the owner's alarm of its cause, a stranger's only when it
// names a part of the store (ops-alarms.ts errorCause).
api.onError((error, c) => {
  const answer = answerError(error, c);
  if (answer.status === 500) c.executionCtx.waitUntil(unexpectedError(c.env, error, c.get("user") !== undefined));
  return answer;
});
