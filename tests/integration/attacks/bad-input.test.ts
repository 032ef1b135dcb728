// The bad-input campaign (issue #24), kept in `npm test`: every route the routers declare (the
// mounted API of workers/api.ts and the feeds, read from Hono's own route lists, so a new
// route is covered without anyone listing it) gets malformed values in its path parameters, its
// query string and its JSON (or multipart) body, as a stranger, a buyer and an admin. Whatever it
// answers: never a 5xx; a refusal is a 4xx in the store's shape with its code, in Vietnamese, and
// the same refusal asked for in English (Accept-Language: en) is English; a refused request
// changes no balance, ledger row, key, pricing, setting or catalogue row; a malformed path names
// nothing; and a body of malformed numbers is never accepted where an empty body is refused.
import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { keyBatches, licenseKeys, paymentEvents } from "../../../workers/db/schema";
import { bytes, createApp, db, funded, listing, person, request, unique } from "../../factories";
import { looksEnglish } from "../../messages";
import { declaredRoutes as allRoutes, type Route } from "../../routes";
import { ACCESS_DENIED_MESSAGE, SECOND_FACTOR_REQUIRED_MESSAGE } from "../../../workers/shared/error-messages";
import { AUTH_MESSAGES } from "../../../workers/accounts/messages";

type Body = Record<string, any>;
type Role = "anonymous" | "buyer" | "admin";
/** A request: `route` is the path as the router declares it, `path` what is sent. */
type Sent = { role: Role; method: string; route: string; path: string; body?: string; form?: FormData; contentType?: string; kind: "path" | "query" | "body" };
type Answer = { status: number; json: Body | null };

// ---------------------------------------------------------------- the routes, from the routers

/** Every method and path the routers answer, GETs first and DELETEs last (a DELETE that succeeds takes its fixture away). */
function declaredRoutes(): Route[] {
  // Deleting the fixture app (and with it its keys and pricing) comes last of all.
  const order = (route: Route) => ["GET", "POST", "PUT", "PATCH", "DELETE"].indexOf(route.method) + (route.path.includes("/apps/delete/") ? 10 : 0);
  return allRoutes().sort((a, b) => order(a) - order(b));
}

/** The path's parameters, `:name` or `:name{pattern}`, in order. */
function paramsOf(path: string): { name: string; token: string }[] {
  return [...path.matchAll(/:(\w+)(\{(?:[^{}]|\{[^}]*\})*\})?/g)].map((match) => ({ name: match[1], token: match[0] }));
}

// ---------------------------------------------------------------- the malformed values

/** Path segments (written as sent, escapes included): numbers that are not canonical ids, escapes, unicode. */
const PATH_VALUES = [
  "0x10", "1e1", "1e308", "1.5", "-1", "0", "%2B1", "%201", "01", "true", "9007199254740993", "%zz", "%00", "%E2%80%AE", "%2F", "%C3%A9".repeat(200),
];

/** Query values (raw, already escaped where needed): the same classes, plus searches D1's LIKE cannot take. */
const QUERY_VALUES = ["0x10", "1e308", "1.5", "-1", "", "%201", "%zz", "%25".repeat(30), "a".repeat(49), "%E1%BB%85".repeat(20), "%00"];
const QUERY_NAMES = ["page", "page_size", "search", "actor", "status", "action", "from", "to", "pricing_id", "limit", "days", "app_url", "token"];

/** Values that are not whole numbers written as one; each fills every numeric field of a body. */
const NUMBER_VALUES: unknown[] = [true, [1], "0x10", "1e1", " 1", "1.5", 1.5, 1e308, "01", "9007199254740993"];
/** Numbers some field may take (an adjustment of -1, no rate, a blank form field): sent, but never held against an answer. */
const EDGE_NUMBERS: unknown[] = [-1, 0, null, ""];
const NUMBER_FIELDS = [
  "amount", "key_pricing_id", "user_id", "usd_vnd_rate", "price", "days", "size", "card_value", "bonus_percentage", "bonus_amount",
  "min_deposit_amount", "max_deposit_amount", "max_bonus_amount", "usage_limit_per_user", "total_usage_limit", "duration", "limit", "page",
  "transferAmount", "pricing_id", "key_type", "key_ids",
];

