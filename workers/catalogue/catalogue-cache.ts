// Edge cache of what the public catalogue shows (docs/architecture.md#public-pages; docs/decisions/0009).
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
// A sale changes only its app's key stock: call `stockChanged(env, request, appId)` instead. An
// app page's copy carries the stock it shows (stockTag) and is served only while that is still
// the app's stock, so the rest of the store keeps its copies.
//
// A copy is keyed by the path and only the query parameters that path reads (cachedUrl), so
// junk or random queries share the copy of the page they dress up. The home page's search is
// keyed by its normalised words (homeSearch), so "CHIẾN", "chiến" and "chien" are one copy.
//
// What is cached (each colo's Cache API, `edgeCache()`): the public pages (/, /{slug},
// /app/{id}; their HTML is the same for every visitor because the session lives in the
// browser), the feeds (/altstore.json, /repo/Release, /repo/Packages, /repo/Packages.gz) and the
// catalogue API (/api/apps/list, /detail…, /detail-by-url…, /{id}/manifest.plist). A cached copy
// is served EDGE_TTL_SECONDS at most, which bounds how stale the figures that change without an admin
// or a sale (download counts) can be. Cached pages keep a slot for the CSP nonce
// and get a fresh nonce per response.
//
// Through a D1 outage (docs/operations.md, "What survives an outage"): the copies and what this colo
// knows of the version and the stock are kept STALE_SECONDS, and when D1 cannot be read (or the
// render fails while it cannot) the last copy is served, stale rather than an error. A download
// remembers the stored file its address names (downloadTarget), so it is served too.
import { type AppTypeName, isAppType } from "../shared/catalogue/app-form-fields";
import { normaliseSearch } from "../shared/search";
import { notModified } from "../platform/http/etag";
import { fixedSecurityHeaders, securedPage } from "../platform/security";
import { errorText, logEvent } from "../lib/log";
import { sql } from "drizzle-orm";
import { getDb } from "../db/client";
import { catalogueState } from "../db/schema";

const EDGE_TTL_SECONDS = 60;
/** How long a copy and a remembered state are kept, to be served while D1 cannot be read. */
const STALE_SECONDS = 24 * 60 * 60;
/** When a copy was stored (ms): past EDGE_TTL_SECONDS it is made again, unless D1 cannot be read. */
const STORED_AT = "X-Stored-At";
/** How long a colo trusts the version it read from D1 before reading it again. */
export const VERSION_RECHECK_MS = 5_000;
/** How long an isolate trusts the version it last saw (other isolates of a colo may lag this much). */
const ISOLATE_RECHECK_MS = 1_000;
const isolateMemo = new Map<string, Memo>();
/** Set by the public page routes (their `headers` export): only they are stored. */
export const PUBLIC_PAGE_HEADER = "X-Public-Page";
/** Set by a page that shows an app's key stock: its stockTag (never sent to the client). */
export const STOCK_HEADER = "X-App-Stock";
const CATALOGUE_VERSION = "catalogue-version";

const PREFIX = "/__edge-cache";
const NONCE_SLOT = 'nonce="__edge_cache_nonce__"';
const ORIGINAL_CACHE_CONTROL = "X-Origin-Cache-Control";

const CACHED_RESOURCES = [
  /^\/api\/apps\/(list|detail\/[^/]+|detail-by-url\/[^/]+|\d+\/manifest\.plist)\/?$/,
  /^\/altstore\.json$/,
  /^\/repo\/(Release|Packages|Packages\.gz)$/,
];
// The home page and one-segment addresses (app slugs), in Vietnamese and under /en/; Remix's own
// /__manifest never is one.
const PUBLIC_PAGES = /^\/(en\/?)?(|app\/\d+\/?|(?!__manifest)[^/]+\/?)$/;

/** The home page in either language: `/`, `/en`, `/en/` (each its own copy). */
function isHomePath(pathname: string): boolean {
  return pathname === "/" || pathname === "/en" || pathname === "/en/";
}

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

// What this colo knows of a piece of state kept in D1 (the catalogue version, an app's stock):
// the value and when it was read, in this isolate and in the colo's Cache API.
type Memo = { value: number | string; checkedAt: number };

function stateKey(origin: string, name: string): string {
  return `${origin}${PREFIX}/${name}`;
}

