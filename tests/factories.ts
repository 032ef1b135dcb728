// Small factories: each test makes the data it needs (storage is shared between tests): users
// and their sessions, apps, keys for sale, and money in a wallet.
import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "../workers/db/client";
import { appMedia, apps, cardTopups, keyPricing, keyTypes, licenseKeys, users } from "../workers/db/schema";
import { catalogueChanged } from "../workers/catalogue/catalogue-cache";
import { hex } from "../workers/lib/bytes";
import type { AuditRecord } from "../workers/db/statements/audit";
import { cardSign } from "../workers/money/cards";
import { startSession } from "../workers/accounts/sessions";
import { applyEntries, type LedgerEntry } from "../workers/money/wallet/money";
import { normalKeyCode } from "../workers/licensing/key-check";
import { CARD_TEST } from "./test-servers";
import { LEDGER_MESSAGES } from "@workers/money/messages";

type Body = Record<string, any>;

export const db = getDb(env.DB);

/**
 * What a drizzle write the database refuses rejects with: drizzle's "Failed query" (which names only
 * the query) around D1's own error, whose message must match `reason`: the constraint or trigger
 * that refused it, not, say, "no such column" from a misspelt column.
 */
export function refusedBy(reason: RegExp) {
  return expect.objectContaining({
    message: expect.stringMatching(/^Failed query: /),
    cause: expect.objectContaining({ message: expect.stringMatching(reason) }),
  });
}

