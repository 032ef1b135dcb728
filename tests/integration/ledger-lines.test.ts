// The buyer's ledger says each line in the reader's language from the row's code and arguments
// (issue 51, docs/decisions/0070-ledger-lines-by-code.md): the English comes from the code, never
// from the stored Vietnamese, and a row's stored arguments are checked before they are said.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LEDGER_MESSAGES } from "../../workers/money/messages";
import { applyEntries } from "../../workers/money/wallet/money";
import { api, person, unique } from "../factories";

type Row = { description: string; line: string | null; line_code: string | null; reference: string };

const ledger = async (token: string, lang: "vi" | "en") => (await api("/api/auth/wallet/transactions/", { token, headers: { "Accept-Language": lang } })).body.data as Row[];

/** A ledger row written as a hand (or an old Worker) might: its description, code and arguments as given. */
async function rawRow(userId: number, description: string, code: string | null, args: string | null) {
  const reference = unique("raw");
  await env.DB.prepare(
    `INSERT INTO wallet_transactions (user_id, transaction_type, source, amount, balance_before, balance_after, status, description, description_code, description_args, reference)
     VALUES (?, 'deposit', 'bonus', 0, 0, 0, 'completed', ?, ?, ?, ?)`,
  )
    .bind(userId, description, code, args, reference)
    .run();
  return reference;
}

describe("the buyer's ledger lines", () => {
  it("are said in the reader's language from their code, amounts as that language writes them; the stored Vietnamese stays beside them", async () => {
    const buyer = await person();
    const reference = unique("card");
    const line = LEDGER_MESSAGES.card("VIETTEL", 100_000, "4321", 20, 80_000);
    expect((await applyEntries(env.DB, buyer.id, [{ type: "deposit", source: "card", amount: 80_000, reference, line }])).ok).toBe(true);
    const [vi] = await ledger(buyer.token, "vi");
    const [en] = await ledger(buyer.token, "en");
    const stored = "Nạp tiền bằng thẻ cào Viettel 100.000\u00a0₫, serial …4321: 100.000\u00a0₫ trừ phí 20% còn 80.000\u00a0₫";
    expect(vi).toMatchObject({ reference, description: stored, line: stored, line_code: "ledger_card" });
    expect(en).toMatchObject({ reference, description: stored, line_code: "ledger_card", line: "Phone card top-up: Viettel 100,000\u00a0₫, serial …4321: 100,000\u00a0₫ less the 20% fee is 80,000\u00a0₫" });
  });

  it("keep their English and code when the stored Vietnamese says something else: the English comes from the code, not the text", async () => {
    const buyer = await person();
    const reference = await rawRow(buyer.id, "Một câu tiếng Việt viết lại hoàn toàn", "ledger_vietqr", JSON.stringify(["IGHABCD1234"]));
    const [en] = await ledger(buyer.token, "en");
    expect(en).toMatchObject({ reference, line_code: "ledger_vietqr", line: "VietQR top-up IGHABCD1234", description: "Một câu tiếng Việt viết lại hoàn toàn" });
    // The Vietnamese reader is told the declared line too; the stored text stays for the admin screens.
    expect((await ledger(buyer.token, "vi"))[0]).toMatchObject({ line: "Nạp tiền VietQR IGHABCD1234" });
  });

  it("a row with no code, or with a code no ledger line declares, is shown by its stored description", async () => {
    const buyer = await person();
    await rawRow(buyer.id, "Dòng cũ không rõ dạng", null, null);
    await rawRow(buyer.id, "Dòng có mã lạ", "server_error", "[]");
    const rows = await ledger(buyer.token, "en");
    expect(rows.map(({ line, line_code, description }) => [line, line_code, description])).toEqual([
      [null, null, "Dòng có mã lạ"],
      [null, null, "Dòng cũ không rõ dạng"],
    ]);
  });
});

describe("attack: a ledger row's stored arguments", () => {
  it("cannot carry an oversized text, an object or the wrong number of arguments into the page: the line is refused and the row shown by its description", async () => {
    const buyer = await person();
    const huge = `<img src=x onerror=alert(1)>${"A".repeat(100_000)}`;
    await rawRow(buyer.id, "quá dài", "ledger_bonus", JSON.stringify([huge]));
    await rawRow(buyer.id, "đối tượng", "ledger_bonus", JSON.stringify([{ toString: "x", length: 1 }]));
    await rawRow(buyer.id, "thiếu", "ledger_card", JSON.stringify(["VIETTEL", 100_000]));
    await rawRow(buyer.id, "số giả", "ledger_debt_repaid", JSON.stringify(["1e400"]));
    await rawRow(buyer.id, "không phải JSON", "ledger_vietqr", "IGH{");
    const rows = await ledger(buyer.token, "en");
    expect(rows.map(({ line, line_code }) => [line, line_code])).toEqual(Array.from({ length: 5 }, () => [null, null]));
    expect(JSON.stringify(rows)).not.toContain("onerror");
  });

  it("a line is at most the description's 300 characters in either language", async () => {
    const buyer = await person();
    const note = "N".repeat(300);
    await rawRow(buyer.id, "dài", "ledger_transfer_by_hand", JSON.stringify([note]));
    for (const lang of ["vi", "en"] as const) {
      const [row] = await ledger(buyer.token, lang);
      expect(row.line_code).toBe("ledger_transfer_by_hand");
      expect(row.line?.length).toBe(300);
    }
  });

  it("a buyer reads only their own lines", async () => {
    const owner = await person();
    const other = await person();
    const reference = await rawRow(owner.id, "của người khác", "ledger_vietqr", JSON.stringify(["IGHOWNER0001"]));
    expect((await ledger(other.token, "en")).map((row) => row.reference)).not.toContain(reference);
    expect((await ledger(owner.token, "en")).map((row) => row.reference)).toContain(reference);
  });
});