function memoResponse(memo: Memo): Response {
  return new Response(JSON.stringify(memo), { headers: { "Content-Type": "application/json", "Cache-Control": `public, max-age=${STALE_SECONDS}` } });
}

/**
 * The state as this colo knows it: isolate memo, then the Cache API, re-read from D1 when older
 * than VERSION_RECHECK_MS. When D1 cannot be read, the last value known, however old.
 */
async function knownState<T extends number | string>(origin: string, name: string, read: () => Promise<T>): Promise<T> {
  // This isolate's own memo first: a cached page then costs one Cache API lookup, not two.
  const known = isolateMemo.get(`${origin}|${name}`);
  if (known && Date.now() - known.checkedAt < ISOLATE_RECHECK_MS) return known.value as T;
  const hit = await edgeCache().match(stateKey(origin, name));
  let stored: Memo | null = null;
  if (hit) {
    const memo = (await hit.json()) as Partial<Memo>;
    if ((typeof memo.value === "number" || typeof memo.value === "string") && typeof memo.checkedAt === "number") stored = { value: memo.value, checkedAt: memo.checkedAt };
    if (stored && Date.now() - stored.checkedAt < VERSION_RECHECK_MS) {
      isolateMemo.set(`${origin}|${name}`, { value: stored.value, checkedAt: Date.now() });
      return stored.value as T;
    }
  }
  const checkedAt = Date.now();
  let value: T;
  try {
    value = await read();
  } catch (error) {
    const last = stored ?? known;
    if (!last) throw error;
    logEvent("error", "catalogue_state_stale", { name, error: errorText(error) });
    return last.value as T;
  }
  await rememberState(origin, name, value, checkedAt);
  return value;
}

/** Tells this isolate and this colo's Cache API the state as read from D1 at `checkedAt`. */
async function rememberState(origin: string, name: string, value: number | string, checkedAt = Date.now()): Promise<void> {
  isolateMemo.set(`${origin}|${name}`, { value, checkedAt });
  await edgeCache().put(stateKey(origin, name), memoResponse({ value, checkedAt }));
}

/** The version in D1: the time (ms) of the last catalogue change, or 0 before any. */
export async function readVersionFromDb(env: Env): Promise<number> {
  const row = await env.DB.prepare("SELECT version FROM catalogue_state WHERE id = 1").first<{ version: number }>();
  return row?.version ?? 0;
}

/** The catalogue version as this colo knows it: from the Cache API, re-read from D1 when older than VERSION_RECHECK_MS. */
function catalogueVersion(env: Env, origin: string): Promise<number> {
  return knownState(origin, CATALOGUE_VERSION, () => readVersionFromDb(env));
}

/**
 * Call after every committed catalogue change (see the contract at the top of this file).
 * The new version is at least the current time in ms, so it keeps rising even after a reset.
 */
export async function catalogueChanged(env: Env, request: Request): Promise<number> {
  // Through drizzle, as every write of the catalogue (issue 51: one way, one handle).
  const now = Date.now();
  const [row] = await getDb(env.DB)
    .insert(catalogueState)
    .values({ id: 1, version: now })
    .onConflictDoUpdate({ target: catalogueState.id, set: { version: sql`max(${catalogueState.version} + 1, ${now})` } })
    .returning({ version: catalogueState.version });
  const version = row.version;
  await rememberState(new URL(request.url).origin, CATALOGUE_VERSION, version);
  return version;
}

// ---------------------------------------------------------------- an app's key stock

/**
 * What an app page shows of its key stock, as one tag: the app, then each pricing's id and
 * available count. The page's loader sends it in STOCK_HEADER; its copy is served only while the
 * tag is still the app's (stockChanged tells this colo at once, other colos within VERSION_RECHECK_MS).
 */
export function stockTag(appId: number, pricing: readonly { id: number; available_count: number }[]): string {
  const counts = [...pricing].sort((a, b) => a.id - b.id).map((option) => `${option.id}=${option.available_count}`);
  return `${appId}:${counts.join(",")}`;
}