/** Text that shows nothing, hides something, breaks encodings or is far too long. */
const TEXT_VALUES = ["\u200b\u200b", "\u0000", "\u202e", "\ud800", "x".repeat(3000)];
const TEXT_FIELDS = [
  "name", "first_name", "last_name", "username", "email", "password", "password_confirm", "login", "note", "description", "key_code", "device_id",
  "bundle_id", "nonce", "code", "telco", "card_serial", "card_code", "transaction_id", "status", "app_url", "keys_text", "batch_name", "filename",
  "kind", "token", "refresh", "mfa_token", "new_password", "confirm_password", "current_password", "transaction_type", "payment_method",
  "promotion_type", "currency", "redirect_uri", "code_verifier", "from", "to",
];

/** Raw bodies that are not the object a route expects. */
const RAW_BODIES = ["null", "[]", "{", "[".repeat(3000)];

// ---------------------------------------------------------------- state that a refusal must leave alone

/** Balances, the ledger, keys, pricings, settings, orders, parked payments, promotions and apps, in one read. */
async function stateFingerprint(): Promise<string> {
  const row = await env.DB.prepare(
    `SELECT
      (SELECT count(*) || ':' || total(balance) || ':' || total(total_spent) || ':' || total(id * balance) FROM users) AS users,
      (SELECT count(*) || ':' || total(amount) FROM wallet_transactions) AS ledger,
      (SELECT count(*) || ':' || total(id * length(status)) || ':' || total(length(device_id)) || ':' || total(expires_at) || ':' || total(banned_at) FROM license_keys) AS keys,
      (SELECT count(*) || ':' || total(price) || ':' || total(is_active) || ':' || group_concat(currency) FROM key_pricing) AS pricing,
      (SELECT coalesce(group_concat(key || '=' || value, ';'), '') FROM store_settings) AS settings,
      (SELECT count(*) FROM orders) AS orders,
      (SELECT count(*) || ':' || coalesce(group_concat(status), '') FROM payment_events) AS events,
      (SELECT count(*) || ':' || total(length(name)) || ':' || total(unicode(name)) FROM promotions) AS promotions,
      (SELECT count(*) || ':' || total(length(name)) || ':' || total(unicode(name)) || ':' || total(updated_at) FROM apps) AS apps,
      (SELECT count(*) FROM vietqr_topups) || ':' || (SELECT count(*) FROM card_topups) AS topups`,
  ).first<Record<string, string>>();
  return JSON.stringify(row);
}

// ---------------------------------------------------------------- the campaign

