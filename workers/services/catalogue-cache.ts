// Edge cache of what the public catalogue shows (DESIGN.md §1; docs/decisions/0009).
//
// CONTRACT for code that changes the catalogue: after any committed change to what the home
// page, an app page, the feeds or the catalogue API show (an app created, edited or deleted; its
// file, icon, screenshots, releases; its key pricing or stock changed by an admin), call
//
//     await catalogueChanged(env, c.req.raw);   // env: the Worker's env; request: the admin's request
//
// once, after the change is committed. It raises the catalogue version in D1 (the one authority,
// shared by every colo) and tells this colo at once; other colos re-read the version at most
// VERSION_RECHECK_MS later. Every cached copy is keyed by the version, so a change makes all old
// copies unreachable together: nothing has to be listed or purged one by one.
//
// What is cached (each colo's Cache API, `edgeCache()`): the public pages (/, /{slug},
// /app/{id}; their HTML is the same for every visitor because the session lives in the
// browser), the feeds (/altstore.json, /repo/Release, /repo/Packages, /repo/Packages.gz) and the
// catalogue API (/api/apps/list, /detail…, /detail-by-url…, /{id}/manifest.plist). A cached copy
// lives EDGE_TTL_SECONDS at most, which bounds how stale the figures that change without an admin
// (download counts, key stock after purchases) can be. Cached pages keep a slot for the CSP nonce
// and get a fresh nonce per response.
import { etagMatches } from "./files";

export const EDGE_TTL_SECONDS = 60;
/** How long a colo trusts the version it read from D1 before reading it again. */
export const VERSION_RECHECK_MS = 5_000;
/** How long an isolate trusts the version it last saw (other isolates of a colo may lag this much). */
export const ISOLATE_RECHECK_MS = 1_000;
const isolateMemo = new Map<string, VersionMemo>();
/** Set by the public page routes (their `headers` export): only they are stored. */
export const PUBLIC_PAGE_HEADER = "X-Public-Page";

const PREFIX = "/__edge-cache";
const NONCE_SLOT = 'nonce="__edge_cache_nonce__"';
const ORIGINAL_CACHE_CONTROL = "X-Origin-Cache-Control";

const CACHED_RESOURCES = [
  /^\/api\/apps\/(list|detail\/[^/]+|detail-by-url\/[^/]+|\d+\/manifest\.plist)\/?$/,
  /^\/altstore\.json$/,
  /^\/repo\/(Release|Packages|Packages\.gz)$/,
];
const PUBLIC_PAGES = /^\/(|app\/\d+\/?|[^/]+\/?)$/;

/** GETs of feeds and catalogue API answers that go through the edge cache. */
export function isCachedResource(request: Request): boolean {
  if (request.method !== "GET") return false;
  const { pathname } = new URL(request.url);
  return CACHED_RESOURCES.some((pattern) => pattern.test(pathname));
}

/** Document GETs that may be public pages (the route decides, with PUBLIC_PAGE_HEADER). */
export function isPublicPageRequest(request: Request): boolean {
  if (request.method !== "GET") return false;
  const url = new URL(request.url);
  return !url.searchParams.has("_data") && PUBLIC_PAGES.test(url.pathname);
}

/** This colo's cache (the DOM lib's CacheStorage type hides the Workers runtime's `caches.default`). */
function edgeCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

type VersionMemo = { version: number; checkedAt: number };

function versionKey(origin: string): string {
  return `${origin}${PREFIX}/catalogue-version`;
}

function memoResponse(memo: VersionMemo): Response {
  return new Response(JSON.stringify(memo), { headers: { "Content-Type": "application/json", "Cache-Control": `public, max-age=${EDGE_TTL_SECONDS}` } });
}

/** The version in D1: the time (ms) of the last catalogue change, or 0 before any. */
export async function readVersionFromDb(env: Env): Promise<number> {
  const row = await env.DB.prepare("SELECT version FROM catalogue_state WHERE id = 1").first<{ version: number }>();
  return row?.version ?? 0;
}

