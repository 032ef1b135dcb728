import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { promotions, promotionUsages, vietqrTopups, walletTransactions } from "../../../workers/db/schema";
import { api, balanceOf, db, person, request, unique } from "../../factories";
import { call, newAddress } from "../../requests";

// Deposit bonuses as the buyer sees them before paying (the preview) and as the wallet pays them:
// one rule (workers/shared/money/promotions.ts). A promotion that requires a code pays only with its own
// code; a code never unlocks another promotion, and a made-up one adds nothing.

type Body = Record<string, any>;
let bankId = Math.floor(Math.random() * 1e9) + 5e8;

/** A SePay notice of a transfer with this content (the bank's confirmation). */
async function paid(content: string, amount: number) {
  bankId += 1;
  const body = { id: bankId, gateway: "Vietcombank", transactionDate: "2026-11-25 10:00:00", accountNumber: env.VIETQR_ACCOUNT_NUMBER, code: null, content, transferType: "in", transferAmount: amount, accumulated: 1, subAccount: null, referenceCode: `FT${bankId}`, description: "" };
  const response = await request("/api/webhooks/sepay/", { method: "POST", headers: { "Content-Type": "application/json", Authorization: `Apikey ${env.SEPAY_API_KEY}` }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
}

/** A promotion far larger than any other test's, so it is the best one for `minimum`..`maximum`. */
async function promotion(values: { name: string; bonus: number; minimum: number; maximum: number; code?: string; requiresCode?: boolean }) {
  const now = Date.now();
  const [row] = await db
    .insert(promotions)
    .values({
      name: values.name,
      code: values.code ?? unique("AUTO").toUpperCase(),
      promotionType: "fixed",
      bonusAmount: values.bonus,
      minDepositAmount: values.minimum,
      maxDepositAmount: values.maximum,
      requiresCode: values.requiresCode ?? false,
      isAutomatic: !values.requiresCode,
      startDate: new Date(now - 60_000),
      endDate: new Date(now + 86_400_000),
    })
    .returning();
  return row;
}

const preview = (token: string, query: string) => api(`/api/auth/wallet/deposit-bonus/?${query}`, { token });

describe("deposit bonuses: the preview and the wallet agree", () => {
  it("the preview names the automatic promotion and its bonus, and the paid top-up carries that bonus", async () => {
    const auto = await promotion({ name: "Nạp 137k tặng quà", bonus: 3_100_000, minimum: 137_000, maximum: 137_000 });
    const buyer = await person();
    const shown = await preview(buyer.token, "amount=137000");
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ promotion: { id: auto.id, name: "Nạp 137k tặng quà" }, bonus: 3_100_000, formatted_bonus: "3.100.000\u00a0₫", code_status: "none" });
    expect((await preview(buyer.token, "amount=136000")).body.data).toMatchObject({ bonus: 0, promotion: null });

    const created = await api("/api/vietqr/create/", { token: buyer.token, body: { amount: 137000 } });
    await paid(created.body.data.description, 137000);
    expect(await balanceOf(buyer.id)).toBe(137000 + 3_100_000);
    const status = await api("/api/vietqr/status/", { token: buyer.token, body: { transaction_id: created.body.data.transaction_id } });
    expect(status.body.data).toMatchObject({ status: "paid", bonus_amount: 3_100_000, formatted_bonus_amount: "3.100.000\u00a0₫" });
    await db.update(promotions).set({ status: "inactive" }).where(eq(promotions.id, auto.id));
  });

  it("refuses amounts and codes that are not well formed, in the store's shape", async () => {
    const buyer = await person();
    const bad = await preview(buyer.token, "amount=abc");
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    expect((await api("/api/auth/wallet/deposit-bonus/?amount=100000")).status).toBe(401);
  });
});