let addressCounter = 0;
/** Each request from an address of its own, so per-address limits never stand between a value and the code it tests. */
function address(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

async function send(sent: Sent, tokens: Record<Role, string | undefined>, english = false): Promise<Answer> {
  const headers: Record<string, string> = { "CF-Connecting-IP": address() };
  if (english) headers["Accept-Language"] = "en-US,en;q=0.9";
  const token = tokens[sent.role];
  if (token) headers.Authorization = `Bearer ${token}`;
  if (sent.contentType) headers["Content-Type"] = sent.contentType;
  const response = await request(sent.path, { method: sent.method, headers, body: sent.form ?? sent.body });
  // Files, feeds and images are read as bytes; only a JSON answer is parsed.
  if (!response.headers.get("Content-Type")?.includes("json")) {
    await response.arrayBuffer();
    return { status: response.status, json: null };
  }
  const text = await response.text();
  try {
    return { status: response.status, json: JSON.parse(text) };
  } catch {
    return { status: response.status, json: null };
  }
}

/** What went wrong, one example of each kind on each route, and how often in all. */
class Findings {
  readonly examples = new Map<string, string>();
  count = 0;
  requests = 0;

  add(what: string, sent: Sent, detail = ""): void {
    this.count += 1;
    const key = `${what} ${sent.role} ${sent.method} ${sent.route}`;
    if (!this.examples.has(key)) this.examples.set(key, `${what} ← ${describeSent(sent)}${detail}`);
  }

  expectNone(): void {
    const list = [...this.examples.values()];
    expect(list, `${this.count} findings (${list.length} kinds) in ${this.requests} requests`).toEqual([]);
  }
}

/** At most `length` characters of `text`, as well-formed text (a cut never splits a surrogate pair; the test runner's channel refuses a lone one). */
function clip(text: string | undefined, length: number): string {
  return JSON.stringify([...(text ?? "")].slice(0, length).join("")).slice(1, -1);
}

function describeSent(sent: Sent): string {
  const body = sent.form ? `form ${clip(JSON.stringify([...sent.form.entries()].map(([k, v]) => [k, clip(String(v), 20)])), 200)}` : clip(sent.body, 120);
  return `${sent.role} ${sent.method} ${clip(sent.path, 160)} ${body}`;
}

/** What the answer itself says wrong: a 5xx, a refusal outside the store's shape, in English or without its code, a malformed path that named something. */
function checkAnswer(sent: Sent, answer: Answer, findings: Findings): void {
  const json = clip(JSON.stringify(answer.json), 160);
  if (answer.status >= 500) findings.add(`${answer.status}`, sent, `: ${json}`);
  else if (answer.status >= 400) {
    if (answer.json?.success !== false || typeof answer.json.message !== "string") findings.add(`${answer.status} outside the store's shape`, sent, `: ${json}`);
    else if (looksEnglish(answer.json.message)) findings.add(`English "${clip(answer.json.message, 80)}"`, sent);
    else if (typeof answer.json.code !== "string" || !CODE.test(answer.json.code)) findings.add(`${answer.status} without a code`, sent, `: ${json}`);
  } else if (sent.kind === "path") {
    findings.add(`${answer.status}: a malformed path named something`, sent);
  }
}

const CODE = /^[a-z][a-z0-9_]*$/;
const VIETNAMESE = /[àáạảãâầấậẩẫăằắặẳẵèéẹẻẽêềếệểễìíịỉĩòóọỏõôồốộổỗơờớợởỡùúụủũưừứựửữỳýỵỷỹđ]/i;

/** Each refusal the campaign provoked (its status, message and field messages), asked once more in English. */
const askedInEnglish = new Set<string>();
let englishAsked = 0;

/** The messages of a refusal: its message, then each field's. */
function messagesOf(json: Body): string[] {
  const fields = Object.values((json.errors ?? {}) as Record<string, unknown>).flatMap((value) => (Array.isArray(value) ? value : [value]));
  return [json.message, ...fields].map(String);
}

/**
 * The same request asking for English: Accept-Language: en, and for the key check (which reads only
 * its body's lang, decision 0041) lang "en" in a body that is an object; null for a key check whose
 * body cannot carry one.
 */
function inEnglish(sent: Sent): Sent | null {
  if (!/^\/api\/keys\/check\/?$/.test(sent.route)) return sent;
  try {
    const body: unknown = JSON.parse(sent.body ?? "");
    return body && typeof body === "object" && !Array.isArray(body) ? { ...sent, body: JSON.stringify({ ...body, lang: "en" }) } : null;
  } catch {
    return null;
  }
}

/**
 * Sends each refusal not seen before again in English. Its answer must be the same refusal (status
 * and code) with every message in English: no Vietnamese letter left. One the state moved under
 * (a key another request of the batch activated) and that now succeeds is not compared.
 */
async function askInEnglish(batch: Sent[], answers: Answer[], tokens: Record<Role, string | undefined>, findings: Findings): Promise<void> {
  const again = batch
    .map((sent, index) => ({ sent: inEnglish(sent), vietnamese: answers[index] }))
    .filter((pair): pair is { sent: Sent; vietnamese: Answer } => {
      const { sent, vietnamese } = pair;
      if (sent === null || vietnamese.status < 400 || vietnamese.status >= 500 || vietnamese.json?.success !== false) return false;
      const said = `${vietnamese.status} ${JSON.stringify(messagesOf(vietnamese.json))}`;
      if (askedInEnglish.has(said)) return false;
      askedInEnglish.add(said);
      return true;
    });
  const english = await Promise.all(again.map(({ sent }) => send(sent, tokens, true)));
  englishAsked += again.length;
  again.forEach(({ sent, vietnamese }, index) => {
    const answer = english[index];
    const json = clip(JSON.stringify(answer.json), 200);
    if (answer.status < 300) return;
    if (answer.status !== vietnamese.status || answer.json?.success !== false) {
      findings.add(`${answer.status} in English where Vietnamese had ${vietnamese.status}`, sent, `: ${json}`);
    } else if (answer.json.code !== vietnamese.json?.code) {
      findings.add(`code ${answer.json.code} in English, ${vietnamese.json?.code} in Vietnamese`, sent);
    } else if (messagesOf(answer.json).some((message) => VIETNAMESE.test(message))) {
      findings.add(`still Vietnamese in English "${clip(messagesOf(answer.json).find((message) => VIETNAMESE.test(message)), 100)}"`, sent);
    }
  });
}

/** Sends `requests` in batches, in order; their answers. */
async function runAll(requests: Sent[], tokens: Record<Role, string | undefined>, findings: Findings): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let start = 0; start < requests.length; start += BATCH) answers.push(...(await runBatch(requests.slice(start, start + BATCH), tokens, findings)));
  return answers;
}