/** The catalogue version as this colo knows it: from the Cache API, re-read from D1 when older than VERSION_RECHECK_MS. */
export async function catalogueVersion(env: Env, origin: string): Promise<number> {
  // This isolate's own memo first: a cached page then costs one Cache API lookup, not two.
  const known = isolateMemo.get(origin);
  if (known && Date.now() - known.checkedAt < ISOLATE_RECHECK_MS) return known.version;
  const key = versionKey(origin);
  const hit = await edgeCache().match(key);
  if (hit) {
    const memo = (await hit.json()) as Partial<VersionMemo>;
    if (typeof memo.version === "number" && typeof memo.checkedAt === "number" && Date.now() - memo.checkedAt < VERSION_RECHECK_MS) {
      isolateMemo.set(origin, { version: memo.version, checkedAt: Date.now() });
      return memo.version;
    }
  }
  const version = await readVersionFromDb(env);
  isolateMemo.set(origin, { version, checkedAt: Date.now() });
  await edgeCache().put(key, memoResponse({ version, checkedAt: Date.now() }));
  return version;
}

/**
 * Call after every committed catalogue change (see the contract at the top of this file).
 * The new version is at least the current time in ms, so it keeps rising even after a reset.
 */
export async function catalogueChanged(env: Env, request: Request): Promise<number> {
  const row = await env.DB.prepare(
    "INSERT INTO catalogue_state (id, version) VALUES (1, ?1) ON CONFLICT (id) DO UPDATE SET version = max(version + 1, ?1) RETURNING version",
  )
    .bind(Date.now())
    .first<{ version: number }>();
  const version = row!.version;
  const origin = new URL(request.url).origin;
  isolateMemo.set(origin, { version, checkedAt: Date.now() });
  await edgeCache().put(versionKey(origin), memoResponse({ version, checkedAt: Date.now() }));
  return version;
}

/**
 * `release` is the build's id (Remix's `assets.version`): after a deploy no copy made by the
 * previous build is served, since its pages point at that build's scripts.
 */
async function cacheKey(env: Env, request: Request, release: string): Promise<string> {
  const url = new URL(request.url);
  const version = await catalogueVersion(env, url.origin);
  return `${url.origin}${PREFIX}/${encodeURIComponent(release)}/v${version}${url.pathname}${url.search}`;
}

/** The copy kept at the edge: the answer's headers, with the edge lifetime in Cache-Control. */
function storedCopy(body: BodyInit, headers: Headers): Response {
  const stored = new Headers(headers);
  stored.set(ORIGINAL_CACHE_CONTROL, headers.get("Cache-Control") ?? "");
  stored.set("Cache-Control", `public, max-age=${EDGE_TTL_SECONDS}`);
  return new Response(body, { status: 200, headers: stored });
}

/** A stored copy's headers as the client should see them (its original Cache-Control). */
function clientHeaders(stored: Headers): Headers {
  const headers = new Headers(stored);
  const original = headers.get(ORIGINAL_CACHE_CONTROL);
  headers.delete(ORIGINAL_CACHE_CONTROL);
  if (original) headers.set("Cache-Control", original);
  else headers.delete("Cache-Control");
  return headers;
}

function storable(response: Response): boolean {
  return response.status === 200 && !response.headers.has("Set-Cookie") && !/no-store|private/.test(response.headers.get("Cache-Control") ?? "");
}

/** The request without conditional headers: on a miss the handler must produce the whole answer to store. */
function unconditional(request: Request): Request {
  const copy = new Request(request);
  copy.headers.delete("If-None-Match");
  copy.headers.delete("If-Modified-Since");
  return copy;
}

// The isolate's own copies, in front of the Cache API: a hot page or feed is then a map lookup.
// Keyed like the edge copies (by catalogue version), bounded in bytes, and never older than an
// edge copy may be.
type IsolateCopy = { body: string | ArrayBuffer; headers: [string, string][]; expires: number; bytes: number };
const ISOLATE_COPIES_MAX_BYTES = 8 * 1024 * 1024;
const isolateCopies = new Map<string, IsolateCopy>();
let isolateCopiesBytes = 0;

function isolateCopy(key: string): IsolateCopy | undefined {
  const copy = isolateCopies.get(key);
  if (!copy) return undefined;
  isolateCopies.delete(key);
  if (copy.expires <= Date.now()) {
    isolateCopiesBytes -= copy.bytes;
    return undefined;
  }
  isolateCopies.set(key, copy); // most recently used last
  return copy;
}

