// Admin: users and balances (spec §7 "Admin users"). Adjustments go through the user's wallet.
import { count, desc, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { formatVND } from "../../app/lib/format";
import { users, walletTransactions } from "../db/schema";
import { findUserById, toPublicUser } from "../services/accounts";
import { toPublicTransaction } from "../services/wallet";
import { walletFor } from "../wallet/port";
import { type ApiEnv, db } from "./context";
import { ApiError } from "./errors";
import { requireAdmin } from "./require-admin";
import { idempotencyKey, readJson } from "./validate";

export const adminUsersApi = new Hono<ApiEnv>();
adminUsersApi.use(requireAdmin);

adminUsersApi.get("/", async (c) => {
  const search = (c.req.query("search") ?? "").trim().slice(0, 100);
  const page = Math.max(1, Number(c.req.query("page")) || 1);
  const pageSize = Math.min(200, Math.max(1, Number(c.req.query("page_size")) || 50));
  // LIKE with the wildcards of the search escaped: a '%' typed by an admin is just a character.
  const pattern = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const filter = search
    ? sql`(${users.email} LIKE ${pattern} ESCAPE '\\' OR ${users.username} LIKE ${pattern} ESCAPE '\\'
        OR (${users.firstName} || ' ' || ${users.lastName}) LIKE ${pattern} ESCAPE '\\')`
    : undefined;
  const [{ total }] = await db(c).select({ total: count() }).from(users).where(filter);
  const rows = await db(c).select().from(users).where(filter).orderBy(desc(users.id)).limit(pageSize).offset((page - 1) * pageSize);
  return c.json({
    success: true,
    users: rows.map((row) => ({ ...toPublicUser(row), is_active: row.isActive, is_google: row.googleSub !== null })),
    data: rows.map((row) => ({ ...toPublicUser(row), is_active: row.isActive, is_google: row.googleSub !== null })),
    pagination: { page, page_size: pageSize, total, total_pages: Math.ceil(total / pageSize) },
  });
});

adminUsersApi.get("/stats", async (c) => {
  const [row] = await db(c)
    .select({
      total: count(),
      active: sql<number>`sum(case when ${users.isActive} then 1 else 0 end)`,
      google: sql<number>`sum(case when ${users.googleSub} is not null then 1 else 0 end)`,
      balance: sql<number>`coalesce(sum(${users.balance}), 0)`,
      spent: sql<number>`coalesce(sum(${users.totalSpent}), 0)`,
    })
    .from(users);
  const stats = {
    total_users: row.total,
    active_users: Number(row.active ?? 0),
    google_users: Number(row.google ?? 0),
    total_balance: Number(row.balance),
    total_spent: Number(row.spent),
  };
  return c.json({ success: true, stats, data: { ...stats, formatted_total_balance: formatVND(stats.total_balance), formatted_total_spent: formatVND(stats.total_spent) } });
});

adminUsersApi.get("/:id/transactions", async (c) => {
  const id = Number(c.req.param("id"));
  const user = Number.isSafeInteger(id) && id > 0 ? await findUserById(db(c), id) : null;
  if (!user) throw new ApiError(404, "Không tìm thấy người dùng");
  const rows = await db(c).select().from(walletTransactions).where(eq(walletTransactions.userId, user.id)).orderBy(desc(walletTransactions.id)).limit(500);
  const transactions = rows.map(toPublicTransaction);
  return c.json({ success: true, transactions, data: transactions });
});

const adjustSchema = z.object({
  amount: z.coerce
    .number({ error: "Vui lòng nhập số tiền" })
    .int("Số tiền phải là số nguyên")
    .refine((value) => value !== 0, "Vui lòng nhập số tiền")
    .refine((value) => Math.abs(value) <= 1_000_000_000, "Số tiền quá lớn"),
  transaction_type: z.enum(["admin_adjustment", "deposit"]).default("admin_adjustment"),
  description: z.string().trim().max(300).optional(),
});

adminUsersApi.post("/:id/adjust-balance", async (c) => {
  const id = Number(c.req.param("id"));
  const user = Number.isSafeInteger(id) && id > 0 ? await findUserById(db(c), id) : null;
  if (!user) throw new ApiError(404, "Không tìm thấy người dùng");
  const key = idempotencyKey(c);
  const input = await readJson(c, adjustSchema);
  const result = await walletFor(c.env, user.id).adjust({
    amount: input.amount,
    type: input.transaction_type,
    description: input.description || "Điều chỉnh số dư bởi quản trị viên",
    adminId: c.get("user").id,
    idempotencyKey: key,
  });
  if (!result.ok) {
    if (result.error === "key_reused") {
      throw new ApiError(409, "Idempotency-Key này đã được dùng cho một điều chỉnh khác.", { non_field_errors: ["Idempotency-Key này đã được dùng cho một điều chỉnh khác."] });
    }
    if (result.error === "insufficient_balance") {
      throw new ApiError(400, `Không thể trừ quá số dư hiện tại (${formatVND(result.current ?? 0)}).`, { amount: ["Số dư không đủ để trừ"] });
    }
    throw new ApiError(404, "Không tìm thấy người dùng");
  }
  return c.json({ success: true, message: "Điều chỉnh số dư thành công", data: result.wallet });
});

