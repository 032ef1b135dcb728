// The admin's CSV exports (issue #18): UTF-8 with a BOM, a header row, RFC 4180 escaping, days
// in Vietnam's time zone (inclusive), streamed page by page.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../workers/db/schema";
import { csvField, exportCsv } from "../../workers/owner/exports";
import { applyEntries } from "../../workers/money/wallet/money";
import { api, db, funded, listing, person, request, unique } from "../factories";
import { LEDGER_MESSAGES } from "@workers/money/messages";

/** 2026-11-25 00:00 in Vietnam (UTC+7) as UTC milliseconds. */
const VN_MIDNIGHT_25 = Date.UTC(2026, 10, 24, 17);

async function download(token: string, path: string) {
  const response = await request(path, { headers: { Authorization: `Bearer ${token}` } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, text: new TextDecoder().decode(bytes) };
}

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted && char === '"' && text[index + 1] === '"') {
      field += '"';
      index += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (quoted) {
      field += char;
    } else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\r" && text[index + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      index += 1;
    } else {
      field += char;
    }
  }
  return rows;
}

/** Ledger rows `first`..`last` for `userId` on one day, generated in SQL: amount i at `day` + i ms. */
async function ledgerRows(userId: number, prefix: string, day: number, first: number, last: number) {
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT ?4 UNION ALL SELECT i + 1 FROM n WHERE i < ?5)
     INSERT INTO wallet_transactions (user_id, transaction_type, source, amount, balance_before, balance_after, status, description, reference, created_at)
     SELECT ?1, 'deposit', 'admin', i, 0, i, 'completed', 'dòng ' || i, ?2 || ':' || i, ?3 + i FROM n`,
  )
    .bind(userId, prefix, day, first, last)
    .run();
}

describe("csvField", () => {
  it("quotes commas, quotes and line breaks, and keeps formulas as text", () => {
    expect(csvField("Chiến Binh Rồng")).toBe("Chiến Binh Rồng");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("one\r\ntwo")).toBe('"one\r\ntwo"');
    expect(csvField(-50000)).toBe("-50000");
    expect(csvField("=HYPERLINK(1)", true)).toBe("'=HYPERLINK(1)");
    expect(csvField(null)).toBe("");
  });
});

describe("GET /api/admin/exports/transactions.csv", () => {
  it("gives a BOM, a header and the period's ledger rows with the user's name and e-mail, escaped", async () => {
    const admin = await person("superuser");
    const user = await person();
    const tricky = `=cmd_${user.id}`;
    await db.update(users).set({ username: tricky }).where(eq(users.id, user.id));
    const description = 'Nạp "thử", dòng một\ndòng hai – Chiến Binh Rồng';
    const first = unique("csv");
    expect((await applyEntries(env.DB, user.id, [{ type: "deposit", source: "admin", amount: 120000, reference: first, line: LEDGER_MESSAGES.adjustment(description) }], [], VN_MIDNIGHT_25 + 1000)).ok).toBe(true);

    const { response, bytes, text } = await download(admin.token, "/api/admin/exports/transactions.csv?from=2026-11-25&to=2026-11-25");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="giao-dich_2026-11-25_2026-11-25.csv"');
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(text.replace(/^\uFEFF/, ""));
    expect(rows[0]).toEqual(["Mã giao dịch", "Thời gian (giờ Việt Nam)", "Tên đăng nhập", "Email", "Loại", "Nguồn", "Số tiền (₫)", "Số dư trước (₫)", "Số dư sau (₫)", "Trạng thái", "Mô tả", "Mã tham chiếu", "Mệnh giá khai báo (₫)", "Giá trị thật (₫)"]);
    const mine = rows.find((row) => row[11] === first);
    expect(mine?.slice(1)).toEqual(["2026-11-25 00:00:01", `'${tricky}`, user.email, "Nạp tiền", "Admin", "120000", "0", "120000", "Hoàn thành", description, first, "", ""]);
    // The raw line quotes the description as RFC 4180 says.
    expect(text).toContain('"Nạp ""thử"", dòng một\ndòng hai – Chiến Binh Rồng"');
  });

  it("takes both days whole in Vietnam's time zone, and nothing either side", async () => {
    const admin = await person("superuser");
    const user = await person();
    const at = async (millis: number) => {
      const reference = unique("edge");
      await applyEntries(env.DB, user.id, [{ type: "deposit", source: "admin", amount: 1000, reference, line: LEDGER_MESSAGES.adjustment("biên") }], [], millis);
      return reference;
    };
    const before = await at(VN_MIDNIGHT_25 - 1);
    const firstMoment = await at(VN_MIDNIGHT_25);
    const lastMoment = await at(VN_MIDNIGHT_25 + 2 * 86_400_000 - 1);
    const after = await at(VN_MIDNIGHT_25 + 2 * 86_400_000);
    const { text } = await download(admin.token, "/api/admin/exports/transactions.csv?from=2026-11-25&to=2026-11-26");
    expect(text).toContain(firstMoment);
    expect(text).toContain(lastMoment);
    expect(text).not.toContain(before);
    expect(text).not.toContain(after);
  });

  it("streams a period longer than one page, every row once, in order", async () => {
    const admin = await person("superuser");
    const user = await person();
    const prefix = unique("bulk");
    // 1,234 rows on one day of 2019 (no other test writes there), generated in SQL.
    const day = Date.UTC(2019, 4, 1, 3);
    await ledgerRows(user.id, prefix, day, 1, 1234);
    const { text } = await download(admin.token, "/api/admin/exports/transactions.csv?from=2019-05-01&to=2019-05-01");
    const rows = parseCsv(text.replace(/^\uFEFF/, "")).slice(1);
    expect(rows).toHaveLength(1234);
    expect(rows.map((row) => Number(row[6]))).toEqual(Array.from({ length: 1234 }, (_, index) => index + 1));
    expect(new Set(rows.map((row) => row[0])).size).toBe(1234);
  });

  it("streams every row of a period that needs the whole query budget: the count query is part of the budget", async () => {
    // A year of a busy shop needs every query D1 allows one download; here the budget is 4 queries
    // (set-up: scaled down from 900 so 12 rows show it) and the period holds 12 rows.
    const user = await person();
    const prefix = unique("budget");
    const day = Date.UTC(2018, 2, 1, 3);
    await ledgerRows(user.id, prefix, day, 1, 12);
    const stream = await exportCsv(env.DB, "transactions", { from: "2018-03-01", to: "2018-03-01" }, { queryBudget: 4, minPageRows: 1 });
    if (stream === "too_large") throw new Error("12 rows fit in 4 queries of 4 rows");
    const text = await new Response(stream).text();
    const rows = parseCsv(text.replace(/^\uFEFF/, "")).slice(1);
    expect(rows.map((row) => Number(row[6]))).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
    // One row more than the budget can carry is refused before the answer starts.
    await ledgerRows(user.id, prefix, day, 13, 13);
    const tooLarge = await exportCsv(env.DB, "transactions", { from: "2018-03-01", to: "2018-03-01" }, { queryBudget: 4, minPageRows: 1, maxPageRows: 4 });
    expect(tooLarge).toBe("too_large");
  });

  it("answers an empty period with the header alone, and refuses a bad range in Vietnamese", async () => {
    const admin = await person("superuser");
    const { text } = await download(admin.token, "/api/admin/exports/orders.csv?from=2001-01-01&to=2001-01-02");
    expect(parseCsv(text.replace(/^\uFEFF/, ""))).toHaveLength(1);
    const backwards = await api("/api/admin/exports/transactions.csv?from=2026-11-26&to=2026-11-25", { token: admin.token });
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ success: false, message: "Ngày bắt đầu phải trước hoặc bằng ngày kết thúc" });
    for (const query of ["from=2026-02-30&to=2026-03-01", "from=26-11-2026&to=2026-11-27", "to=2026-11-27"]) {
      const refused = await api(`/api/admin/exports/orders.csv?${query}`, { token: admin.token });
      expect(refused.status, query).toBe(400);
      expect(refused.body, query).toMatchObject({ success: false, message: "Ngày không hợp lệ (định dạng YYYY-MM-DD)", errors: { from: ["Ngày không hợp lệ (định dạng YYYY-MM-DD)"] } });
    }
  });
});