describe("attacks on deposit bonuses", () => {
  it("a code for one promotion does not unlock another promotion", async () => {
    const small = await promotion({ name: "Mã nhỏ", bonus: 2_000_000, minimum: 139_000, maximum: 139_000, code: unique("SMALL").toUpperCase(), requiresCode: true });
    const big = await promotion({ name: "Mã lớn", bonus: 9_000_000, minimum: 139_000, maximum: 139_000, code: unique("BIG").toUpperCase(), requiresCode: true });
    const buyer = await person();
    // Without a code, neither pays; with the small one's code, only the small one.
    expect((await preview(buyer.token, "amount=139000")).body.data).toMatchObject({ bonus: 0, promotion: null });
    const withSmall = await preview(buyer.token, `amount=139000&code=${small.code.toLowerCase()}`);
    expect(withSmall.body.data).toMatchObject({ promotion: { id: small.id }, bonus: 2_000_000, code_status: "valid" });

    const created = await api("/api/vietqr/create/", { token: buyer.token, body: { amount: 139000, promotion_code: small.code } });
    expect(created.status).toBe(201);
    await paid(created.body.data.description, 139000);
    expect(await balanceOf(buyer.id)).toBe(139000 + 2_000_000);
    const bonuses = await db.select().from(walletTransactions).where(eq(walletTransactions.userId, buyer.id));
    expect(bonuses.filter((row) => row.source === "bonus").map((row) => row.promotionId)).toEqual([small.id]);
    await db.update(promotions).set({ status: "inactive" }).where(eq(promotions.id, big.id));
    await db.update(promotions).set({ status: "inactive" }).where(eq(promotions.id, small.id));
  });

  it("a made-up code adds no bonus: the preview says so, the top-up is refused, and a code slipped into the row pays nothing", async () => {
    const locked = await promotion({ name: "Chỉ có mã", bonus: 4_000_000, minimum: 141_000, maximum: 141_000, code: unique("REAL").toUpperCase(), requiresCode: true });
    const buyer = await person();
    const guessed = await preview(buyer.token, "amount=141000&code=BONUS123");
    expect(guessed.body.data).toMatchObject({ bonus: 0, promotion: null, code_status: "invalid" });
    const refused = await api("/api/vietqr/create/", { token: buyer.token, body: { amount: 141000, promotion_code: "BONUS123" } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, errors: { promotion_code: ["Mã khuyến mãi không hợp lệ hoặc đã hết hạn"] } });

    const created = await api("/api/vietqr/create/", { token: buyer.token, body: { amount: 141000 } });
    await db.update(vietqrTopups).set({ promotionCode: "BONUS123" }).where(eq(vietqrTopups.transactionId, created.body.data.transaction_id));
    await paid(created.body.data.description, 141000);
    expect(await balanceOf(buyer.id)).toBe(141000);
    await db.update(promotions).set({ status: "inactive" }).where(eq(promotions.id, locked.id));
  });
});

