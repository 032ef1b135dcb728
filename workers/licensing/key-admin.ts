// Admin key management (docs/product.md §7 "Keys", §4, §5): pricing, stock imports, status changes,
// deletes and cleanups. A sold key can be deleted; its buyer keeps the code (orders copy it).
// A sold key's controls (issue #16 item 5): device reset, extension, ban and unban.
import { recordKeyEvent } from "../db/statements/store-events";
import { and, desc, eq } from "drizzle-orm";
import { formatPrice, vietnamTimestamp } from "../shared/format";
import { getDb } from "../db/client";
import { apps, keyBatches, keyPricing, keyTypes } from "../db/schema";
import { wholeNumber } from "../shared/fields";
import type { CreatePricingInput, ImportKeysInput, UpdatePricingInput } from "./schemas/keys";
import { isUniqueViolation } from "../db/errors";
import { type AdminActor, type AuditRecord, auditStatement, changedFields } from "../db/statements/audit";
import { resolveAdminAppId } from "../catalogue/catalogue";
import { ConflictError, fieldError, NotFoundError, ValidationError } from "../platform/errors";
import { deviceHint } from "./key-devices";
import { normalKeyCode } from "./key-check";
import { codePoint, foreignCharacters, type KeyAlphabet, keyAlphabet, lookAlikeForm, shownCode } from "./key-alphabet";
import { weakKeys } from "../shared/weak-keys";
import { listAppPricing } from "./keys";
import { type PricingTerms, pricingTerms } from "../owner/store-settings";
import { SETTINGS_MESSAGES } from "../owner/messages";
import type { Message } from "../shared/message";
import { KEY_ADMIN_MESSAGES, MAX_IMPORT_LINES, MAX_KEY_LENGTH } from "./messages";
import { KEY_STATUSES, type KeyStatus } from "../shared/enums";

/** A line the alphabet refuses: its number in the text (from 1, blank lines counted) and what is foreign in it. */
type ForeignLine = { line: number; code: string; characters: string[] };

export type ParsedKeys = {
  codes: string[];
  totalLines: number;
  duplicatesInText: number;
  invalid: number;
  caseTwins: [string, string][];
  foreign: ForeignLine[];
  /** Each code's first line in the text, for messages that name lines. */
  lineOf: Map<string, number>;
};

/**
 * One key per line; blank lines ignored; repeats inside the text counted once. Codes equal in
 * normal form but written differently (abc-1, ABC-1) are case twins: a key check cannot tell
 * them apart (docs/licensing.md §2), so the import refuses them.
 */
function parseKeysText(text: string, alphabet: KeyAlphabet): ParsedKeys {
  const seen = new Map<string, string>();
  const caseTwins: [string, string][] = [];
  const foreign: ForeignLine[] = [];
  const lineOf = new Map<string, number>();
  let totalLines = 0;
  let duplicatesInText = 0;
  let invalid = 0;
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    const code = line.trim();
    if (!code) continue;
    totalLines += 1;
    // Printable characters only: a key is shown, copied and typed into a mod.
    if (code.length > MAX_KEY_LENGTH || /[\u0000-\u001f\u007f]/.test(code)) {
      invalid += 1;
      continue;
    }
    // The shop's alphabet, on the normal form; a code of hidden characters only is no code either.
    const characters = foreignCharacters(code, alphabet);
    if (characters.length > 0 || normalKeyCode(code) === "") {
      foreign.push({ line: index + 1, code, characters });
      continue;
    }
    if (!lineOf.has(code)) lineOf.set(code, index + 1);
    const normal = normalKeyCode(code);
    const first = seen.get(normal);
    if (first === undefined) seen.set(normal, code);
    else if (first === code) duplicatesInText += 1;
    else caseTwins.push([first, code]);
  }
  return { codes: [...seen.values()], totalLines, duplicatesInText, invalid, caseTwins, foreign, lineOf };
}

/** At most this many refused lines are named one by one; the rest are counted. */
const LINES_NAMED = 100;

/** A refused line: what keys_text's errors say of it, and its reason alone (a refusal's example). */
type RefusedLine = { line: number; text: Message; reason: Message };

/** A refusal naming its lines (lineNumbers) and the first line's reason in the message, one entry per line in the errors of keys_text. */
function linesRefused(message: (count: number, lines: Message, example: Message) => Message, lines: RefusedLine[]): ValidationError {
  const named = KEY_ADMIN_MESSAGES.lineNumbers(
    lines.slice(0, 10).map((entry) => entry.line),
    lines.length > 10,
  );
  const errors: Message[] = lines.slice(0, LINES_NAMED).map((entry) => entry.text);
  if (lines.length > LINES_NAMED) errors.push(KEY_ADMIN_MESSAGES.moreLines(lines.length - LINES_NAMED));
  return new ValidationError(message(lines.length, named, lines[0].reason), { keys_text: errors });
}