/**
 * Sends a batch at once, then checks the answers and the state: when the state moved and no request
 * of the batch succeeded, the batch is at fault; when one succeeded, the refused ones are sent again
 * one by one to find any refusal that changed something.
 */
async function runBatch(batch: Sent[], tokens: Record<Role, string | undefined>, findings: Findings): Promise<Answer[]> {
  const before = await stateFingerprint();
  const answers = await Promise.all(batch.map((sent) => send(sent, tokens)));
  findings.requests += batch.length;
  batch.forEach((sent, index) => {
    checkAnswer(sent, answers[index], findings);
  });
  const after = await stateFingerprint();
  if (after !== before) {
    const refused = batch.filter((_, index) => answers[index].status >= 400);
    if (refused.length === batch.length) {
      for (const sent of refused) findings.add("a refused request changed the state", sent);
    } else {
      for (const sent of refused) {
        const start = await stateFingerprint();
        const again = await send(sent, tokens);
        if (again.status >= 400 && (await stateFingerprint()) !== start) findings.add("a refused request changed the state", sent);
      }
    }
  }
  await askInEnglish(batch, answers, tokens, findings);
  return answers;
}

// ---------------------------------------------------------------- fixtures: one of everything a path may name

type Fixtures = Awaited<ReturnType<typeof makeFixtures>>;

