// The one Worker: /api/* to Hono, pages to Remix, the cron trigger, and the wallet object.
import { createRequestHandler } from "@remix-run/cloudflare";
// biome-ignore lint/suspicious/noTsIgnore: not @ts-expect-error, which fails once the bundle exists.
// @ts-ignore -- the server bundle exists once `remix vite:build` has run (npm start and npm test build first).
import * as build from "../build/server";
import { api } from "./api";
import { errorBody, MESSAGES } from "./api/errors";
import { FEED_PATHS, feeds } from "./api/feeds";
import { getConfig } from "./config";
import { getDb } from "./db/client";
import { createNonce, withSecurityHeaders } from "./security";
import { renderOutbox } from "./dev-outbox";
import { ensureAdminAccount } from "./services/accounts";
import { cachedPage, cachedResource, isCachedResource, isPublicPageRequest } from "./http/catalogue-cache";
import { runScheduledJobs } from "./services/scheduled";
import { webManifest } from "./http/web-manifest";

export { UserWallet } from "./wallet/user-wallet";

const handleRemix = createRequestHandler(build);
/** This build's id: edge copies made by another build are never served (catalogue-cache.ts). */
const RELEASE: string = build.assets.version;

// Once per isolate and admin address: the configured admin exists before anything is served. Keyed
// by the address, so an env naming another one is checked again, yet no request queries D1 for it.
const adminReady = new Map<string, Promise<void>>();

function ensureStarted(env: Env): Promise<void> {
  const config = getConfig(env);
  const key = config.ADMIN_EMAIL.toLowerCase();
  let ready = adminReady.get(key);
  if (!ready) {
    ready = ensureAdminAccount(getDb(env.DB), config);
    ready.catch(() => adminReady.delete(key));
    adminReady.set(key, ready);
  }
  return ready;
}

const UNAVAILABLE = "Máy chủ chưa được cấu hình đúng. Vui lòng thử lại sau.";

/** The answer while the store cannot start: the API's error shape, or a page for a browser. */
function unavailable(request: Request, pathname: string): Response {
  const headers = { "Cache-Control": "no-store", "Retry-After": "60" };
  if (pathname === "/api" || pathname.startsWith("/api/") || FEED_PATHS.test(pathname)) {
    return withSecurityHeaders(request, Response.json(errorBody(UNAVAILABLE), { status: 503, headers }));
  }
  const page = `<!doctype html><html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Tạm ngừng phục vụ</title></head><body style="font-family:system-ui,sans-serif;background:#09090b;color:#e4e4e7;display:grid;place-items:center;min-height:100vh;margin:0"><main style="max-width:28rem;padding:1.5rem;text-align:center"><h1 style="font-size:1.5rem">Tạm ngừng phục vụ</h1><p>${UNAVAILABLE}</p></main></body></html>`;
  return withSecurityHeaders(request, new Response(page, { status: 503, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } }), createNonce());
}

export default {
  async fetch(request, env, ctx) {
    const { pathname } = new URL(request.url);
    try {
      await ensureStarted(env);
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      return unavailable(request, pathname);
    }
    if (pathname === "/api" || pathname.startsWith("/api/") || FEED_PATHS.test(pathname)) {
      const router = FEED_PATHS.test(pathname) ? feeds : api;
      const produce = async (forwarded: Request) => router.fetch(forwarded, env, ctx);
      return withSecurityHeaders(request, isCachedResource(request) ? await cachedResource(request, env, ctx, RELEASE, produce) : await produce(request));
    }
    if (pathname === "/manifest.webmanifest") {
      // A file to read: other methods change nothing here and are told so.
      if (request.method !== "GET" && request.method !== "HEAD") {
        return withSecurityHeaders(request, Response.json(errorBody(MESSAGES.methodNotAllowed), { status: 405, headers: { Allow: "GET, HEAD" } }));
      }
      return withSecurityHeaders(request, webManifest(getConfig(env).SITE_NAME));
    }
    if (pathname === "/dev/outbox" && getConfig(env).APP_ENV === "development") {
      return withSecurityHeaders(request, await renderOutbox(env), createNonce());
    }
    const nonce = createNonce();
    const render = (forwarded: Request) => handleRemix(forwarded, { cloudflare: { env, ctx }, nonce });
    return withSecurityHeaders(request, isPublicPageRequest(request) ? await cachedPage(request, env, ctx, RELEASE, nonce, render) : await render(request), nonce);
  },

  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduledJobs(env, new Date(controller.scheduledTime)));
  },
} satisfies ExportedHandler<Env>;