/**
 * Statements inserting the codes with their normal form, 100 bound values per statement (D1's
 * limit). `skipExisting`: codes the app has already (in any case: a racing import's twin too) are
 * skipped; otherwise one of them fails the whole batch.
 */
function insertKeyStatements(db: D1Database, appId: number, keyTypeId: number, batchId: number, codes: string[], now: number, skipExisting: boolean): D1PreparedStatement[] {
  for (const value of [appId, keyTypeId, batchId, now]) if (!Number.isSafeInteger(value)) throw new Error("ids must be integers");
  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < codes.length; start += 50) {
    const chunk = codes.slice(start, start + 50);
    // The integers are ours and checked above; only the codes are bound.
    const rows = chunk.map(() => `(${appId}, ${keyTypeId}, ${batchId}, ?, ?, 'available', ${now}, ${now})`).join(", ");
    statements.push(
      db
        .prepare(
          `INSERT INTO license_keys (app_id, key_type_id, batch_id, key_code, key_code_normal, status, created_at, updated_at) VALUES ${rows}${skipExisting ? " ON CONFLICT (app_id, key_code_normal) DO NOTHING" : ""}`,
        )
        .bind(...chunk.flatMap((code) => [code, normalKeyCode(code)])),
    );
  }
  return statements;
}

export type KeyRow = {
  id: number;
  key_code: string;
  status: string;
  key_type_id: number;
  key_type_name: string;
  price: number | null;
  currency: "VND" | "USD" | null;
  batch_id: number | null;
  batch_name: string | null;
  sold_at: number | null;
  activated_at: number | null;
  expires_at: number | null;
  device_id: string | null;
  last_check_at: number | null;
  check_count: number;
  device_reset_count: number;
  device_reset_at: number | null;
  banned_at: number | null;
  duration_days: number;
  trial_hours: number | null;
  created_at: number;
  app_id: number;
  app_url: string;
};

const KEY_SELECT = `SELECT k.id, k.key_code, k.status, k.key_type_id, t.display_name AS key_type_name, p.price, p.currency,
  k.batch_id, b.batch_name, k.sold_at, k.activated_at, k.expires_at, k.device_id, k.last_check_at, k.check_count, k.device_reset_count,
  k.device_reset_at, k.banned_at, t.duration_days, k.trial_hours, k.created_at, k.app_id, a.url AS app_url
  FROM license_keys k JOIN key_types t ON t.id = k.key_type_id JOIN apps a ON a.id = k.app_id
  LEFT JOIN key_pricing p ON p.app_id = k.app_id AND p.key_type_id = k.key_type_id
  LEFT JOIN key_batches b ON b.id = k.batch_id`;

/** A key that never ends: its type's 0 days, unless it is a trial (which ends after its hours). */
const isLifetime = (row: { duration_days: number; trial_hours: number | null }) => row.duration_days === 0 && row.trial_hours === null;

const iso = (value: number | null) => (value === null ? null : new Date(value).toISOString());

/** A key as the admin's key list and its detail show it. */
export type AdminKey = ReturnType<typeof toAdminKey>;
export type AdminKeyPage = { keys: AdminKey[]; count: number; page: number; page_size: number; total_pages: number };

function toAdminKey(row: KeyRow) {
  return {
    id: row.id,
    key_code: row.key_code,
    key_value: row.key_code,
    key_type: row.key_type_id,
    key_type_name: row.key_type_name,
    price: row.price,
    currency: row.currency,
    formatted_price: row.price === null ? null : formatPrice(row.price, row.currency ?? "VND"),
    status: row.status,
    batch: row.batch_id === null ? null : { id: row.batch_id, batch_name: row.batch_name },
    app: { id: row.app_id, url: row.app_url },
    device_id: row.device_id,
    device_hint: deviceHint(row.device_id),
    // A trial key's type says 0 days; its length is its own, in hours (decision 0052).
    lifetime: isLifetime(row),
    trial_hours: row.trial_hours,
    sold_at: iso(row.sold_at),
    activated_at: iso(row.activated_at),
    expires_at: iso(row.expires_at),
    last_check_at: iso(row.last_check_at),
    check_count: row.check_count,
    device_reset_count: row.device_reset_count,
    device_reset_at: iso(row.device_reset_at),
    banned: row.banned_at !== null,
    banned_at: iso(row.banned_at),
    created_at: iso(row.created_at),
  };
}

/** How many key ids an audit record lists (a bulk delete may name 20,000). */
const AUDITED_KEY_IDS = 500;