/** The tag as D1 has it now (the same counts as listAppPricing). */
async function readStockTag(env: Env, appId: number): Promise<string> {
  const { results } = await env.DB.prepare(
    `SELECT p.id AS id, (SELECT count(*) FROM license_keys k WHERE k.app_id = p.app_id AND k.key_type_id = p.key_type_id AND k.status = 'available') AS available_count
     FROM key_pricing p WHERE p.app_id = ?1`,
  )
    .bind(appId)
    .all<{ id: number; available_count: number }>();
  return stockTag(appId, results);
}

function stockName(appId: number): string {
  return `stock/${appId}`;
}

function stockAppId(tag: string): number {
  return Number(tag.slice(0, tag.indexOf(":")));
}

/**
 * Call after a sale (or anything that changes only an app's key stock): the pages of that app
 * show the new figures on the next request in this colo, and nothing else of the store is
 * rendered again.
 */
export async function stockChanged(env: Env, request: Request, appId: number): Promise<void> {
  const checkedAt = Date.now();
  await rememberState(new URL(request.url).origin, stockName(appId), await readStockTag(env, appId), checkedAt);
}

/** Whether a stored page's stock tag is still its app's stock as this colo knows it (pages without stock always are). */
async function stockIsCurrent(env: Env, origin: string, tag: string | null): Promise<boolean> {
  if (!tag) return true;
  const appId = stockAppId(tag);
  if (!Number.isSafeInteger(appId)) return false;
  return (await knownState(origin, stockName(appId), () => readStockTag(env, appId))) === tag;
}

/** A render's tag is as fresh as a D1 read from when it began: this colo learns it unless it knows better. */
async function seedStock(origin: string, tag: string, renderedFrom: number): Promise<void> {
  const name = stockName(stockAppId(tag));
  if (isolateMemo.has(`${origin}|${name}`) || (await edgeCache().match(stateKey(origin, name)))) return;
  await rememberState(origin, name, tag, renderedFrom);
}

// ---------------------------------------------------------------- keys

/** The home grid's page from `?page=` (anything else is page 1); the loader and the cache key read it alike. */
function homePageNumber(params: URLSearchParams): number {
  const asked = params.get("page") ?? "1";
  return /^[1-9]\d{0,5}$/.test(asked) ? Number(asked) : 1;
}

export type HomeSearch = { query: string; type: AppTypeName | null; page: number };

/** What the home page shows, from `?q=&type=&page=`: the normalised words, a known type (else all), the page. */
export function homeSearch(params: URLSearchParams): HomeSearch {
  const type = params.get("type") ?? "";
  return { query: normaliseSearch(params.get("q") ?? ""), type: isAppType(type) ? type : null, page: homePageNumber(params) };
}

/**
 * RFC 3986 §6.2.2 normalisation: an escaped unreserved character is the character, other
 * escapes are upper-case hex. `%2E` stays escaped, so no dot segment can appear.
 */
