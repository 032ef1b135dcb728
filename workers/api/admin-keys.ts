// Admin key management under /api/keys (spec §7 "Keys"). Every route needs an admin token:
// the spec's client sends none for pricing changes; the server refuses them without one.
import { and, desc, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { apps, keyBatches, keyPricing, keyTypes, KEY_STATUSES } from "../db/schema";
import { parseAppId } from "../services/catalogue";
import { deleteKeys, insertKeyStatements, KEY_ADMIN_MESSAGES, KEY_SELECT, type KeyRow, MAX_IMPORT_LINES, parseKeysText, toAdminKey } from "../services/key-admin";
import { listAppPricing } from "../services/keys";
import { SETTINGS_MESSAGES, usdVndRate } from "../services/store-settings";
import { changesCatalogue } from "./changes-catalogue";
import { type ApiContext, type ApiEnv, db } from "./context";
import { ApiError, MESSAGES } from "./errors";
import { requireAdmin } from "./require-admin";
import { readJson } from "./validate";

export const adminKeysApi = new Hono<ApiEnv>();

/** Any app, failed ones included (admins see everything), by slug or id. */
async function adminAppId(c: ApiContext, ref: string | undefined): Promise<number> {
  const value = (ref ?? "").trim();
  const id = parseAppId(value);
  const [row] = await db(c)
    .select({ id: apps.id })
    .from(apps)
    .where(id === null ? eq(apps.url, value) : sql`(${apps.url} = ${value} OR ${apps.id} = ${id})`)
    .orderBy(sql`${apps.url} = ${value} DESC`)
    .limit(1);
  if (!row) throw new ApiError(404, KEY_ADMIN_MESSAGES.appNotFound);
  return row.id;
}

async function keyTypeFrom(c: ApiContext, value: string | number) {
  const asId = typeof value === "number" ? value : /^\d+$/.test(value) ? Number(value) : null;
  const [type] = await db(c)
    .select()
    .from(keyTypes)
    .where(asId === null ? eq(keyTypes.name, String(value)) : eq(keyTypes.id, asId))
    .limit(1);
  if (!type) throw new ApiError(400, KEY_ADMIN_MESSAGES.keyTypeNotFound, { key_type: [KEY_ADMIN_MESSAGES.keyTypeNotFound] });
  return type;
}

// ---------------------------------------------------------------- pricing
// App pages show each app's prices and key stock: every change here supersedes their edge copies.

const price = z.coerce.number({ error: KEY_ADMIN_MESSAGES.pricingRequired }).int("Giá phải là số nguyên").min(0, "Giá không được âm").max(1_000_000_000);
const createPricingSchema = z.object({
  key_type: z.union([z.string().min(1, KEY_ADMIN_MESSAGES.pricingRequired), z.number().int()], { error: KEY_ADMIN_MESSAGES.pricingRequired }),
  price,
  currency: z.enum(["VND", "USD"]).default("VND"),
  is_active: z.boolean().default(true),
});

/** A USD price needs a rate to be charged in VND: without one it is refused, not stored unbuyable. */
async function rateFor(c: ApiContext, currency: "VND" | "USD"): Promise<number | null> {
  const rate = await usdVndRate(c.env.DB, c.env);
  if (currency === "USD" && rate === null) throw new ApiError(400, SETTINGS_MESSAGES.noRate, { currency: [SETTINGS_MESSAGES.noRate] });
  return rate;
}

adminKeysApi.post("/apps/:app/pricing", requireAdmin, changesCatalogue, async (c) => {
  const appId = await adminAppId(c, c.req.param("app"));
  const input = await readJson(c, createPricingSchema);
  const rate = await rateFor(c, input.currency);
  const type = await keyTypeFrom(c, input.key_type);
  const created = await db(c)
    .insert(keyPricing)
    .values({ appId, keyTypeId: type.id, price: input.price, currency: input.currency, isActive: input.is_active })
    .onConflictDoNothing()
    .returning();
  if (created.length === 0) throw new ApiError(400, KEY_ADMIN_MESSAGES.pricingExists(type.name), { key_type: [KEY_ADMIN_MESSAGES.pricingExists(type.name)] });
  const pricing = (await listAppPricing(db(c), appId, rate)).find((option) => option.id === created[0].id);
  return c.json({ success: true, message: "Đã thêm bảng giá", data: pricing }, 201);
});

const updatePricingSchema = z.object({ price: price.optional(), currency: z.enum(["VND", "USD"]).optional(), is_active: z.boolean().optional() });

adminKeysApi.patch("/apps/:app/pricing/:id", requireAdmin, changesCatalogue, async (c) => {
  const appId = await adminAppId(c, c.req.param("app"));
  const input = await readJson(c, updatePricingSchema);
  // Setting a USD price (a new currency or a new number in USD) needs a rate, as creating one does.
  const [current] = await db(c).select({ currency: keyPricing.currency }).from(keyPricing).where(and(eq(keyPricing.id, Number(c.req.param("id")) || 0), eq(keyPricing.appId, appId)));
  if (!current) throw new ApiError(404, KEY_ADMIN_MESSAGES.pricingNotFound);
  const settingPrice = input.currency !== undefined || input.price !== undefined;
  const rate = settingPrice ? await rateFor(c, input.currency ?? current.currency) : await usdVndRate(c.env.DB, c.env);
  const changes: Partial<typeof keyPricing.$inferInsert> = { updatedAt: new Date() };
  if (input.price !== undefined) changes.price = input.price;
  if (input.currency !== undefined) changes.currency = input.currency;
  if (input.is_active !== undefined) changes.isActive = input.is_active;
  const updated = await db(c)
    .update(keyPricing)
    .set(changes)
    .where(and(eq(keyPricing.id, Number(c.req.param("id"))), eq(keyPricing.appId, appId)))
    .returning({ id: keyPricing.id });
  if (updated.length === 0) throw new ApiError(404, KEY_ADMIN_MESSAGES.pricingNotFound);
  const pricing = (await listAppPricing(db(c), appId, rate)).find((option) => option.id === updated[0].id);
  return c.json({ success: true, message: "Đã cập nhật bảng giá", data: pricing });
});

adminKeysApi.delete("/apps/:app/pricing/:id", requireAdmin, (c) => c.json({ success: false, message: KEY_ADMIN_MESSAGES.pricingDeletion }, 501));

// ---------------------------------------------------------------- batches and keys

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

function batchQuery(c: ApiContext) {
  return db(c)
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

adminKeysApi.get("/batches", requireAdmin, async (c) => {
  const appRef = c.req.query("app_url");
  const appId = appRef ? await adminAppId(c, appRef) : null;
  const rows = await batchQuery(c)
    .where(appId === null ? undefined : eq(keyBatches.appId, appId))
    .orderBy(desc(keyBatches.id))
    .limit(500);
  return c.json({ success: true, data: rows.map(toBatch) });
});

adminKeysApi.get("/batches/:id", requireAdmin, async (c) => {
  const [row] = await batchQuery(c).where(eq(keyBatches.id, Number(c.req.param("id")) || 0));
  if (!row) throw new ApiError(404, "Không tìm thấy lô key");
  return c.json({ success: true, data: toBatch(row) });
});

adminKeysApi.get("/apps/:app/keys", requireAdmin, async (c) => {
  const appId = await adminAppId(c, c.req.param("app"));
  const status = c.req.query("status");
  if (status && !(KEY_STATUSES as readonly string[]).includes(status)) throw new ApiError(400, MESSAGES.invalidData, { status: ["Trạng thái không hợp lệ"] });
  const filter = `WHERE k.app_id = ?1${status ? " AND k.status = ?2" : ""}`;
  const binds: (number | string)[] = status ? [appId, status] : [appId];
  const pageParam = c.req.query("page");
  if (!pageParam) {
    // Without a page, every key of the app: never silently cut.
    const { results } = await c.env.DB.prepare(`${KEY_SELECT} ${filter} ORDER BY k.id DESC`).bind(...binds).all<KeyRow>();
    return c.json({ success: true, data: results.map(toAdminKey), count: results.length });
  }
  const page = Math.max(1, Number(pageParam) || 1);
  const pageSize = Math.min(500, Math.max(1, Number(c.req.query("page_size")) || 50));
  const total = await c.env.DB.prepare(`SELECT count(*) AS n FROM license_keys k ${filter}`).bind(...binds).first<{ n: number }>();
  const { results } = await c.env.DB.prepare(`${KEY_SELECT} ${filter} ORDER BY k.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`)
    .bind(...binds)
    .all<KeyRow>();
  return c.json({ success: true, data: results.map(toAdminKey), count: total?.n ?? 0, page, page_size: pageSize, total_pages: Math.ceil((total?.n ?? 0) / pageSize) });
});

const importSchema = z.object({
  app_url: z.union([z.string().min(1), z.number().int()]).transform(String),
  key_type: z.union([z.string().min(1), z.number().int()], { error: "Vui lòng chọn loại key" }),
  keys_text: z.string({ error: KEY_ADMIN_MESSAGES.keysRequired }).max(4_000_000, `Tối đa ${MAX_IMPORT_LINES} key mỗi lần nhập`),
  batch_name: z.string().trim().max(200).optional(),
  description: z.string().trim().max(1000).default(""),
  skip_duplicates: z.boolean().default(true),
});

adminKeysApi.post("/bulk-import", requireAdmin, changesCatalogue, async (c) => {
  const input = await readJson(c, importSchema);
  const appId = await adminAppId(c, input.app_url);
  const type = await keyTypeFrom(c, input.key_type);
  const parsed = parseKeysText(input.keys_text);
  if (parsed.totalLines === 0) throw new ApiError(400, KEY_ADMIN_MESSAGES.keysRequired, { keys_text: [KEY_ADMIN_MESSAGES.keysRequired] });
  if (parsed.totalLines > MAX_IMPORT_LINES) throw new ApiError(400, `Tối đa ${MAX_IMPORT_LINES} key mỗi lần nhập`, { keys_text: [`Tối đa ${MAX_IMPORT_LINES} key mỗi lần nhập`] });
  if (!input.skip_duplicates && parsed.duplicatesInText > 0) throw new ApiError(400, KEY_ADMIN_MESSAGES.duplicatesRefused(parsed.duplicatesInText));

  const started = Date.now();
  const [batch] = await db(c)
    .insert(keyBatches)
    .values({
      appId,
      keyTypeId: type.id,
      batchName: input.batch_name || `Nhập ${new Date(started).toISOString().slice(0, 16).replace("T", " ")}`,
      description: input.description,
      createdBy: c.get("user").id,
    })
    .returning();
  let imported = 0;
  try {
    // One atomic batch: the whole import lands, or none of it does.
    const results = await c.env.DB.batch(insertKeyStatements(c.env.DB, appId, type.id, batch.id, parsed.codes, started));
    imported = results.reduce((sum, result) => sum + (result.meta.changes ?? 0), 0);
  } catch (error) {
    await db(c).delete(keyBatches).where(eq(keyBatches.id, batch.id));
    throw error;
  }
  const skipped = parsed.totalLines - parsed.invalid - imported;
  if (!input.skip_duplicates && skipped > 0) {
    await c.env.DB.batch([c.env.DB.prepare("DELETE FROM license_keys WHERE batch_id = ?").bind(batch.id), c.env.DB.prepare("DELETE FROM key_batches WHERE id = ?").bind(batch.id)]);
    throw new ApiError(400, KEY_ADMIN_MESSAGES.duplicatesRefused(skipped));
  }
  await db(c).update(keyBatches).set({ importedCount: imported, skippedCount: skipped }).where(eq(keyBatches.id, batch.id));
  return c.json({
    success: true,
    message: KEY_ADMIN_MESSAGES.imported,
    data: { batch_id: batch.id, total_lines: parsed.totalLines, imported_count: imported, skipped_count: skipped, invalid_count: parsed.invalid, duration_ms: Date.now() - started },
  });
});

async function keyById(c: ApiContext) {
  const id = Number(c.req.param("id"));
  const row = Number.isSafeInteger(id) ? await c.env.DB.prepare(`${KEY_SELECT} WHERE k.id = ?`).bind(id).first<KeyRow>() : null;
  if (!row) throw new ApiError(404, KEY_ADMIN_MESSAGES.keyNotFound);
  return row;
}

/** Changes a key's status only from the expected one (a buyer may take the key meanwhile). */
async function transition(c: ApiContext, from: string, to: string, message: string) {
  const key = await keyById(c);
  const changed = await c.env.DB.prepare("UPDATE license_keys SET status = ?1, updated_at = ?2 WHERE id = ?3 AND status = ?4 RETURNING id")
    .bind(to, Date.now(), key.id, from)
    .first();
  if (!changed) throw new ApiError(409, from === "available" ? KEY_ADMIN_MESSAGES.onlyAvailable : "Chỉ key đã thu hồi mới có thể kích hoạt lại");
  return c.json({ success: true, message, data: toAdminKey({ ...key, status: to }) });
}

adminKeysApi.patch("/keys/:id/update-status", requireAdmin, changesCatalogue, async (c) => {
  const { status } = await readJson(c, z.object({ status: z.literal("revoked", { error: KEY_ADMIN_MESSAGES.onlyAvailable }) }));
  return transition(c, "available", status, KEY_ADMIN_MESSAGES.statusUpdated);
});
adminKeysApi.post("/keys/:id/deactivate", requireAdmin, changesCatalogue, (c) => transition(c, "available", "revoked", KEY_ADMIN_MESSAGES.deactivated));
adminKeysApi.post("/keys/:id/activate", requireAdmin, changesCatalogue, (c) => transition(c, "revoked", "available", KEY_ADMIN_MESSAGES.activated));

adminKeysApi.delete("/keys/:id", requireAdmin, changesCatalogue, async (c) => {
  const key = await keyById(c);
  await deleteKeys(c.env.DB, { ids: [key.id] });
  return c.json({ success: true, message: "Đã xóa key" });
});

adminKeysApi.post("/keys/bulk-delete", requireAdmin, changesCatalogue, async (c) => {
  const { key_ids } = await readJson(
    c,
    z.object({ key_ids: z.array(z.coerce.number().int().positive(), { error: KEY_ADMIN_MESSAGES.selectKeys }).min(1, KEY_ADMIN_MESSAGES.selectKeys).max(20_000) }),
  );
  const deleted = await deleteKeys(c.env.DB, { ids: [...new Set(key_ids)] });
  return c.json({ success: true, message: `Đã xóa ${deleted} key`, data: { deleted_count: deleted } });
});

adminKeysApi.post("/apps/:app/cleanup-sold", requireAdmin, changesCatalogue, async (c) => {
  const deleted = await deleteKeys(c.env.DB, { appId: await adminAppId(c, c.req.param("app")), statuses: ["sold"] });
  return c.json({ success: true, message: `Đã dọn ${deleted} key`, data: { deleted_count: deleted } });
});

adminKeysApi.post("/apps/:app/cleanup-by-status", requireAdmin, changesCatalogue, async (c) => {
  const appId = await adminAppId(c, c.req.param("app"));
  const { status } = await readJson(c, z.object({ status: z.enum(["sold", "used", "expired", "revoked"], { error: "Trạng thái không hợp lệ" }) }));
  const deleted = await deleteKeys(c.env.DB, { appId, statuses: [status] });
  return c.json({ success: true, message: `Đã dọn ${deleted} key`, data: { deleted_count: deleted } });
});

adminKeysApi.get("/apps/:app/stats", requireAdmin, async (c) => {
  const appId = await adminAppId(c, c.req.param("app"));
  const { results } = await c.env.DB.prepare("SELECT status, count(*) AS n FROM license_keys WHERE app_id = ? GROUP BY status").bind(appId).all<{ status: string; n: number }>();
  const byStatus = Object.fromEntries(KEY_STATUSES.map((status) => [status, results.find((row) => row.status === status)?.n ?? 0]));
  const revenue = await c.env.DB.prepare("SELECT count(*) AS orders, coalesce(sum(vnd_amount), 0) AS total FROM orders WHERE app_id = ?").bind(appId).first<{ orders: number; total: number }>();
  return c.json({
    success: true,
    data: {
      total_keys: results.reduce((sum, row) => sum + row.n, 0),
      ...Object.fromEntries(Object.entries(byStatus).map(([status, n]) => [`${status}_keys`, n])),
      by_status: byStatus,
      total_orders: revenue?.orders ?? 0,
      total_revenue: revenue?.total ?? 0,
    },
  });
});