/** Deletes keys by id, 90 ids per statement, in one atomic batch with its audit record; returns how many went. */
export async function deleteKeys(db: D1Database, where: { appId?: number; ids?: number[]; statuses?: string[] }, actor: AdminActor): Promise<number> {
  if (where.ids) {
    const statements: D1PreparedStatement[] = [];
    for (let start = 0; start < where.ids.length; start += 90) {
      const chunk = where.ids.slice(start, start + 90);
      statements.push(db.prepare(`DELETE FROM license_keys WHERE id IN (${chunk.map(() => "?").join(", ")})`).bind(...chunk));
    }
    if (statements.length === 0) return 0;
    const details = { requested: where.ids.length, key_ids: where.ids.slice(0, AUDITED_KEY_IDS) };
    const results = await db.batch([...statements, auditStatement(db, { actor, action: "keys.delete", targetType: "license_key", details })]);
    return results.slice(0, statements.length).reduce((sum, result) => sum + (result.meta.changes ?? 0), 0);
  }
  const statuses = where.statuses ?? [];
  const [result] = await db.batch([
    db.prepare(`DELETE FROM license_keys WHERE app_id = ? AND status IN (${statuses.map(() => "?").join(", ")})`).bind(where.appId ?? 0, ...statuses),
    auditStatement(db, { actor, action: "keys.cleanup", targetType: "app", targetId: where.appId ?? null, details: { statuses } }, { changedRowsAs: "deleted" }),
  ]);
  return result.meta.changes ?? 0;
}

// ---------------------------------------------------------------- lookups

/** Any app, failed ones included (admins see everything), by slug or id. */
export async function findAdminAppId(d1: D1Database, ref: string | undefined): Promise<number> {
  const id = await resolveAdminAppId(getDb(d1), ref ?? "");
  if (id === null) throw new NotFoundError(KEY_ADMIN_MESSAGES.appNotFound);
  return id;
}

/** A key type by id or name, as the forms send it. */
async function findKeyType(d1: D1Database, value: string | number) {
  const asId = wholeNumber(value);
  const [type] = await getDb(d1)
    .select()
    .from(keyTypes)
    .where(asId === null ? eq(keyTypes.name, String(value)) : eq(keyTypes.id, asId))
    .limit(1);
  // Trial keys are made by a buyer's claim only (trials.ts): no pricing or stock of them.
  if (!type || type.name === "trial") throw fieldError("key_type", KEY_ADMIN_MESSAGES.keyTypeNotFound);
  return type;
}

// ---------------------------------------------------------------- pricing
// App pages show each app's prices and key stock: the API marks every change here as changing the catalogue.

/**
 * The terms the pricing list is read with after a change. A USD price needs a rate to be charged
 * in VND: without one it is refused, not stored unbuyable.
 */
async function termsFor(env: Env, currency: "VND" | "USD"): Promise<PricingTerms> {
  const terms = await pricingTerms(env.DB, env);
  if (currency === "USD" && terms.rate === null) throw fieldError("currency", SETTINGS_MESSAGES.noRate);
  return terms;
}

export async function createPricing(env: Env, appId: number, input: CreatePricingInput, actor: AdminActor) {
  const terms = await termsFor(env, input.currency);
  const type = await findKeyType(env.DB, input.key_type);
  const details = { key_type: type.name, price: input.price, currency: input.currency, is_active: input.is_active };
  const [created] = await env.DB.batch<{ id: number }>([
    env.DB.prepare("INSERT INTO key_pricing (app_id, key_type_id, price, currency, is_active) VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING RETURNING id").bind(appId, type.id, input.price, input.currency, input.is_active ? 1 : 0),
    auditStatement(env.DB, { actor, action: "pricing.create", targetType: "app", targetId: appId, details }, { when: "if_changed" }),
  ]);
  if (created.results.length === 0) throw fieldError("key_type", KEY_ADMIN_MESSAGES.pricingExists(type.name));
  return (await listAppPricing(getDb(env.DB), appId, terms)).find((option) => option.id === created.results[0].id);
}

export async function updatePricing(env: Env, appId: number, pricingId: number, input: UpdatePricingInput, actor: AdminActor) {
  const db = getDb(env.DB);
  // Setting a USD price (a new currency or a new number in USD) needs a rate, as creating one does.
  const [current] = await db
    .select({ price: keyPricing.price, currency: keyPricing.currency, is_active: keyPricing.isActive })
    .from(keyPricing)
    .where(and(eq(keyPricing.id, pricingId), eq(keyPricing.appId, appId)));
  if (!current) throw new NotFoundError(KEY_ADMIN_MESSAGES.pricingNotFound);
  const settingPrice = input.currency !== undefined || input.price !== undefined;
  const terms = settingPrice ? await termsFor(env, input.currency ?? current.currency) : await pricingTerms(env.DB, env);
  const changes: [column: string, value: number | string][] = [["updated_at", Date.now()]];
  if (input.price !== undefined) changes.push(["price", input.price]);
  if (input.currency !== undefined) changes.push(["currency", input.currency]);
  if (input.is_active !== undefined) changes.push(["is_active", input.is_active ? 1 : 0]);
  const details = { app_id: appId, ...changedFields(current, { price: input.price, currency: input.currency, is_active: input.is_active }) };
  // The column names are ours; only the values are bound.
  const set = changes.map(([column], index) => `${column} = ?${index + 1}`).join(", ");
  const [updated] = await env.DB.batch<{ id: number }>([
    env.DB.prepare(`UPDATE key_pricing SET ${set} WHERE id = ?${changes.length + 1} AND app_id = ?${changes.length + 2} RETURNING id`).bind(...changes.map(([, value]) => value), pricingId, appId),
    auditStatement(env.DB, { actor, action: "pricing.update", targetType: "key_pricing", targetId: pricingId, details }, { when: "if_changed" }),
  ]);
  if (updated.results.length === 0) throw new NotFoundError(KEY_ADMIN_MESSAGES.pricingNotFound);
  return (await listAppPricing(db, appId, terms)).find((option) => option.id === updated.results[0].id);
}