function canonicalPath(pathname: string): string {
  return pathname.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return /[A-Za-z0-9_~-]/.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

/** The page a Remix data request loads for: `/_root.data` is `/`, `/<path>.data` is `/<path>`. */
function dataPagePath(pathname: string): string {
  return pathname === "/_root.data" ? "/" : pathname.slice(0, -".data".length);
}

/** The key URL of the page a data request's key URL loads for (its home search kept, `_routes` not). */
function pageUrlOf(dataUrl: URL): URL {
  const page = new URL(dataUrl.origin + dataPagePath(dataUrl.pathname));
  for (const [name, value] of dataUrl.searchParams) if (name !== "_routes") page.searchParams.set(name, value);
  return page;
}

/**
 * The URL a cached answer is keyed by and produced from: the path and only the query parameters
 * it reads (on the home page the normalised `q`, `type` and `page`; none elsewhere), so `/?x=1` or
 * a tracking parameter is the copy of `/`, and random queries (or escapes in the path) neither
 * fill the cache nor go around it. A Remix data request (`*.data`) reads what its page reads and
 * the loaders it names in `_routes`, kept only when they are this build's (`routeIds`).
 */
function cachedUrl(request: Request, routeIds: ReadonlySet<string> = new Set()): URL {
  const url = new URL(request.url);
  const data = url.pathname.endsWith(".data");
  const kept = new URL(url.origin + canonicalPath(url.pathname));
  if (isHomePath(data ? dataPagePath(url.pathname) : url.pathname)) {
    const { query, type, page } = homeSearch(url.searchParams);
    if (query) kept.searchParams.set("q", query);
    if (type) kept.searchParams.set("type", type);
    if (page > 1) kept.searchParams.set("page", String(page));
  }
  const routes = data ? [...new Set((url.searchParams.get("_routes") ?? "").split(","))].filter((id) => routeIds.has(id)).sort() : [];
  if (routes.length > 0) kept.searchParams.set("_routes", routes.join(","));
  return kept;
}

/**
 * `release` is the build's id (Remix's `assets.version`): after a deploy no copy made by the
 * previous build is served, since its pages point at that build's scripts.
 */
async function cacheKey(env: Env, url: URL, release: string): Promise<string> {
  const version = await catalogueVersion(env, url.origin);
  return `${url.origin}${PREFIX}/${encodeURIComponent(release)}/v${version}${url.pathname}${url.search}`;
}

/** The copy kept at the edge: the answer's headers, with the edge lifetime in Cache-Control. */
function storedCopy(body: BodyInit, headers: Headers): Response {
  const stored = new Headers(headers);
  stored.set(ORIGINAL_CACHE_CONTROL, headers.get("Cache-Control") ?? "");
  stored.set("Cache-Control", `public, max-age=${STALE_SECONDS}`);
  stored.set(STORED_AT, String(Date.now()));
  return new Response(body, { status: 200, headers: stored });
}

/** Whether a stored copy is past EDGE_TTL_SECONDS: made again, and served only when that fails with D1 unreadable. */
function isStale(stored: Headers): boolean {
  return !(Date.now() - Number(stored.get(STORED_AT) ?? 0) < EDGE_TTL_SECONDS * 1000);
}

/** A stored copy's headers as the client should see them (its original Cache-Control). */
function clientHeaders(stored: Headers): Headers {
  const headers = new Headers(stored);
  const original = headers.get(ORIGINAL_CACHE_CONTROL);
  headers.delete(ORIGINAL_CACHE_CONTROL);
  headers.delete(STORED_AT);
  if (original) headers.set("Cache-Control", original);
  else headers.delete("Cache-Control");
  return headers;
}

function storable(response: Response): boolean {
  return response.status === 200 && !response.headers.has("Set-Cookie") && !/no-store|private/.test(response.headers.get("Cache-Control") ?? "");
}

/** The request for `url` without conditional headers: on a miss the handler must produce the whole answer to store. */
function unconditional(request: Request, url: URL): Request {
  const copy = new Request(url, request);
  copy.headers.delete("If-None-Match");
  copy.headers.delete("If-Modified-Since");
  return copy;
}

// The isolate's own copies, in front of the Cache API: a hot page or feed is then a map lookup.
// Keyed like the edge copies (by catalogue version), bounded in bytes, and never older than an
// edge copy may be.
type IsolateCopy = { body: ArrayBuffer | PageCopy; headers: [string, string][]; expires: number; bytes: number };
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

function keepInIsolate(key: string, body: ArrayBuffer | PageCopy, headers: Headers): void {
  const bytes = body instanceof ArrayBuffer ? body.byteLength : body.bytes;
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

// A page copy as it is served, made once per copy: the HTML in UTF-8 cut at its nonce slots, and
// the headers the client gets, the security headers included. A hit then only joins the parts
// around this response's nonce and adds its policy: no transcoding, no search through the HTML,
// no second copy of the response (workers/platform/security.ts, securedPage).
type PageCopy = { parts: Uint8Array[]; headers: [string, string][]; stock: string | null; bytes: number };
const utf8 = new TextEncoder();

function pageCopy(stored: string, headers: Headers, https: boolean): PageCopy {
  const client = new Headers(headers);
  const stock = client.get(STOCK_HEADER);
  client.delete(STOCK_HEADER);
  client.delete("Content-Length"); // the slot and a nonce differ in length
  for (const [name, value] of fixedSecurityHeaders(https)) client.set(name, value);
  const parts = stored.split(NONCE_SLOT).map((part) => utf8.encode(part));
  return { parts, headers: [...client], stock, bytes: parts.reduce((sum, part) => sum + part.byteLength, 0) };
}

function servePage(copy: PageCopy, nonce: string): Response {
  const slot = utf8.encode(`nonce="${nonce}"`);
  const body = new Uint8Array(copy.bytes + slot.byteLength * (copy.parts.length - 1));
  let at = 0;
  for (const [index, part] of copy.parts.entries()) {
    if (index > 0) {
      body.set(slot, at);
      at += slot.byteLength;
    }
    body.set(part, at);
    at += part.byteLength;
  }
  return securedPage(body, new Headers(copy.headers), nonce);
}

function answer(request: Request, body: ArrayBuffer, headers: Headers): Response {
  return notModified(request, headers) ?? new Response(body, { status: 200, headers });
}

/**
 * A feed or catalogue API answer through the edge cache. A hit costs no database work (the
 * version comes from the Cache API too, re-read from D1 once per VERSION_RECHECK_MS), and an
 * If-None-Match that names the stored ETag gets a 304.
 */
export async function cachedResource(request: Request, env: Env, ctx: ExecutionContext, release: string, produce: (request: Request) => Promise<Response>): Promise<Response> {
  const url = cachedUrl(request);
  const key = await cacheKey(env, url, release);
  const near = isolateCopy(key);
  if (near?.body instanceof ArrayBuffer) return answer(request, near.body.slice(0), new Headers(near.headers));
  const hit = await edgeCache().match(key);
  let stale: { body: ArrayBuffer; headers: Headers } | null = null;
  if (hit) {
    const body = await hit.arrayBuffer();
    const headers = clientHeaders(hit.headers);
    if (!isStale(hit.headers)) {
      keepInIsolate(key, body, headers);
      return answer(request, body.slice(0), headers);
    }
    stale = { body, headers };
  }

  const fresh = await madeOrStale(env, url, () => produce(unconditional(request, url)), stale !== null);
  if (!fresh && stale) return answer(request, stale.body, stale.headers);
  if (!fresh || !storable(fresh)) return fresh as Response;
  const body = await fresh.arrayBuffer();
  ctx.waitUntil(edgeCache().put(key, storedCopy(body, fresh.headers)));
  keepInIsolate(key, body, new Headers(fresh.headers));
  return answer(request, body.slice(0), new Headers(fresh.headers));
}

/** Thrown when neither D1 nor a stored copy can answer: the Worker answers the store's 503 (workers/index.ts). */
class CatalogueUnavailable extends Error {}

/**
 * The answer `make` produced; null when it failed (threw, or answered 5xx) and a stored copy can
 * be served instead. With no copy, a failure while D1 cannot be read is the outage's:
 * CatalogueUnavailable, never an uncaught error or a page that blames itself.
 */
async function madeOrStale(env: Env, url: URL, make: () => Promise<Response>, hasCopy: boolean): Promise<Response | null> {
  let made: Response;
  try {
    made = await make();
  } catch (error) {
    if (!hasCopy && (await databaseReadable(env))) throw error;
    logEvent("error", hasCopy ? "served_stale" : "catalogue_unavailable", { path: url.pathname, error: errorText(error) });
    if (hasCopy) return null;
    throw new CatalogueUnavailable(errorText(error));
  }
  if (made.status < 500) return made;
  if (!hasCopy && (await databaseReadable(env))) return made;
  await made.body?.cancel();
  logEvent("error", hasCopy ? "served_stale" : "catalogue_unavailable", { path: url.pathname, status: made.status });
  if (hasCopy) return null;
  throw new CatalogueUnavailable(`answered ${made.status} with D1 unreadable`);
}

/** Whether D1 answers a read now. */
async function databaseReadable(env: Env): Promise<boolean> {
  try {
    await env.DB.prepare("SELECT 1").first();
    return true;
  } catch {
    return false;
  }
}

/**
 * The stored file a download's address names: `lookup` (D1) answers, and the answer is remembered
 * in this colo's cache for STALE_SECONDS, so a file downloaded before is still served while D1
 * cannot be read.
 */
export async function downloadTarget<T extends object>(request: Request, ctx: { waitUntil(promise: Promise<unknown>): void }, lookup: () => Promise<T | null>): Promise<T | null> {
  const url = new URL(request.url);
  const key = stateKey(url.origin, `download${canonicalPath(url.pathname).replace(/\/$/, "")}`);
  let found: T | null;
  try {
    found = await lookup();
  } catch (error) {
    const hit = await edgeCache().match(key);
    if (!hit) throw error;
    logEvent("error", "download_from_memory", { path: url.pathname, error: errorText(error) });
    return (await hit.json()) as T;
  }
  const stored = new Response(JSON.stringify(found), { headers: { "Content-Type": "application/json", "Cache-Control": `public, max-age=${STALE_SECONDS}` } });
  ctx.waitUntil(found ? edgeCache().put(key, stored) : edgeCache().delete(key).then(() => undefined));
  return found;
}

/**
 * A public page through the edge cache. The HTML is stored with a slot where this render's
 * nonce was, and every answer fills the slot with its own `nonce`, the one its CSP header names.
 * Only answers that the route marked with PUBLIC_PAGE_HEADER are stored; a copy that shows an
 * app's stock (STOCK_HEADER) is served only while that stock is unchanged. `render` gets the
 * request for the cached URL, so every query that shares a copy renders the same HTML.
 */
export async function cachedPage(request: Request, env: Env, ctx: ExecutionContext, release: string, nonce: string, render: (request: Request) => Promise<Response>, routeIds?: ReadonlySet<string>): Promise<Response> {
  const url = cachedUrl(request, routeIds);
  const key = await cacheKey(env, url, release);
  const https = url.protocol === "https:";
  const near = isolateCopy(key)?.body;
  if (near && !(near instanceof ArrayBuffer) && (await stockIsCurrent(env, url.origin, near.stock))) return servePage(near, nonce);
  const hit = await edgeCache().match(key);
  // A copy past its lifetime, or of a stock since sold, is made again; it is served only when that fails.
  let stale: PageCopy | null = null;
  if (hit) {
    const headers = clientHeaders(hit.headers);
    const copy = pageCopy(await hit.text(), headers, https);
    if (!isStale(hit.headers) && (await stockIsCurrent(env, url.origin, headers.get(STOCK_HEADER)))) {
      keepInIsolate(key, copy, headers);
      return servePage(copy, nonce);
    }
    stale = copy;
  }

  // Rendered as asked (a route that is not public, such as /login?redirect=…, reads its query), but
  // stored only when the address is already the copy's own: junk in a query never reaches a copy.
  // The home page and a page's data read nothing but their key, so they render from the key's URL:
  // every spelling of a search, and any junk beside a data request, fills the one copy.
  const fromKey = isHomePath(url.pathname) || url.pathname.endsWith(".data");
  const renderedFrom = Date.now();
  const rendered = await madeOrStale(env, url, () => render(fromKey ? new Request(url, request) : request), stale !== null);
  if (!rendered && stale) return servePage(stale, nonce);
  if (!rendered) throw new CatalogueUnavailable(url.pathname);
  const headers = new Headers(rendered.headers);
  let isPublic = headers.has(PUBLIC_PAGE_HEADER);
  if (!isPublic && url.pathname.endsWith(".data")) {
    // A page's data carries none of its route's headers: it is as public as the page's stored copy,
    // and shows that copy's stock.
    const page = await edgeCache().match(await cacheKey(env, pageUrlOf(url), release));
    isPublic = page !== undefined;
    const pageStock = page?.headers.get(STOCK_HEADER);
    if (pageStock) headers.set(STOCK_HEADER, pageStock);
    await page?.body?.cancel();
  }
  const stock = headers.get(STOCK_HEADER);
  headers.delete(PUBLIC_PAGE_HEADER);
  if (!isPublic || !storable(rendered) || (!fromKey && request.url !== url.href)) {
    headers.delete(STOCK_HEADER);
    return new Response(rendered.body, { status: rendered.status, statusText: rendered.statusText, headers });
  }
  const html = await rendered.text();
  // The nonce is 128 random bits, so `nonce="<it>"` appears only where the renderer put it.
  const slotted = html.replaceAll(`nonce="${nonce}"`, NONCE_SLOT);
  ctx.waitUntil(edgeCache().put(key, storedCopy(slotted, headers)));
  const copy = pageCopy(slotted, headers, https);
  keepInIsolate(key, copy, headers);
  // The next hit then needs no D1 read to know the stock is current.
  if (stock) ctx.waitUntil(seedStock(url.origin, stock, renderedFrom));
  return servePage(copy, nonce);
}
