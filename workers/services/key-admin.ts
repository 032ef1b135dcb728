// Admin key management (spec §7 "Keys", §4, §5): pricing, stock imports, status changes,
// deletes and cleanups. A sold key can be deleted; its buyer keeps the code (orders copy it).
import { formatPrice } from "../shared/format";

export const KEY_ADMIN_MESSAGES = {
  appNotFound: "ID ứng dụng không hợp lệ",
  keyTypeNotFound: "Loại key không tồn tại",
  pricingExists: (type: string) => `Bảng giá cho loại key "${type}" đã tồn tại! Bạn có thể chỉnh sửa hoặc kích hoạt lại.`,
  pricingNotFound: "Không tìm thấy bảng giá",
  pricingRequired: "Vui lòng điền đầy đủ thông tin!",
  pricingDeletion: "Key pricing deletion not implemented yet",
  keysRequired: "Vui lòng nhập danh sách key!",
  keyNotFound: "Key không tồn tại",
  imported: "Keys imported successfully!",
  statusUpdated: "Key status updated successfully!",
  activated: "Key activated successfully!",
  deactivated: "Key deactivated successfully!",
  selectKeys: "Vui lòng chọn ít nhất một key để xóa!",
  onlyAvailable: "Chỉ key có sẵn mới có thể thu hồi",
  duplicatesRefused: (count: number) => `Có ${count} key bị trùng. Bật "bỏ qua key trùng" để nhập các key còn lại.`,
} as const;

export const MAX_IMPORT_LINES = 20_000;
export const MAX_KEY_LENGTH = 200;

export type ParsedKeys = { codes: string[]; totalLines: number; duplicatesInText: number; invalid: number };

/** One key per line; blank lines ignored; repeats inside the text counted once. */
export function parseKeysText(text: string): ParsedKeys {
  const seen = new Set<string>();
  let totalLines = 0;
  let duplicatesInText = 0;
  let invalid = 0;
  for (const line of text.split(/\r?\n/)) {
    const code = line.trim();
    if (!code) continue;
    totalLines += 1;
    // Printable characters only: a key is shown, copied and typed into a mod.
    if (code.length > MAX_KEY_LENGTH || /[\u0000-\u001f\u007f]/.test(code)) {
      invalid += 1;
      continue;
    }
    if (seen.has(code)) duplicatesInText += 1;
    else seen.add(code);
  }
  return { codes: [...seen], totalLines, duplicatesInText, invalid };
}

/** Statements inserting the codes, 100 bound values per statement (D1's limit), skipping ones the app has. */
export function insertKeyStatements(db: D1Database, appId: number, keyTypeId: number, batchId: number, codes: string[], now: number): D1PreparedStatement[] {
  for (const value of [appId, keyTypeId, batchId, now]) if (!Number.isSafeInteger(value)) throw new Error("ids must be integers");
  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < codes.length; start += 100) {
    const chunk = codes.slice(start, start + 100);
    // The integers are ours and checked above; only the codes are bound.
    const rows = chunk.map(() => `(${appId}, ${keyTypeId}, ${batchId}, ?, 'available', ${now}, ${now})`).join(", ");
    statements.push(
      db
        .prepare(`INSERT INTO license_keys (app_id, key_type_id, batch_id, key_code, status, created_at, updated_at) VALUES ${rows} ON CONFLICT (app_id, key_code) DO NOTHING`)
        .bind(...chunk),
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
  created_at: number;
  app_id: number;
  app_url: string;
};

export const KEY_SELECT = `SELECT k.id, k.key_code, k.status, k.key_type_id, t.display_name AS key_type_name, p.price, p.currency,
  k.batch_id, b.batch_name, k.sold_at, k.activated_at, k.expires_at, k.device_id, k.created_at, k.app_id, a.url AS app_url
  FROM license_keys k JOIN key_types t ON t.id = k.key_type_id JOIN apps a ON a.id = k.app_id
  LEFT JOIN key_pricing p ON p.app_id = k.app_id AND p.key_type_id = k.key_type_id
  LEFT JOIN key_batches b ON b.id = k.batch_id`;

const iso = (value: number | null) => (value === null ? null : new Date(value).toISOString());

export function toAdminKey(row: KeyRow) {
  return {
    id: row.id,
    key_code: row.key_code,
    key_value: row.key_code,
    key_type: row.key_type_id,
    key_type_name: row.key_type_name,
    formatted_price: row.price === null ? null : formatPrice(row.price, row.currency ?? "VND"),
    status: row.status,
    batch: row.batch_id === null ? null : { id: row.batch_id, batch_name: row.batch_name },
    app: { id: row.app_id, url: row.app_url },
    device_id: row.device_id,
    sold_at: iso(row.sold_at),
    activated_at: iso(row.activated_at),
    expires_at: iso(row.expires_at),
    created_at: iso(row.created_at),
  };
}

/** Deletes keys by id, 90 ids per statement, in one atomic batch; returns how many went. */
export async function deleteKeys(db: D1Database, where: { appId?: number; ids?: number[]; statuses?: string[] }): Promise<number> {
  if (where.ids) {
    const statements: D1PreparedStatement[] = [];
    for (let start = 0; start < where.ids.length; start += 90) {
      const chunk = where.ids.slice(start, start + 90);
      statements.push(db.prepare(`DELETE FROM license_keys WHERE id IN (${chunk.map(() => "?").join(", ")})`).bind(...chunk));
    }
    if (statements.length === 0) return 0;
    const results = await db.batch(statements);
    return results.reduce((sum, result) => sum + (result.meta.changes ?? 0), 0);
  }
  const statuses = where.statuses ?? [];
  const result = await db
    .prepare(`DELETE FROM license_keys WHERE app_id = ? AND status IN (${statuses.map(() => "?").join(", ")})`)
    .bind(where.appId ?? 0, ...statuses)
    .run();
  return result.meta.changes ?? 0;
}
