// The one Worker: /api/* to Hono, pages to Remix, the cron trigger, and the wallet object.
import { createRequestHandler } from "@remix-run/cloudflare";
// @ts-ignore -- the server bundle exists once `remix vite:build` has run (npm start and npm test build first).
import * as build from "../build/server";
import { api } from "./api";
import { errorBody } from "./api/errors";
import { FEED_PATHS, feeds } from "./api/feeds";
import { getConfig } from "./config";
import { getDb } from "./db/client";
import { createNonce, withSecurityHeaders } from "./security";
import { renderOutbox } from "./dev-outbox";
import { ensureAdminAccount } from "./services/accounts";
import { cachedPage, cachedResource, isCachedResource, isPublicPageRequest } from "./services/catalogue-cache";
import { runScheduledJobs } from "./services/scheduled";

export { UserWallet } from "./wallet/user-wallet";

const handleRemix = createRequestHandler(build);
/** This build's id: edge copies made by another build are never served (catalogue-cache.ts). */
const RELEASE: string = build.assets.version;

let adminReady: Promise<void> | undefined;

// Once per isolate: the configured admin account exists before anything is served.
function ensureStarted(env: Env): Promise<void> {
  const config = getConfig(env);
  adminReady ??= ensureAdminAccount(getDb(env.DB), config).catch((error) => {
    adminReady = undefined;
    throw error;
  });
  return adminReady;
}

export default {
  async fetch(request, env, ctx) {
    try {
      await ensureStarted(env);
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      return withSecurityHeaders(Response.json(errorBody("Máy chủ chưa được cấu hình đúng. Vui lòng thử lại sau."), { status: 503 }));
    }
    const { pathname } = new URL(request.url);
    if (pathname === "/api" || pathname.startsWith("/api/") || FEED_PATHS.test(pathname)) {
      const router = FEED_PATHS.test(pathname) ? feeds : api;
      const produce = async (forwarded: Request) => router.fetch(forwarded, env, ctx);
      return withSecurityHeaders(isCachedResource(request) ? await cachedResource(request, env, ctx, RELEASE, produce) : await produce(request));
    }
    if (pathname === "/dev/outbox" && getConfig(env).APP_ENV !== "production") {
      return withSecurityHeaders(await renderOutbox(env), createNonce());
    }
    const nonce = createNonce();
    const render = (forwarded: Request) => handleRemix(forwarded, { cloudflare: { env, ctx }, nonce });
    return withSecurityHeaders(isPublicPageRequest(request) ? await cachedPage(request, env, ctx, RELEASE, nonce, render) : await render(request), nonce);
  },

  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduledJobs(env, new Date(controller.scheduledTime)));
  },
} satisfies ExportedHandler<Env>;