describe("GET /api/admin/exports/orders.csv", () => {
  it("gives one row per order with the buyer, the key, what was charged and the balance around it", async () => {
    const admin = await person("superuser");
    const buyer = await funded(200_000);
    const { app, pricing } = await listing({ price: 45_000, stock: 3 });
    const bought = await api("/api/keys/purchase/", { token: buyer.token, body: { key_pricing_id: pricing.id, payment_method: "balance" } });
    expect(bought.status).toBe(200);
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const { response, text } = await download(admin.token, `/api/admin/exports/orders.csv?from=${today}&to=${today}`);
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="don-hang_${today}_${today}.csv"`);
    const rows = parseCsv(text.replace(/^\uFEFF/, ""));
    expect(rows[0]).toEqual(["Mã đơn", "Thời gian (giờ Việt Nam)", "Tên đăng nhập", "Email", "Ứng dụng", "Loại key", "Giá", "Tiền tệ", "Số tiền trừ ví (₫)", "Số dư trước (₫)", "Số dư sau (₫)", "Trạng thái", "Mô tả", "Mã tham chiếu"]);
    const order = rows.find((row) => row[2] === buyer.username);
    expect(order?.slice(3, 12)).toEqual([buyer.email, app.name, "7 Ngày", "45000", "VND", "45000", "200000", "155000", "Hoàn thành"]);
    expect(order?.[12]).toContain(app.name);
  });
});