// ---------------------------------------------------------------- batches

function toBatch(row: typeof keyBatches.$inferSelect & { keyTypeName: string; appUrl: string }) {
  return {
    id: row.id,
    batch_name: row.batchName,
    key_type: row.keyTypeId,
    key_type_name: row.keyTypeName,
    description: row.description,
    app_url: row.appUrl,
    imported_count: row.importedCount,
    skipped_count: row.skippedCount,
    created_at: row.createdAt.toISOString(),
  };
}

function batchQuery(d1: D1Database) {
  return getDb(d1)
    .select({
      id: keyBatches.id,
      appId: keyBatches.appId,
      keyTypeId: keyBatches.keyTypeId,
      batchName: keyBatches.batchName,
      description: keyBatches.description,
      importedCount: keyBatches.importedCount,
      skippedCount: keyBatches.skippedCount,
      createdBy: keyBatches.createdBy,
      createdAt: keyBatches.createdAt,
      keyTypeName: keyTypes.name,
      appUrl: apps.url,
    })
    .from(keyBatches)
    .innerJoin(keyTypes, eq(keyTypes.id, keyBatches.keyTypeId))
    .innerJoin(apps, eq(apps.id, keyBatches.appId));
}

/** The newest 500 batches, of one app or of all. */
export async function listBatches(d1: D1Database, appId: number | null) {
  const rows = await batchQuery(d1)
    .where(appId === null ? undefined : eq(keyBatches.appId, appId))
    .orderBy(desc(keyBatches.id))
    .limit(500);
  return rows.map(toBatch);
}

export async function findBatch(d1: D1Database, id: number) {
  const [row] = await batchQuery(d1).where(eq(keyBatches.id, id));
  if (!row) throw new NotFoundError(KEY_ADMIN_MESSAGES.batchNotFound);
  return toBatch(row);
}

/** Statements reading, 99 codes each, the app's stored keys whose normal form is one of `codes`'. */
function storedByNormal(d1: D1Database, appId: number, codes: string[], columns: string): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < codes.length; start += 99) {
    const chunk = codes.slice(start, start + 99).map(normalKeyCode);
    statements.push(d1.prepare(`SELECT ${columns} FROM license_keys WHERE app_id = ? AND key_code_normal IN (${chunk.map(() => "?").join(", ")})`).bind(appId, ...chunk));
  }
  return statements;
}

/** How many of `codes` the app has already, in any case. */
async function existingCodes(d1: D1Database, appId: number, codes: string[]): Promise<number> {
  const results = await d1.batch<{ n: number }>(storedByNormal(d1, appId, codes, "count(*) AS n"));
  return results.reduce((sum, result) => sum + (result.results[0]?.n ?? 0), 0);
}

/** The app's stored codes that are case twins of `codes`: [as stored, as sent]. */
async function caseTwinsInStock(d1: D1Database, appId: number, codes: string[]): Promise<[string, string][]> {
  if (codes.length === 0) return [];
  const sent = new Map(codes.map((code) => [normalKeyCode(code), code]));
  const results = await d1.batch<{ key_code: string; key_code_normal: string }>(storedByNormal(d1, appId, codes, "key_code, key_code_normal"));
  return results.flatMap((result) => result.results.filter((row) => sent.get(row.key_code_normal) !== row.key_code).map((row): [string, string] => [row.key_code, sent.get(row.key_code_normal) ?? ""]));
}

/** The app's stocked codes that a buyer could take for another: beyond printable ASCII, or left without a normal form. */
const ODD_STOCK_SQL = "(k.key_code_normal IS NULL OR k.key_code GLOB '*[^ -~]*')";

/**
 * The lines of `parsed` that look like a different code already in the app's stock (a Latin
 * KEY-A1 against a Cyrillic KEY-А1 stocked before the alphabet): the buyer of one would type
 * the other. Same normal form is not this: that is a duplicate or a case twin.
 */
