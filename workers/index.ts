// The one Worker: /api/* to Hono, pages to Remix, the cron trigger, and the wallet object.
import { createRequestHandler } from "@remix-run/cloudflare";
// biome-ignore lint/suspicious/noTsIgnore: not @ts-expect-error, which fails once the bundle exists.
// @ts-ignore -- the server bundle exists once `remix vite:build` has run (npm start and npm test build first).
import * as build from "../build/server";
import { api } from "./api";
import { MESSAGES } from "./platform/http/api-errors";
import { refusalResponse } from "./platform/http/refusals";
import { FEED_PATHS, feeds } from "./catalogue/routes/feeds";
import { ConfigError, getConfig, withDatabase } from "./platform/config";
import { bookmarkOf, getDb, sessionDatabase } from "./db/client";
import { cronFailed, unexpectedError } from "./owner/ops-alarms";
import { BOOKMARK_HEADER, readFromFor } from "./platform/http/read-routing";
import { createNonce, withSecurityHeaders } from "./platform/security";
import { renderOutbox } from "./platform/dev-outbox";
import { ensureAdminAccount } from "./accounts/accounts";
import { cachedPage, cachedResource, isCachedResource, isPublicPageRequest } from "./catalogue/catalogue-cache";
import { runScheduledJobs } from "./scheduled";
import { webManifest } from "./catalogue/web-manifest";
import { health } from "./health";
import { answerKeyCheck, KEY_CHECK_PATH } from "./licensing/routes/key-check";
import { errorText, logEvent } from "./lib/log";

export { UserWallet } from "./money/wallet/user-wallet";
export { OpsWatch } from "./owner/ops-watch";

const handleRemix = createRequestHandler(build);
/** This build's id: edge copies made by another build are never served (catalogue-cache.ts). */
const RELEASE: string = build.assets.version;
/** This build's route ids: the loaders a data request may name in its cache key (catalogue-cache.ts). */
const ROUTE_IDS: ReadonlySet<string> = new Set(Object.keys(build.routes));

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

const UNAVAILABLE = { misconfigured: MESSAGES.misconfigured, down: MESSAGES.down } as const;
type Unavailable = keyof typeof UNAVAILABLE;

const isApiPath = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/") || FEED_PATHS.test(pathname);
// The payment gateways' webhooks need no admin account: they never wait on the start-up.
const WEBHOOKS = /^\/api\/webhooks\//;

