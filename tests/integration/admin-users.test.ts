import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users, walletTransactions } from "../../workers/db/schema";
import { db, person, request } from "../factories";

type Body = Record<string, any>;

async function adjust(token: string | undefined, userId: number, body: unknown) {
  const response = await request(`/api/admin/users/${userId}/adjust-balance/`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

describe("POST /api/admin/users/{id}/adjust-balance/", () => {
  it("is refused to anonymous visitors (401) and plain users (403), changing nothing", async () => {
    const target = await person();
    const plain = await person();
    expect((await adjust(undefined, target.id, { amount: 1000 })).status).toBe(401);
    expect(await adjust(plain.token, target.id, { amount: 1000 })).toEqual({
      status: 403,
      body: { success: false, code: "access_denied", message: "Access Denied: Bạn không có quyền truy cập trang này" },
    });
    const [row] = await db.select({ balance: users.balance }).from(users).where(eq(users.id, target.id));
    expect(row.balance).toBe(0);
  });

  it("lets staff and superusers credit and deduct, never below zero, recording who did it", async () => {
    const target = await person();
    const staff = await person("staff");
    const owner = await person("superuser");
    const credited = await adjust(staff.token, target.id, { amount: 250000, transaction_type: "deposit" });
    expect(credited.body).toMatchObject({ success: true, message: "Điều chỉnh số dư thành công", data: { balance: 250000 } });
    const deducted = await adjust(owner.token, target.id, { amount: -50000, description: "Thu hồi khuyến mãi" });
    expect(deducted.body.data.balance).toBe(200000);
    const refused = await adjust(owner.token, target.id, { amount: -500000 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Không thể trừ quá số dư hiện tại (200.000\u00a0₫).");
    const rows = await db.select().from(walletTransactions).where(eq(walletTransactions.userId, target.id));
    expect(rows.map((row) => [row.transactionType, row.amount, row.createdBy, row.description])).toEqual([
      ["deposit", 250000, staff.id, "Điều chỉnh số dư bởi quản trị viên"],
      ["admin_adjustment", -50000, owner.id, "Thu hồi khuyến mãi"],
    ]);
  });

  it("validates the amount and the target", async () => {
    const admin = await person("superuser");
    const target = await person();
    expect((await adjust(admin.token, target.id, {})).body.errors).toEqual({ amount: ["Vui lòng nhập số tiền"] });
    expect((await adjust(admin.token, target.id, { amount: 0 })).body.errors).toEqual({ amount: ["Vui lòng nhập số tiền"] });
    expect((await adjust(admin.token, target.id, { amount: 10.5 })).body.errors).toEqual({ amount: ["Số tiền phải là số nguyên"] });
    expect((await adjust(admin.token, target.id, { amount: 1000, transaction_type: "purchase" })).status).toBe(400);
    expect((await adjust(admin.token, 999_999_999, { amount: 1000 })).status).toBe(404);
  });

  it("refuses what its schema gives no words to in Vietnamese too (an over-long note, an unknown type)", async () => {
    const admin = await person("superuser");
    const target = await person();
    const long = await adjust(admin.token, target.id, { amount: 1000, description: "x".repeat(301) });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ description: ["Tối đa 300 ký tự"] });
    expect(long.body.message).toBe("Tối đa 300 ký tự");
    const wrongType = await adjust(admin.token, target.id, { amount: 1000, transaction_type: "purchase" });
    expect(wrongType.body.errors.transaction_type).toEqual(["Chỉ nhận: admin_adjustment, deposit"]);
  });

  it("a demoted admin loses access at once (roles come from the database)", async () => {
    const admin = await person("staff");
    const target = await person();
    expect((await adjust(admin.token, target.id, { amount: 1000 })).status).toBe(200);
    await db.update(users).set({ isStaff: false }).where(eq(users.id, admin.id));
    expect((await adjust(admin.token, target.id, { amount: 1000 })).status).toBe(403);
    const [count] = await db.select({ n: sql<number>`count(*)` }).from(walletTransactions).where(eq(walletTransactions.userId, target.id));
    expect(count.n).toBe(1);
  });
});