async function lookAlikesInStock(d1: D1Database, appId: number, parsed: ParsedKeys): Promise<RefusedLine[]> {
  if (parsed.codes.length === 0) return [];
  const { results: odd } = await d1.prepare(`SELECT k.key_code FROM license_keys k WHERE k.app_id = ?1 AND ${ODD_STOCK_SQL}`).bind(appId).all<{ key_code: string }>();
  // A sent code with declared letters that look Latin may imitate a plain stocked code too.
  const looks = parsed.codes.map(lookAlikeForm).filter((look, index) => look !== normalKeyCode(parsed.codes[index]));
  const plain = looks.length === 0 ? [] : (await d1.batch<{ key_code: string }>(storedByNormal(d1, appId, looks, "key_code"))).flatMap((result) => result.results);
  const stockByLook = new Map([...odd, ...plain].map((row) => [lookAlikeForm(row.key_code), row.key_code]));
  return parsed.codes.flatMap((code) => {
    const stored = stockByLook.get(lookAlikeForm(code));
    if (stored === undefined || normalKeyCode(stored) === normalKeyCode(code)) return [];
    const line = parsed.lineOf.get(code) ?? 0;
    return [{ line, text: KEY_ADMIN_MESSAGES.lookAlikeLine(line, code, shownCode(stored)), reason: KEY_ADMIN_MESSAGES.lookAlikeReason(code, shownCode(stored)) }];
  });
}

/** A stocked key as the collision report names it: the code as stored and as it reads apart. */
type StockedKey = { id: number; app_id: number; app_url: string; key_code: string; status: string };

const reportedKey = (row: StockedKey) => ({ id: row.id, key_code: row.key_code, shown: shownCode(row.key_code), status: row.status, app: { id: row.app_id, url: row.app_url } });

/**
 * The owner's check (issue 41 item 2): stocked codes a buyer cannot tell apart, grouped by app and
 * look-alike form ("normal_form": the key check itself takes them for one; "look_alike": they
 * differ only in letters drawn alike), and stocked codes outside the shop's alphabet. Reported,
 * never merged: which one to keep is the owner's call (one may be sold).
 * Only codes beyond printable ASCII or without a normal form can collide (for the rest the stored
 * normal form is exact and unique), so those are read first, then their partners by normal form.
 */