/** The answer while the store cannot serve: the API's error shape, or a page for a browser. */
function unavailable(request: Request, pathname: string, why: Unavailable): Response {
  const headers = { "Cache-Control": "no-store", "Retry-After": "60" };
  if (isApiPath(pathname)) return refusalResponse(request, 503, UNAVAILABLE[why], headers);
  const page = `<!doctype html><html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Tạm ngừng phục vụ</title></head><body style="font-family:system-ui,sans-serif;background:#09090b;color:#e4e4e7;display:grid;place-items:center;min-height:100vh;margin:0"><main style="max-width:28rem;padding:1.5rem;text-align:center"><h1 style="font-size:1.5rem">Tạm ngừng phục vụ</h1><p>${UNAVAILABLE[why]}</p></main></body></html>`;
  return new Response(page, { status: 503, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}

/** The request's bindings, its database a D1 session started where read-routing.ts says. */
function forRequest(env: Env, request: Request, pathname: string): Env {
  return withDatabase(env, sessionDatabase(env.DB, readFromFor(request, pathname)));
}

/**
 * An API answer to anyone but an anonymous reader carries the newest state the request read or
 * wrote: the client sends it back, so its next read sees at least this (docs/decisions/0029-read-replicas-and-placement.md).
 */
function withBookmark(request: Request, response: Response, database: D1Database): Response {
  if ((request.method === "GET" || request.method === "HEAD") && !request.headers.has("Authorization")) return response;
  const bookmark = bookmarkOf(database);
  if (bookmark === null) return response;
  try {
    response.headers.set(BOOKMARK_HEADER, bookmark);
    return response;
  } catch {
    // A response with immutable headers (one passed through from a fetch) is copied once.
    const copy = new Response(response.body, response);
    copy.headers.set(BOOKMARK_HEADER, bookmark);
    return copy;
  }
}

/** Null once the store has started; else why not (a setting, or D1 failing: not the same to an operator). */
async function startProblem(env: Env): Promise<Unavailable | null> {
  try {
    await ensureStarted(env);
    return null;
  } catch (error) {
    const misconfigured = error instanceof ConfigError;
    logEvent("error", misconfigured ? "store_misconfigured" : "store_start_failed", { error: errorText(error) });
    return misconfigured ? "misconfigured" : "down";
  }
}

/**
 * A HEAD of something the edge cache serves is the GET's answer without its body, from the same
 * copy: a HEAD can neither go around the cache (a render and D1 reads each time) nor fill a copy
 * with an empty page.
 */
async function headOfCached(request: Request, env: Env, ctx: ExecutionContext): Promise<Response | null> {
  if (request.method !== "HEAD") return null;
  const get = new Request(request.url, { method: "GET", headers: request.headers });
  if (!isCachedResource(get) && !isPublicPageRequest(get)) return null;
  const answer = await handle(get, env, ctx);
  await answer.body?.cancel();
  return new Response(null, answer);
}

async function handle(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const { pathname } = new URL(request.url);
  if ((pathname === "/api/health" || pathname === "/api/health/") && request.method === "GET") {
    return withSecurityHeaders(request, await health(request, env, RELEASE, () => ensureStarted(env)));
  }
  // Settings are checked on every path (parsed once per isolate, no I/O).
  try {
    getConfig(env);
  } catch (error) {
    logEvent("error", "store_misconfigured", { error: errorText(error) }, request);
    return withSecurityHeaders(request, unavailable(request, pathname, "misconfigured"), createNonce());
  }
  // A mod's key check: its own path, with nothing a mod does not use (docs/decisions/0039-key-check-floor.md).
  // It needs no admin account, so it never waits on the start-up, and it signs its answers with
  // their headers already set (withSecurityHeaders hands them on); what it does not take goes to
  // the API's route below, as before.
  if (request.method === "POST" && KEY_CHECK_PATH.test(pathname)) {
    const scoped = forRequest(env, request, pathname);
    return withSecurityHeaders(request, await answerKeyCheck(request, scoped, async (forwarded) => withBookmark(forwarded, await api.fetch(forwarded, scoped, ctx), scoped.DB)));
  }
  // The start-up (the configured admin exists, one D1 query per isolate) runs before whatever
  // renders or acts; an answer the edge cache already holds is served without it.
  const started = async (respond: () => Promise<Response>): Promise<Response> => {
    const problem = await startProblem(env);
    return problem ? unavailable(request, pathname, problem) : respond();
  };
  if (isApiPath(pathname)) {
    const router = FEED_PATHS.test(pathname) ? feeds : api;
    const produce = async (forwarded: Request) => {
      const scoped = forRequest(env, forwarded, pathname);
      return withBookmark(forwarded, await router.fetch(forwarded, scoped, ctx), scoped.DB);
    };
    if (isCachedResource(request)) return withSecurityHeaders(request, await cachedResource(request, forRequest(env, request, pathname), ctx, RELEASE, (forwarded) => started(() => produce(forwarded))));
    return withSecurityHeaders(request, WEBHOOKS.test(pathname) ? await produce(request) : await started(() => produce(request)));
  }
  if (pathname === "/manifest.webmanifest") {
    // A file to read: other methods change nothing here and are told so.
    if (request.method !== "GET" && request.method !== "HEAD") {
      return withSecurityHeaders(request, refusalResponse(request, 405, MESSAGES.methodNotAllowed, { Allow: "GET, HEAD" }));
    }
    return withSecurityHeaders(request, webManifest(getConfig(env).SITE_NAME));
  }
  const english = rememberedEnglish(request, pathname);
  if (english) return withSecurityHeaders(request, english);
  const nonce = createNonce();
  if (pathname === "/dev/outbox" && getConfig(env).APP_ENV === "development") {
    return withSecurityHeaders(request, await started(() => renderOutbox(env)), nonce);
  }
  const render = (forwarded: Request) => started(() => handleRemix(forwarded, { cloudflare: { env: forRequest(env, forwarded, pathname), ctx }, nonce }));
  return withSecurityHeaders(request, isPublicPageRequest(request) ? await cachedPage(request, forRequest(env, request, pathname), ctx, RELEASE, nonce, render, ROUTE_IDS) : await render(request), nonce);
}

/**
 * A visitor who chose English with the language switch (its cookie, app/shell/LanguageSwitch.tsx)
 * finds the English home again at `/`. Nobody else is redirected: the Vietnamese `/` and its cached
 * copy are everyone's, whatever their browser's language.
 */
function rememberedEnglish(request: Request, pathname: string): Response | null {
  if (pathname !== "/" || request.method !== "GET" || !/(?:^|;\s*)lang=en(?:;|$)/.test(request.headers.get("Cookie") ?? "")) return null;
  const url = new URL(request.url);
  return new Response(null, { status: 302, headers: { Location: `/en/${url.search}`, "Cache-Control": "private, no-store" } });
}

export default {
  async fetch(request, env, ctx) {
    try {
      return (await headOfCached(request, env, ctx)) ?? (await handle(request, env, ctx));
    } catch (error) {
      // Nothing escapes as the platform's own error page (Cloudflare's 1101): the store's 503 page, or
      // the API's 503 answer. Counted towards the owner's alarm of its cause (the API counts its own 500s).
      logEvent("error", "internal_error", { error: errorText(error), stack: error instanceof Error ? error.stack?.slice(0, 2000) : undefined }, request);
      ctx.waitUntil(unexpectedError(env, error, false));
      return withSecurityHeaders(request, unavailable(request, new URL(request.url).pathname, "down"), createNonce());
    }
  },

  async scheduled(controller, env, ctx) {
    ctx.waitUntil(
      runScheduledJobs(env, new Date(controller.scheduledTime)).then(
        (report) => {
          // A run that changed something says what; a quiet minute prints nothing.
          if (Object.values(report).some((count) => (count ?? 0) > 0)) logEvent("warn", "cron_run", { cron: controller.cron, ...report });
        },
        async (error) => {
          logEvent("error", "cron_failed", { cron: controller.cron, error: errorText(error) });
          // Told to OpsWatch (not D1, which may be what failed), with what D1 answers now.
          await cronFailed(env, errorText(error), controller.scheduledTime).catch((failure) => logEvent("error", "cron_failure_not_counted", { error: errorText(failure) }));
          throw error;
        },
      ),
    );
  },
} satisfies ExportedHandler<Env>;