let counter = 0;
export function unique(prefix = "t"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 6)}`;
}

/** The Worker's bindings with a database whose every use fails the request: what a cache hit must never need. */
export const noDatabase: Env = {
  ...env,
  DB: new Proxy({} as D1Database, {
    get() {
      throw new Error("the database was used");
    },
  }),
};

/**
 * An access token of a real, live session of the user (requireUser checks the session, not just the
 * signature). The session passed the second factor, as an admin's must; `secondFactor: false`
 * gives one that did not (what a password alone would have given).
 */
export async function sessionToken(userId: number, { secondFactor = true } = {}): Promise<string> {
  const now = Date.now();
  return (await startSession(db, env.JWT_SECRET, userId, {}, now, now, secondFactor ? now : null)).access;
}

export function request(path: string, init?: RequestInit): Promise<Response> {
  return exports.default.fetch(new Request(new URL(path, "http://store.test"), init));
}

type ApiCall = { token?: string; body?: unknown; method?: string; headers?: Record<string, string> };

/** A JSON call: a GET, or a POST when there is a body (unless `method` says); with the user's token when given. */
export async function apiWithHeaders(path: string, { token, body, method, headers: extra = {} }: ApiCall = {}) {
  const headers: Record<string, string> = { ...extra };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await request(path, { method: method ?? (body === undefined ? "GET" : "POST"), headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Body };
}

/** The same call answering its status and body only, so a test can compare the answer whole. */
export async function api(path: string, call: ApiCall = {}) {
  const { status, body } = await apiWithHeaders(path, call);
  return { status, body };
}

type NewApp = typeof apps.$inferInsert;

/** An app row, with a real file in R2 when `file` is given. */
export async function createApp(overrides: Partial<NewApp> & { file?: Uint8Array; media?: { mediaType: "image" | "video"; body: Uint8Array }[] } = {}) {
  const { file, media = [], ...values } = overrides;
  const slug = values.url ?? unique("app");
  let fileKey: string | null = values.fileKey ?? null;
  if (file) {
    fileKey = `files/${slug}.ipa`;
    await env.FILES.put(fileKey, file, { httpMetadata: { contentType: "application/octet-stream" } });
  }
  const [row] = await db
    .insert(apps)
    .values({ name: `App ${slug}`, url: slug, description: "Mô tả", version: "1.0.0", ...values, fileKey, fileSize: file?.byteLength ?? values.fileSize })
    .returning();
  for (const [position, item] of media.entries()) {
    const objectKey = `media/${slug}-${position}.${item.mediaType === "video" ? "webm" : "png"}`;
    await env.FILES.put(objectKey, item.body, { httpMetadata: { contentType: item.mediaType === "video" ? "video/webm" : "image/png" } });
    await db.insert(appMedia).values({ appId: row.id, mediaType: item.mediaType, objectKey, position, duration: item.mediaType === "video" ? 5 : null });
  }
  // What the admin API does after every catalogue change: the edge copies are superseded.
  await catalogueChanged(env, new Request("http://store.test/"));
  return row;
}

export function bytes(length: number): Uint8Array {
  return Uint8Array.from({ length }, (_, index) => (index * 31 + 7) % 256);
}

// ---------------------------------------------------------------- users and money

type Role = "user" | "staff" | "superuser";

/** A user (a staff member or a superuser when asked) with the access token of a live session. */
export async function person(role: Role = "user") {
  const name = unique("u").replace(/-/g, "_").slice(0, 28);
  const [user] = await db
    .insert(users)
    .values({ username: name, email: `${name}@example.com`, isStaff: role === "staff", isSuperuser: role === "superuser" })
    .returning();
  return { ...user, token: await sessionToken(user.id) };
}

/** The audit record an admin's balance adjustment carries into the wallet. */
export function adjustmentRecord(admin: { id: number; email: string }): AuditRecord {
  return { actor: { userId: admin.id, email: admin.email, ipAddress: null, userAgent: null }, action: "balance.adjust", targetType: "user" };
}

/** A bank top-up of `amount` VND, as the wallet records it. */
export function deposit(amount: number, reference = unique("dep")): LedgerEntry {
  return { type: "deposit", source: "vietqr", amount, reference, line: LEDGER_MESSAGES.vietqr(reference) };
}

/** A user whose wallet holds `amount` VND, credited as one deposit. */
export async function funded(amount: number) {
  const user = await person();
  if (amount > 0) expect((await applyEntries(env.DB, user.id, [deposit(amount)])).ok).toBe(true);
  return user;
}

/** The user's balance as D1 has it. */
export async function balanceOf(userId: number): Promise<number> {
  return (await moneyOf(userId)).balance;
}

/** The user's balance and what they have spent, as D1 has them. */
export async function moneyOf(userId: number) {
  const [row] = await db.select({ balance: users.balance, spent: users.totalSpent }).from(users).where(eq(users.id, userId));
  return row;
}

// ---------------------------------------------------------------- keys for sale

/** The id of a key type the migrations create ("1day", "7days", "30days", "lifetime"). */
export async function typeId(name: string): Promise<number> {
  const [type] = await db.select().from(keyTypes).where(eq(keyTypes.name, name));
  return type.id;
}

type Listing = {
  price?: number;
  currency?: "VND" | "USD";
  stock?: number;
  /** The key type sold, by name. */
  type?: string;
  /** false: the pricing is paused. */
  active?: boolean;
  /** false: a new key type of 7 days that the admin has paused, instead of `type`. */
  typeActive?: boolean;
  /** The app that sells; a new one by default. */
  app?: Awaited<ReturnType<typeof createApp>>;
};

/** An app selling keys: one pricing and `stock` available keys of one key type. */
export async function listing({ price = 50_000, currency = "VND", stock = 5, type = "7days", active = true, typeActive = true, app }: Listing = {}) {
  const seller = app ?? (await createApp({ bundleIdentifier: `vn.test.${unique("b").replace(/-/g, "")}` }));
  const keyTypeId = typeActive ? await typeId(type) : await pausedKeyType();
  const [pricing] = await db.insert(keyPricing).values({ appId: seller.id, keyTypeId, price, currency, isActive: active }).returning();
  const codes = Array.from({ length: stock }, (_, index) => `KEY-${seller.id}-${index}-${unique("k")}`).map((keyCode) => ({ appId: seller.id, keyTypeId, keyCode, keyCodeNormal: normalKeyCode(keyCode) }));
  // drizzle binds every column of license_keys (defaults too): 8 rows a statement keep within D1's 100 bound parameters.
  for (let start = 0; start < codes.length; start += 8) await db.insert(licenseKeys).values(codes.slice(start, start + 8));
  return { app: seller, pricing };
}

/** The bundle id of the app selling `keyCode` (what its mod sends with a key check); another for a code no app has. */
export async function bundleOfKey(keyCode: string): Promise<string> {
  const [row] = await db.select({ bundleId: apps.bundleIdentifier }).from(licenseKeys).innerJoin(apps, eq(apps.id, licenseKeys.appId)).where(eq(licenseKeys.keyCode, keyCode));
  return row?.bundleId ?? "vn.test.no-such-app";
}

async function pausedKeyType(): Promise<number> {
  const name = unique("kt").slice(0, 40);
  const [type] = await db.insert(keyTypes).values({ name, displayName: `Loại ${name}`, durationDays: 7, isActive: false }).returning();
  return type.id;
}

// ---------------------------------------------------------------- top-ups

/** A VietQR top-up the user has asked for, waiting for the bank. */
export async function topupFor(user: { token: string }, amount = 60000) {
  const created = await api("/api/vietqr/create/", { token: user.token, body: { amount } });
  expect(created.status).toBe(201);
  return created.body.data as Body;
}

/** A bank's signature: hex HMAC of `message`. */
export async function hmac(hash: "SHA-256" | "SHA-512", secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash }, false, ["sign"]);
  return hex(new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message))));
}

/** `value` with the keys of every object in order, as Casso signs it. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value && typeof value === "object") return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortedKeys((value as Body)[key])]));
  return value;
}

let cardCounter = 0;
/** A fresh 14-digit card code or serial; the simulated gateway reads meaning into some endings (0000, 9999, 8888…), so a plain one ends in 1. */
export function cardDigits(suffix = ""): string {
  cardCounter += 1;
  const base = `${Date.now()}${cardCounter}${Math.floor(Math.random() * 1000)}`.slice(-14).padStart(14, "1");
  return suffix ? base.slice(0, base.length - suffix.length) + suffix : `${base.slice(1)}1`;
}

/** A card top-up submitted by the user (none without a token), each from an address of its own. */
export async function submitCard(token: string | undefined, body: Body) {
  const response = await request("/api/cards/create/", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": unique("ip"), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

/** Casso's X-Casso-Signature for `body` at time `t`: HMAC-SHA512 over the time and the key-sorted JSON. */
export async function cassoSignature(body: unknown, t: string): Promise<string> {
  return `t=${t},v1=${await hmac("SHA-512", "test-casso-secret", `${t}.${JSON.stringify(sortedKeys(body))}`)}`;
}

/** payOS's signature of `data`: HMAC-SHA256 over its fields sorted by name as key=value&… (null as empty). */
export function payosSignature(data: Body): Promise<string> {
  const canonical = Object.keys(data)
    .sort()
    .map((key) => `${key}=${data[key] ?? ""}`)
    .join("&");
  return hmac("SHA-256", "test-payos-checksum-key", canonical);
}

export async function cardRow(transactionId: string) {
  return (await db.select().from(cardTopups).where(eq(cardTopups.transactionId, transactionId)))[0];
}

/** What the card gateway posts back: signed over code and serial only (docs/formats.md#card-gateway). */
export async function cardCallback(card: { requestId: string; cardCode: string; cardSerial: string; telco: string; cardValue: number }, overrides: Body = {}) {
  const body = {
    status: 1,
    message: "Thành công",
    request_id: card.requestId,
    declared_value: card.cardValue,
    value: card.cardValue,
    amount: card.cardValue,
    code: card.cardCode,
    serial: card.cardSerial,
    telco: card.telco,
    trans_id: "1",
    callback_sign: cardSign(CARD_TEST.partnerKey, card.cardCode, card.cardSerial),
    ...overrides,
  };
  const response = await request("/api/webhooks/cards/", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Body };
}

/** A staff member's Authorization header value (admin screens and uploads). */
export async function staffAuthorization() {
  return `Bearer ${(await person("staff")).token}`;
}

export function uploadFile(bytes: Uint8Array, name: string, type = "application/octet-stream"): File {
  return new File([bytes as BlobPart], name, { type });
}

/** Multipart form data; an array value appends the field once per item. */
export function multipartForm(fields: Record<string, string | File | (string | File)[]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const item of Array.isArray(value) ? value : [value]) data.append(key, item);
  return data;
}