describe("attack: guessing promotion codes (issue 52 item 2)", () => {
  const guess = (token: string, code: string, address = newAddress()) => call(`/api/auth/wallet/deposit-bonus/?amount=143000&code=${code}`, { token, address });

  it("guesses codes from one account, each from a new address: counted like passwords, and the code-only promotion is never named", { timeout: 60_000 }, async () => {
    const locked = await promotion({ name: "Nửa giá trị, chỉ có mã", bonus: 5_000_000, minimum: 143_000, maximum: 143_000, code: unique("HALF").toUpperCase(), requiresCode: true });
    const buyer = await person();
    const answers = [];
    for (let tried = 0; tried < 25; tried += 1) answers.push(await guess(buyer.token, `GUESS${tried}`));
    expect(answers).toHaveLength(25);
    expect(answers.slice(0, 20).map((answer) => answer.body.data)).toEqual(Array(20).fill({ promotion: null, bonus: 0, formatted_bonus: "0\u00a0₫", code_status: "invalid" }));
    expect(answers.slice(20).map((answer) => answer.status)).toEqual([429, 429, 429, 429, 429]);
    expect(Number(answers[24].headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(JSON.stringify(answers)).not.toContain(locked.name);
    // Past the limit the right code is not checked either, and a top-up carrying it is refused too.
    const right = await guess(buyer.token, locked.code);
    expect(right.status).toBe(429);
    expect(JSON.stringify(right.body)).not.toContain(locked.name);
    const topup = await call("/api/vietqr/create/", { token: buyer.token, body: { amount: 143000, promotion_code: locked.code } });
    expect(topup.status).toBe(429);
    await db.update(promotions).set({ status: "inactive" }).where(eq(promotions.id, locked.id));
  });

  it("guesses through the top-up itself: each refused code counts toward the same limit", { timeout: 60_000 }, async () => {
    const buyer = await person();
    const statuses = [];
    for (let tried = 0; tried < 21; tried += 1) statuses.push((await call("/api/vietqr/create/", { token: buyer.token, body: { amount: 60000, promotion_code: `TOPUP${tried}` } })).status);
    expect(statuses).toEqual([...Array(20).fill(400), 429]);
    expect((await guess(buyer.token, "ANOTHER")).status).toBe(429);
  });

  it("spreads guesses over many accounts from one address: refused past the address's limit", { timeout: 120_000 }, async () => {
    const address = newAddress();
    const statuses = [];
    for (let tried = 0; tried < 61; tried += 1) statuses.push((await guess((await person()).token, `SPREAD${tried}`, address)).status);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it("a buyer who mistypes a few times and then types the right code is counted afresh", async () => {
    const offered = await promotion({ name: "Mã đúng sau vài lần gõ sai", bonus: 2_500_000, minimum: 145_000, maximum: 145_000, code: unique("TYPO").toUpperCase(), requiresCode: true });
    const buyer = await person();
    for (let tried = 0; tried < 5; tried += 1) expect((await guess(buyer.token, `TYPO${tried}`)).body.data.code_status).toBe("invalid");
    const right = await call(`/api/auth/wallet/deposit-bonus/?amount=145000&code=${offered.code}`, { token: buyer.token });
    expect(right.body.data).toMatchObject({ promotion: { id: offered.id, name: offered.name }, code_status: "valid" });
    const statuses = [];
    for (let tried = 0; tried < 20; tried += 1) statuses.push((await guess(buyer.token, `AFTER${tried}`)).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    await db.update(promotions).set({ status: "inactive" }).where(eq(promotions.id, offered.id));
  });
});

describe("attacks on pending VietQR top-ups", () => {
  it("a second account cannot reach the first one's pending transfer: not listed, not read, not cancelled", async () => {
    const owner = await person();
    const other = await person();
    const created = await api("/api/vietqr/create/", { token: owner.token, body: { amount: 60000 } });
    const { transaction_id: id, description: content } = created.body.data as Body;

    const own = await api("/api/vietqr/history/", { token: owner.token });
    expect(own.body.data.map((row: Body) => row.description)).toContain(content);
    const theirs = await api("/api/vietqr/history/", { token: other.token });
    expect(JSON.stringify(theirs.body)).not.toContain(content);
    for (const [path, body] of [["/api/vietqr/status/", { transaction_id: id }], ["/api/vietqr/cancel/", { transaction_id: id }]] as const) {
      const answer = await api(path, { token: other.token, body });
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain(content);
    }
    const detail = await api(`/api/vietqr/detail/${id}/`, { token: other.token });
    expect(detail.status).toBe(404);
    expect((await api("/api/vietqr/history/")).status).toBe(401);
    expect((await db.select().from(vietqrTopups).where(eq(vietqrTopups.transactionId, id)))[0].status).toBe("pending");
  });

  it("an admin deleting a promotion that has paid a bonus cannot erase the bonus's history: it is archived, gone from the list and from new top-ups", async () => {
    const paidOut = await promotion({ name: "Nạp 139k tặng quà", bonus: 3_300_000, minimum: 139_000, maximum: 139_000 });
    const buyer = await person();
    const created = await api("/api/vietqr/create/", { token: buyer.token, body: { amount: 139000 } });
    await paid(created.body.data.description, 139000);
    expect(await balanceOf(buyer.id)).toBe(139000 + 3_300_000);
    const admin = await person("superuser");

    // The admin's delete works as the specification says...
    const deleted = await api(`/api/promotions/${paidOut.id}/`, { token: admin.token, method: "DELETE" });
    expect(deleted.status).toBe(200);
    // ...and the promotion, its use and the ledger's bonus line are all still there, still linked.
    const [archived] = await db.select().from(promotions).where(eq(promotions.id, paidOut.id));
    expect(archived.status).toBe("archived");
    expect(await db.select().from(promotionUsages).where(eq(promotionUsages.promotionId, paidOut.id))).toHaveLength(1);
    const bonusLines = await db.select().from(walletTransactions).where(eq(walletTransactions.promotionId, paidOut.id));
    expect(bonusLines.map((line) => line.amount)).toEqual([3_300_000]);
    // Gone for the admin: not listed, not editable, not deleted twice; and no new top-up earns it.
    const listed = await api("/api/promotions/?status=all", { token: admin.token });
    expect(listed.body.data.map((item: { id: number }) => item.id)).not.toContain(paidOut.id);
    expect((await api(`/api/promotions/${paidOut.id}/`, { token: admin.token, method: "DELETE" })).status).toBe(404);
    const edited = await api(`/api/promotions/${paidOut.id}/`, { token: admin.token, method: "PUT", body: { name: paidOut.name, promotion_type: "fixed", bonus_amount: 3_300_000, min_deposit_amount: 139000, max_deposit_amount: 139000, start_date: new Date(Date.now() - 60_000).toISOString(), end_date: new Date(Date.now() + 86_400_000).toISOString(), status: "active" } });
    expect(edited.status).toBe(404);
    const later = await person();
    const again = await api("/api/vietqr/create/", { token: later.token, body: { amount: 139000 } });
    await paid(again.body.data.description, 139000);
    expect(await balanceOf(later.id)).toBe(139000);
    // The audit names what was deleted.
    const [audited] = (await env.DB.prepare("SELECT action FROM audit_events WHERE action = 'promotion.delete' AND target_id = ? ORDER BY id DESC LIMIT 1").bind(String(paidOut.id)).all<{ action: string }>()).results;
    expect(audited?.action).toBe("promotion.delete");

    // A promotion nobody used is deleted as before.
    const unused = await promotion({ name: "Chưa ai dùng", bonus: 1000, minimum: 1, maximum: 1 });
    expect((await api(`/api/promotions/${unused.id}/`, { token: admin.token, method: "DELETE" })).status).toBe(200);
    expect(await db.select().from(promotions).where(eq(promotions.id, unused.id))).toHaveLength(0);
  });
});