function keepInIsolate(key: string, body: string | ArrayBuffer, headers: Headers): void {
  const bytes = typeof body === "string" ? body.length * 2 : body.byteLength;
  if (bytes > ISOLATE_COPIES_MAX_BYTES / 4) return;
  const previous = isolateCopies.get(key);
  if (previous) {
    isolateCopies.delete(key);
    isolateCopiesBytes -= previous.bytes;
  }
  isolateCopies.set(key, { body, headers: [...headers], expires: Date.now() + EDGE_TTL_SECONDS * 1000, bytes });
  isolateCopiesBytes += bytes;
  for (const [oldest, copy] of isolateCopies) {
    if (isolateCopiesBytes <= ISOLATE_COPIES_MAX_BYTES) break;
    isolateCopies.delete(oldest);
    isolateCopiesBytes -= copy.bytes;
  }
}

function answer(request: Request, body: ArrayBuffer, headers: Headers): Response {
  const etag = headers.get("ETag");
  if (etag && etagMatches(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { status: 200, headers });
}

/**
 * A feed or catalogue API answer through the edge cache. A hit costs no database work (the
 * version comes from the Cache API too, re-read from D1 once per VERSION_RECHECK_MS), and an
 * If-None-Match that names the stored ETag gets a 304.
 */
export async function cachedResource(request: Request, env: Env, ctx: ExecutionContext, release: string, produce: (request: Request) => Promise<Response>): Promise<Response> {
  const key = await cacheKey(env, request, release);
  const near = isolateCopy(key);
  if (near) return answer(request, (near.body as ArrayBuffer).slice(0), new Headers(near.headers));
  const hit = await edgeCache().match(key);
  if (hit) {
    const body = await hit.arrayBuffer();
    const headers = clientHeaders(hit.headers);
    keepInIsolate(key, body, headers);
    return answer(request, body.slice(0), headers);
  }

  const fresh = await produce(unconditional(request));
  if (!storable(fresh)) return fresh;
  const body = await fresh.arrayBuffer();
  ctx.waitUntil(edgeCache().put(key, storedCopy(body, fresh.headers)));
  keepInIsolate(key, body, new Headers(fresh.headers));
  return answer(request, body.slice(0), new Headers(fresh.headers));
}

/**
 * A public page through the edge cache. The HTML is stored with a slot where this render's
 * nonce was, and every answer fills the slot with its own `nonce`, the one its CSP header names.
 * Only answers that the route marked with PUBLIC_PAGE_HEADER are stored.
 */
export async function cachedPage(request: Request, env: Env, ctx: ExecutionContext, release: string, nonce: string, render: () => Promise<Response>): Promise<Response> {
  const key = await cacheKey(env, request, release);
  const near = isolateCopy(key);
  if (near) return new Response((near.body as string).replaceAll(NONCE_SLOT, `nonce="${nonce}"`), { status: 200, headers: new Headers(near.headers) });
  const hit = await edgeCache().match(key);
  if (hit) {
    const stored = await hit.text();
    const headers = clientHeaders(hit.headers);
    keepInIsolate(key, stored, headers);
    return new Response(stored.replaceAll(NONCE_SLOT, `nonce="${nonce}"`), { status: 200, headers });
  }

  const rendered = await render();
  const headers = new Headers(rendered.headers);
  const isPublic = headers.has(PUBLIC_PAGE_HEADER);
  headers.delete(PUBLIC_PAGE_HEADER);
  if (!isPublic || !storable(rendered)) return new Response(rendered.body, { status: rendered.status, statusText: rendered.statusText, headers });
  const html = await rendered.text();
  // The nonce is 128 random bits, so `nonce="<it>"` appears only where the renderer put it.
  const slotted = html.replaceAll(`nonce="${nonce}"`, NONCE_SLOT);
  ctx.waitUntil(edgeCache().put(key, storedCopy(slotted, headers)));
  keepInIsolate(key, slotted, headers);
  return new Response(html, { status: 200, headers });
}