async function makeFixtures() {
  const admin = await person("superuser");
  const buyer = await funded(1_000_000);
  const { app, pricing } = await listing({ stock: 20, app: await createApp({ file: bytes(64), bundleIdentifier: `vn.test.${unique("b").replace(/-/g, "")}` }) });
  const bought = await request("/api/keys/purchase/", {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${buyer.token}` },
    body: JSON.stringify({ key_pricing_id: pricing.id, payment_method: "balance" }),
  });
  const order = ((await bought.json()) as Body).order;
  const [key] = await db.select().from(licenseKeys).where(sql`${licenseKeys.appId} = ${app.id} AND ${licenseKeys.status} = 'available'`).limit(1);
  const [batch] = await db.insert(keyBatches).values({ appId: app.id, keyTypeId: pricing.keyTypeId, batchName: unique("lo") }).returning();
  const promotion = await request("/api/promotions/", {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${admin.token}` },
    body: JSON.stringify({ name: "Khuyến mãi", bonus_percentage: 10 }),
  });
  const transferId = unique("sepay");
  await request("/api/webhooks/sepay/", {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Apikey ${env.SEPAY_API_KEY}` },
    body: JSON.stringify({ id: transferId, transferType: "in", transferAmount: 70_000, content: "khong ma", accountNumber: env.VIETQR_ACCOUNT_NUMBER, referenceCode: unique("FT") }),
  });
  const [event] = await db.select().from(paymentEvents).where(sql`${paymentEvents.providerTransactionId} = ${transferId}`);
  return { admin, buyer, app, pricing, order, key, batch, promotion: ((await promotion.json()) as Body).data, event };
}

/** A value that names a real row for the parameter `name` of `path` (another parameter is the one attacked). */
function validParam(path: string, name: string, f: Fixtures): string {
  if (name === "app" || name === "url") return f.app.url;
  if (name === "provider") return "sepay";
  if (name === "file") return `${crypto.randomUUID()}.png`;
  if (name === "key") return "icons/none.png";
  if (name === "n" || name === "releaseId") return "1";
  if (name === "appId") return String(f.app.id);
  if (name === "digest" || name === "name") return "none";
  // :id, by the resource the path is about.
  if (path.includes("/keys/keys/")) return String(f.key.id);
  if (path.includes("/batches/")) return String(f.batch.id);
  if (path.includes("/pricing/")) return String(f.pricing.id);
  if (path.includes("/admin/users/")) return String(f.buyer.id);
  if (path.includes("/bank-transfers/")) return String(f.event.id);
  if (path.includes("/promotions/")) return String(f.promotion.id);
  if (path.includes("/purchase/")) return String(f.order.id);
  if (path.includes("/uploads/") || path.includes("/vietqr/") || path.includes("/cards/")) return "none";
  return String(f.app.id);
}

function fill(path: string, f: Fixtures, attacked?: { name: string; value: string }): string {
  let filled = path;
  for (const param of paramsOf(path)) {
    const isAttacked = attacked?.name === param.name || attacked?.name === "*";
    filled = filled.replace(param.token, isAttacked && attacked ? attacked.value : validParam(path, param.name, f));
  }
  // The API takes its paths with the product's trailing slash; the feeds are files.
  return filled.startsWith("/api/") && !filled.endsWith("/") && !filled.includes(".") ? `${filled}/` : filled;
}

function jsonBody(value: unknown): Pick<Sent, "body" | "contentType"> {
  return { body: JSON.stringify(value), contentType: "application/json" };
}

function formBody(fields: Record<string, unknown>): Pick<Sent, "form"> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, typeof value === "string" ? value : JSON.stringify(value));
  return { form };
}

const BATCH = 40;
/** Each part sends thousands of requests. */
const LONG = 600_000;

/** The answers of the sign-in and role gates: a request they stop never reaches its route's parsing. */
const GATE_MESSAGES = new Set([AUTH_MESSAGES.unauthenticated.in("vi"), ACCESS_DENIED_MESSAGE, SECOND_FACTOR_REQUIRED_MESSAGE]);

describe("bad input changes nothing", () => {
  let f: Fixtures;
  let tokens: Record<Role, string | undefined>;
  /** For each role, the routes its requests get past the gates of (the others are sent one probe each). */
  const reach = new Map<Role, Route[]>();
  const probeFindings = new Findings();
  const routes = declaredRoutes();
  const roles: Role[] = ["anonymous", "buyer", "admin"];

  beforeAll(async () => {
    f = await makeFixtures();
    tokens = { anonymous: undefined, buyer: f.buyer.token, admin: f.admin.token };
    for (const role of roles) {
      // The probe names nothing (every parameter malformed), so whatever the route does, it does to nothing.
      const probes = routes.map(
        (route): Sent => ({
          role,
          method: route.method,
          route: route.path,
          kind: paramsOf(route.path).length ? "path" : route.method === "GET" ? "query" : "body",
          path: fill(route.path, f, { name: "*", value: "0x10" }),
          ...(route.method === "GET" ? {} : jsonBody({})),
        }),
      );
      const answers = await runAll(probes, tokens, probeFindings);
      reach.set(role, routes.filter((_, index) => !GATE_MESSAGES.has(answers[index].json?.message)));
    }
  }, LONG);

  it("finds every route in the routers, the feeds included", () => {
    expect(routes.length).toBeGreaterThan(100);
    for (const path of ["/api/admin/users/:id/adjust-balance", "/api/keys/keys/:id", "/api/webhooks/cards", "/api/apps/:id/releases/:releaseId/download", "/altstore.json", "/repo/pool/:appId/:digest/:name"]) {
      expect(routes.map((route) => route.path)).toContain(path);
    }
    // Every route is reached by someone; the admin reaches them all.
    expect(reach.get("admin")).toHaveLength(routes.length);
    expect(reach.get("anonymous")?.length).toBeGreaterThan(15);
    probeFindings.expectNone();
  });

  it("answers malformed path parameters with a Vietnamese 4xx that names nothing", async () => {
    const findings = new Findings();
    const batch: Sent[] = [];
    for (const role of roles) {
      for (const route of reach.get(role) ?? []) {
        for (const param of paramsOf(route.path)) {
          for (const value of PATH_VALUES) batch.push({ role, method: route.method, route: route.path, path: fill(route.path, f, { name: param.name, value }), kind: "path", ...(route.method === "GET" ? {} : jsonBody({})) });
        }
      }
    }
    await runAll(batch, tokens, findings);
    findings.expectNone();
  }, LONG);

  it("answers malformed query strings with a Vietnamese 4xx or a normal answer, and no refusal changes anything", async () => {
    const findings = new Findings();
    const run = (batch: Sent[]) => runAll(batch, tokens, findings);
    const same = (a: Answer, b: Answer) => a.status === b.status && JSON.stringify(a.json) === JSON.stringify(b.json);
    const gets = roles.flatMap((role) => (reach.get(role) ?? []).filter((route) => route.method === "GET").map((route) => ({ role, route, path: fill(route.path, f) })));
    const query = ({ role, route, path }: (typeof gets)[number], text: string): Sent => ({ role, method: "GET", route: route.path, path: `${path}?${text}`, kind: "query" });
    // Every name at once with a few values, and each name alone with one: the names a route reads
    // answer differently from none, and are then sent alone with every value, so that no other
    // name is refused first.
    await run(gets.flatMap((get) => ["0x10", "1e308", "", "%zz", "%00", "x".repeat(2000)].map((value) => query(get, QUERY_NAMES.map((name) => `${name}=${value}`).join("&")))));
    const probes = await run(gets.flatMap((get) => [query(get, ""), ...QUERY_NAMES.map((name) => query(get, `${name}=0x10`))]));
    const width = QUERY_NAMES.length + 1;
    await run(
      gets.flatMap((get, index) => {
        const [baseline, ...answers] = probes.slice(index * width, (index + 1) * width);
        const read = QUERY_NAMES.filter((_, at) => !same(answers[at], baseline));
        return read.flatMap((name) => [...QUERY_VALUES.map((value) => query(get, `${name}=${value}`)), query(get, `${name}=1&${name}=2`)]);
      }),
    );
    findings.expectNone();
  }, LONG);

  it("answers malformed bodies with a Vietnamese 4xx or a normal answer, never takes a malformed number, and no refusal changes anything", async () => {
    const findings = new Findings();
    // Changes first, then deletions, then the deletion of the fixture app (its keys and pricing go with it).
    const stages = [
      (route: Route) => route.method !== "DELETE",
      (route: Route) => route.method === "DELETE" && !route.path.includes("/apps/delete/"),
      (route: Route) => route.path.includes("/apps/delete/"),
    ];
    for (const stage of stages) {
      const writes = roles.flatMap((role) => (reach.get(role) ?? []).filter((route) => route.method !== "GET" && stage(route)).map((route) => ({ role, route, path: fill(route.path, f) })));
      const sentAs = ({ role, route, path }: (typeof writes)[number], fields: Pick<Sent, "body" | "contentType" | "form">): Sent => ({ role, method: route.method, route: route.path, path, kind: "body", ...fields });
      // An empty object first: a route that reads multipart forms says so (and is sent forms from
      // then on), and what a route answers to nothing is what a malformed number must not beat.
      const empties = await runAll(writes.map((write) => sentAs(write, jsonBody({}))), tokens, findings);
      const multipart = writes.map((_, index) => JSON.stringify(empties[index].json?.errors ?? {}).includes("multipart/form-data"));
      const emptyForms = await runAll(writes.filter((_, index) => multipart[index]).map((write) => sentAs(write, formBody({}))), tokens, findings);
      const baseline = writes.map((_, index) => (multipart[index] ? emptyForms[multipart.slice(0, index).filter(Boolean).length] : empties[index]));

      const numbers: { sent: Sent; refusedEmpty: number | null }[] = [];
      const others: Sent[] = [];
      writes.forEach((write, index) => {
        const encode = (fields: Record<string, unknown>) => (multipart[index] ? formBody(fields) : jsonBody(fields));
        const everyNumber = (value: unknown) => encode(Object.fromEntries(NUMBER_FIELDS.map((name) => [name, name === "key_ids" ? [value] : value])));
        const refusedEmpty = baseline[index].status >= 400 ? baseline[index].status : null;
        for (const value of NUMBER_VALUES) numbers.push({ sent: sentAs(write, everyNumber(value)), refusedEmpty });
        for (const raw of RAW_BODIES) others.push(sentAs(write, { body: raw, contentType: "application/json" }));
        for (const value of EDGE_NUMBERS) others.push(sentAs(write, everyNumber(value)));
        for (const text of TEXT_VALUES) others.push(sentAs(write, encode(Object.fromEntries(TEXT_FIELDS.map((name) => [name, text])))));
      });
      const answers = await runAll(
        numbers.map((number) => number.sent),
        tokens,
        findings,
      );
      numbers.forEach(({ sent, refusedEmpty }, index) => {
        if (refusedEmpty !== null && answers[index].status < 300) findings.add(`a malformed number was taken where nothing is refused (${refusedEmpty})`, sent);
      });
      await runAll(others, tokens, findings);
    }
    findings.expectNone();
  }, LONG);

  it("asked each kind of refusal it provoked again in English, and each came back English with its code", () => {
    // The parts above hold every English answer (their findings); this holds that they were many.
    expect(englishAsked).toBeGreaterThan(100);
  });
});