export async function keyCollisions(d1: D1Database, appId: number | null, alphabet: KeyAlphabet) {
  const columns = "SELECT k.id, k.app_id, a.url AS app_url, k.key_code, k.status FROM license_keys k JOIN apps a ON a.id = k.app_id";
  const oddQuery = d1.prepare(`${columns} WHERE ${ODD_STOCK_SQL}${appId === null ? "" : " AND k.app_id = ?1"} ORDER BY k.id`);
  const { results: odd } = await (appId === null ? oddQuery : oddQuery.bind(appId)).all<StockedKey>();
  const looksByApp = new Map<number, Set<string>>();
  for (const row of odd) looksByApp.set(row.app_id, (looksByApp.get(row.app_id) ?? new Set()).add(lookAlikeForm(row.key_code)));
  const partners: D1PreparedStatement[] = [];
  for (const [app, looks] of looksByApp) {
    const list = [...looks];
    for (let start = 0; start < list.length; start += 98) {
      const chunk = list.slice(start, start + 98);
      partners.push(d1.prepare(`${columns} WHERE k.app_id = ? AND k.key_code_normal IN (${chunk.map(() => "?").join(", ")})`).bind(app, ...chunk));
    }
  }
  const found = partners.length === 0 ? [] : (await d1.batch<StockedKey>(partners)).flatMap((result) => result.results);
  const rows = [...new Map([...odd, ...found].map((row) => [row.id, row])).values()].sort((a, b) => a.id - b.id);
  const groups = new Map<string, StockedKey[]>();
  for (const row of rows) {
    const key = `${row.app_id} ${lookAlikeForm(row.key_code)}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const collisions = [...groups.values()]
    .filter((keys) => keys.length > 1)
    .map((keys) => ({
      app: { id: keys[0].app_id, url: keys[0].app_url },
      kind: new Set(keys.map((row) => normalKeyCode(row.key_code))).size === 1 ? ("normal_form" as const) : ("look_alike" as const),
      form: lookAlikeForm(keys[0].key_code),
      keys: keys.map(reportedKey),
    }));
  const outside = odd.flatMap((row) => {
    const characters = foreignCharacters(row.key_code, alphabet);
    return characters.length > 0 || normalKeyCode(row.key_code) === "" ? [{ ...reportedKey(row), characters: characters.map(codePoint) }] : [];
  });
  return { collisions, outside_alphabet: { count: outside.length, keys: outside.slice(0, 500) } };
}

/**
 * Fills the normal form of the app's keys that migrations/0013 left without one (codes beyond
 * printable ASCII), so the import's twin check sees them. A row whose twin holds its normal form
 * already stays without (it is found by its exact code only).
 */
async function fillNormalCodes(d1: D1Database, appId: number): Promise<void> {
  const { results } = await d1.prepare("SELECT id, key_code FROM license_keys WHERE app_id = ?1 AND key_code_normal IS NULL").bind(appId).all<{ id: number; key_code: string }>();
  if (results.length === 0) return;
  await d1.batch(results.map((row) => d1.prepare("UPDATE OR IGNORE license_keys SET key_code_normal = ?1 WHERE id = ?2").bind(normalKeyCode(row.key_code), row.id)));
}

/**
 * Imports one key per line into a new batch, as one atomic batch of inserts with its audit
 * record. Keys the app has already are skipped, or (skip_duplicates off) refuse the whole import.
 */
export type ImportedKeys = Awaited<ReturnType<typeof importKeys>>;

export async function importKeys(d1: D1Database, input: ImportKeysInput, actor: AdminActor, extraCharacters = "") {
  const appId = await findAdminAppId(d1, input.app_url);
  const type = await findKeyType(d1, input.key_type);
  const parsed = parseKeysText(input.keys_text, keyAlphabet(extraCharacters));
  if (parsed.totalLines === 0) throw fieldError("keys_text", KEY_ADMIN_MESSAGES.keysRequired);
  if (parsed.totalLines > MAX_IMPORT_LINES) throw fieldError("keys_text", KEY_ADMIN_MESSAGES.tooManyLines(MAX_IMPORT_LINES));
  if (parsed.foreign.length > 0) {
    const lines = parsed.foreign.map(({ line, code, characters }): RefusedLine => {
      if (characters.length === 0) return { line, text: KEY_ADMIN_MESSAGES.invisibleLine(line), reason: KEY_ADMIN_MESSAGES.invisibleReason };
      const named = characters.map(codePoint).join(", ");
      return { line, text: KEY_ADMIN_MESSAGES.foreignLine(line, shownCode(code), named), reason: KEY_ADMIN_MESSAGES.foreignReason(shownCode(code), named) };
    });
    throw linesRefused((count, named, example) => KEY_ADMIN_MESSAGES.outsideAlphabet(count, named, example, extraCharacters), lines);
  }
  if (parsed.caseTwins.length > 0) throw fieldError("keys_text", KEY_ADMIN_MESSAGES.caseTwinsInText(parsed.caseTwins.length, parsed.caseTwins[0]));
  if (!input.skip_duplicates && parsed.duplicatesInText > 0) throw new ValidationError(KEY_ADMIN_MESSAGES.duplicatesRefused(parsed.duplicatesInText));
  await fillNormalCodes(d1, appId);
  // A race with another import's twin is caught by the unique normal form: skipped, or refused.
  const twins = await caseTwinsInStock(d1, appId, parsed.codes);
  if (twins.length > 0) throw fieldError("keys_text", KEY_ADMIN_MESSAGES.caseTwinsInStock(twins.length, twins[0]));
  const lookAlikes = await lookAlikesInStock(d1, appId, parsed);
  if (lookAlikes.length > 0) throw linesRefused(KEY_ADMIN_MESSAGES.lookAlikesInStock, lookAlikes);

  const started = Date.now();
  const batch = await d1
    .prepare("INSERT INTO key_batches (app_id, key_type_id, batch_name, description, created_by) VALUES (?1, ?2, ?3, ?4, ?5) RETURNING id")
    // Named in Vietnam's time, to the minute, as the admin reads every other time.
    .bind(appId, type.id, input.batch_name || KEY_ADMIN_MESSAGES.batchName(vietnamTimestamp(started).slice(0, 16)).in("vi"), input.description ?? "", actor.userId)
    .first<{ id: number }>();
  if (!batch) throw new Error("key_batches: no row returned");
  const inserts = insertKeyStatements(d1, appId, type.id, batch.id, parsed.codes, started, input.skip_duplicates);
  const details = { batch_id: batch.id, app_id: appId, key_type: type.name, keys: parsed.codes.length, lines: parsed.totalLines, invalid: parsed.invalid, skip_duplicates: input.skip_duplicates };
  let imported = 0;
  try {
    // One atomic batch: the whole import lands with its record, or none of it does.
    const results = await d1.batch([...inserts, auditStatement(d1, { actor, action: "keys.import", targetType: "key_batch", targetId: batch.id, details })]);
    imported = results.slice(0, inserts.length).reduce((sum, result) => sum + (result.meta.changes ?? 0), 0);
  } catch (error) {
    await d1.prepare("DELETE FROM key_batches WHERE id = ?1").bind(batch.id).run();
    if (!input.skip_duplicates && isUniqueViolation(error)) {
      throw new ValidationError(KEY_ADMIN_MESSAGES.duplicatesRefused(await existingCodes(d1, appId, parsed.codes)));
    }
    throw error;
  }
  const skipped = parsed.totalLines - parsed.invalid - imported;
  await d1.prepare("UPDATE key_batches SET imported_count = ?1, skipped_count = ?2 WHERE id = ?3").bind(imported, skipped, batch.id).run();
  return {
    batch_id: batch.id,
    total_lines: parsed.totalLines,
    imported_count: imported,
    skipped_count: skipped,
    invalid_count: parsed.invalid,
    duration_ms: Date.now() - started,
    // Shown before the import too (workers/shared/weak-keys.ts): repeated for an import made anyway.
    warnings: weakKeys(parsed.codes).warnings,
  };
}

// ---------------------------------------------------------------- keys

/**
 * The SQL of an app's keys, newest first, maybe of one status: the count and the page (or every key,
 * without a page). Served by license_keys_app / license_keys_app_status in id order (migrations/0014);
 * exported so tests can read the query plans.
 */
export function appKeysQueries(appId: number, query: { status?: KeyStatus; page?: number; pageSize: number }) {
  const status = query.status;
  const filter = `WHERE k.app_id = ?1${status ? " AND k.status = ?2" : ""}`;
  const binds: (number | string)[] = status ? [appId, status] : [appId];
  const limit = status ? "?3 OFFSET ?4" : "?2 OFFSET ?3";
  return {
    all: { sql: `${KEY_SELECT} ${filter} ORDER BY k.id DESC`, params: binds },
    count: { sql: `SELECT count(*) AS n FROM license_keys k ${filter}`, params: binds },
    page: { sql: `${KEY_SELECT} ${filter} ORDER BY k.id DESC LIMIT ${limit}`, params: [...binds, query.pageSize, ((query.page ?? 1) - 1) * query.pageSize] },
  };
}

/** An app's keys, newest first, maybe of one status: all of them without a page, else one page. */
export async function listAppKeys(d1: D1Database, appId: number, query: { status?: KeyStatus; page?: number; pageSize: number }): Promise<AdminKeyPage | { keys: AdminKey[]; count: number }> {
  const queries = appKeysQueries(appId, query);
  if (query.page === undefined) {
    // Without a page, every key of the app: never silently cut.
    const { results } = await d1.prepare(queries.all.sql).bind(...queries.all.params).all<KeyRow>();
    return { keys: results.map(toAdminKey), count: results.length };
  }
  const { page, pageSize } = query;
  const total = await d1.prepare(queries.count.sql).bind(...queries.count.params).first<{ n: number }>();
  const { results } = await d1.prepare(queries.page.sql).bind(...queries.page.params).all<KeyRow>();
  return { keys: results.map(toAdminKey), count: total?.n ?? 0, page, page_size: pageSize, total_pages: Math.ceil((total?.n ?? 0) / pageSize) };
}

async function findKey(d1: D1Database, id: number): Promise<KeyRow> {
  const row = Number.isSafeInteger(id) ? await d1.prepare(`${KEY_SELECT} WHERE k.id = ?`).bind(id).first<KeyRow>() : null;
  if (!row) throw new NotFoundError(KEY_ADMIN_MESSAGES.keyNotFound);
  return row;
}

/** Changes a key's status only from the expected one (a buyer may take the key meanwhile). */
export async function changeKeyStatus(d1: D1Database, id: number, from: "available" | "revoked", to: "available" | "revoked", actor: AdminActor) {
  const key = await findKey(d1, id);
  const [changed] = await d1.batch([
    d1.prepare("UPDATE license_keys SET status = ?1, updated_at = ?2 WHERE id = ?3 AND status = ?4 RETURNING id").bind(to, Date.now(), key.id, from),
    auditStatement(d1, { actor, action: "key.status", targetType: "license_key", targetId: key.id, details: { app_id: key.app_id, before: from, after: to } }, { when: "if_changed" }),
  ]);
  if (changed.results.length === 0) throw new ConflictError(from === "available" ? KEY_ADMIN_MESSAGES.onlyAvailable : KEY_ADMIN_MESSAGES.onlyRevoked);
  return toAdminKey({ ...key, status: to });
}

// ---------------------------------------------------------------- a sold key's controls
// Each is one conditional UPDATE, so a change that raced another is refused, never doubled.

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A sold key's conditional UPDATE and its audit record, in one batch: the record is written only
 * when the UPDATE changed the key; `told`, the shop's webhook event, after them, names the state
 * the UPDATE leaves (changes() there is the audit's). The key as it is after, or the refusal.
 */
async function changeSoldKey(d1: D1Database, keyId: number, update: D1PreparedStatement, audit: Omit<AuditRecord, "targetType" | "targetId">, refusal: () => Error, told: D1PreparedStatement[] = []) {
  const [result] = await d1.batch([update, auditStatement(d1, { ...audit, targetType: "license_key", targetId: keyId }, { when: "if_changed" }), ...told]);
  if (!result.meta.changes) throw refusal();
  return toAdminKey(await findKey(d1, keyId));
}

/**
 * Unbinds the key from its device; the next check binds it to whichever device asks. The buyer's
 * once-a-day clock (device_reset_at) is left alone: an admin's help does not use the buyer's reset.
 */
export async function resetKeyDevice(d1: D1Database, id: number, actor: AdminActor, now = Date.now()) {
  const key = await findKey(d1, id);
  const update = d1
    .prepare("UPDATE license_keys SET device_id = NULL, device_reset_count = device_reset_count + 1, updated_at = ?1 WHERE id = ?2 AND device_id IS NOT NULL")
    .bind(now, key.id);
  const told = recordKeyEvent(d1, "key.device_reset", { by: "admin" }, { sql: "k.id = ? AND k.device_id IS NULL AND k.updated_at = ?", binds: [key.id, now] }, { dedupe: `key.device_reset:${now}`, now });
  return changeSoldKey(d1, key.id, update, { actor, action: "key.reset_device", details: { app_id: key.app_id } }, () => new ConflictError(KEY_ADMIN_MESSAGES.noDevice), [told]);
}

/**
 * Adds `days` to an activated key's expiry, counted from now when it has already expired (an
 * expired key becomes usable again). A lifetime key has nothing to extend; an unactivated key's
 * time has not started (activation sets its expiry), so neither can be extended. A trial key is
 * timed (its hours), so it extends as any other.
 */
export async function extendKey(d1: D1Database, id: number, days: number, actor: AdminActor, now = Date.now()) {
  const key = await findKey(d1, id);
  if (isLifetime(key)) throw fieldError("days", KEY_ADMIN_MESSAGES.lifetime);
  const update = d1
    .prepare(
      `UPDATE license_keys SET expires_at = max(expires_at, ?1) + ?2, status = CASE status WHEN 'expired' THEN 'used' ELSE status END, updated_at = ?1
       WHERE id = ?3 AND activated_at IS NOT NULL AND expires_at IS NOT NULL`,
    )
    .bind(now, days * DAY_MS, key.id);
  const details = { app_id: key.app_id, days, expires_before: key.expires_at };
  return changeSoldKey(d1, key.id, update, { actor, action: "key.extend", details }, () => new ConflictError(KEY_ADMIN_MESSAGES.notActivated));
}

/** Bans a sold key: every check answers revoked from now on, and the buyer's history says so. */
export async function banKey(d1: D1Database, id: number, actor: AdminActor, now = Date.now()) {
  const key = await findKey(d1, id);
  const update = d1.prepare("UPDATE license_keys SET banned_at = ?1, updated_at = ?1 WHERE id = ?2 AND banned_at IS NULL AND order_reference IS NOT NULL").bind(now, key.id);
  const refusal = () => new ConflictError(key.banned_at !== null ? KEY_ADMIN_MESSAGES.alreadyBanned : KEY_ADMIN_MESSAGES.onlySold);
  const told = recordKeyEvent(d1, "key.banned", { by: "admin" }, { sql: "k.id = ? AND k.banned_at = ?", binds: [key.id, now] }, { dedupe: `key.banned:${now}`, now });
  return changeSoldKey(d1, key.id, update, { actor, action: "key.ban", details: { app_id: key.app_id } }, refusal, [told]);
}

export async function unbanKey(d1: D1Database, id: number, actor: AdminActor, now = Date.now()) {
  const key = await findKey(d1, id);
  const update = d1.prepare("UPDATE license_keys SET banned_at = NULL, updated_at = ?1 WHERE id = ?2 AND banned_at IS NOT NULL").bind(now, key.id);
  return changeSoldKey(d1, key.id, update, { actor, action: "key.unban", details: { app_id: key.app_id } }, () => new ConflictError(KEY_ADMIN_MESSAGES.notBanned));
}

export async function deleteKey(d1: D1Database, id: number, actor: AdminActor): Promise<void> {
  const key = await findKey(d1, id);
  await deleteKeys(d1, { ids: [key.id] }, actor);
}

/** An app's keys by status (`available_keys`, … and `by_status`), and its orders and revenue (VND, what wallets were charged). */
export type KeyStats = { total_keys: number; by_status: Record<KeyStatus, number>; total_orders: number; total_revenue: number } & { [S in KeyStatus as `${S}_keys`]: number };

export async function appKeyStats(d1: D1Database, appId: number): Promise<KeyStats> {
  const { results } = await d1.prepare("SELECT status, count(*) AS n FROM license_keys WHERE app_id = ? GROUP BY status").bind(appId).all<{ status: string; n: number }>();
  const byStatus = Object.fromEntries(KEY_STATUSES.map((status) => [status, results.find((row) => row.status === status)?.n ?? 0]));
  const revenue = await d1.prepare("SELECT count(*) AS orders, coalesce(sum(vnd_amount), 0) AS total FROM orders WHERE app_id = ?").bind(appId).first<{ orders: number; total: number }>();
  return {
    total_keys: results.reduce((sum, row) => sum + row.n, 0),
    ...Object.fromEntries(Object.entries(byStatus).map(([status, n]) => [`${status}_keys`, n])),
    by_status: byStatus,
    total_orders: revenue?.orders ?? 0,
    total_revenue: revenue?.total ?? 0,
  } as KeyStats;
}
