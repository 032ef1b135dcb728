// Migration 0026's backfill (issue 51, docs/decisions/0070-ledger-lines-by-code.md): on a store at
// 0025 shaped like production (the rehearsal's seeded store: several rows in every table, ids past
// 1, then many ledger rows), every form the store wrote gets its code and arguments, taken from the
// row's source where it has one; a line no form knows, or one whose source row is not the buyer's,
// keeps NULL. Only the two new columns are written. tests/unit/english-wallet.test.ts holds the
// same lines' codes and arguments to their Vietnamese, so a backfilled row says what it stored.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { projectRoot } from "../../scripts/lib.mjs";
import { applyAsD1, emptyStore, lossesSince, seedEmptyTables, shapeOf } from "../../scripts/migration-rehearsal.mjs";

const { lines } = JSON.parse(readFileSync(join(projectRoot, "tests/fixtures/ledger-lines.json"), "utf8"));
const MIGRATION = "0026_ledger_line_codes.sql";

/** A store at the migration before 0026, seeded as the rehearsal seeds it. */
function storeBefore() {
  const store = emptyStore();
  const files = readdirSync(join(projectRoot, "migrations")).filter((name) => name.endsWith(".sql")).sort();
  const at = files.indexOf(MIGRATION);
  assert.ok(at > 0);
  for (const file of files.slice(0, at)) applyAsD1(store, readFileSync(join(projectRoot, "migrations", file), "utf8"));
  assert.deepEqual(seedEmptyTables(store), []);
  return store;
}

/** Writes the fixture's lines for `userId`, each with its source row, from ledger id `firstId` on, after `filler` unknown lines. */
function writeLines(store, userId, firstId, filler) {
  const one = (sql, ...values) => store.prepare(sql).run(...values);
  const anyRow = (table) => store.prepare(`SELECT id FROM ${table} ORDER BY id LIMIT 1`).get().id;
  let id = firstId;
  let balance = 10_000_000;
  const ledger = (line) => {
    one(
      `INSERT INTO wallet_transactions (id, user_id, transaction_type, source, amount, balance_before, balance_after, status, description, reference, order_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'completed', ?, ?, ?)`,
      id++, userId, line.type ?? "deposit", line.source, line.amount, balance, balance + line.amount, line.description, line.reference, line.orderId ?? null,
    );
    balance += line.amount;
  };
  for (let k = 0; k < filler; k++) ledger({ source: "admin", type: "deposit", amount: 1000, description: "", reference: `filler:${k}` });
  let crypto = 0;
  for (const line of lines) {
    const row = { ...line };
    if (line.vietqr) {
      const topup = anyRow("vietqr_topups");
      one("UPDATE vietqr_topups SET user_id = ?, transfer_code = ?, status = 'paid' WHERE id = ?", userId, line.vietqr.transfer_code, topup);
    }
    if (line.card) {
      const { request_id, telco, card_value, card_serial, fee_percent, real_value, status } = line.card;
      const card = store.prepare("SELECT id FROM card_topups WHERE request_id LIKE 'seed%' ORDER BY id LIMIT 1").get().id;
      one("UPDATE card_topups SET user_id = ?, request_id = ?, telco = ?, card_value = ?, card_serial = ?, fee_percent = ?, real_value = ?, status = ? WHERE id = ?", userId, request_id, telco, card_value, card_serial, fee_percent, real_value, status, card);
    }
    if (line.crypto) {
      const topup = store.prepare("SELECT id FROM crypto_topups ORDER BY id LIMIT 1 OFFSET ?").get(crypto++).id;
      one("UPDATE crypto_topups SET user_id = ?, usd_cents = ?, payment_id = ? WHERE id = ?", userId, line.crypto.usd_cents, line.crypto.payment_id, topup);
    }
    if (line.order) {
      const order = anyRow("orders");
      const type = store.prepare("SELECT id FROM key_types WHERE name = ?").get(line.order.key_type_code).id;
      one("UPDATE orders SET key_type_name = ?, app_name = ?, key_type_id = ? WHERE id = ?", line.order.key_type_name, line.order.app_name, type, order);
      row.orderId = order;
    }
    ledger(row);
  }
}

describe("migration 0026: the ledger's lines by code", () => {
  test("backfills each form's code and arguments from the row's source, leaves the unknown NULL, and writes nothing else", () => {
    const store = storeBefore();
    try {
      const userId = store.prepare("SELECT id FROM users ORDER BY id DESC LIMIT 1").get().id;
      assert.ok(userId > 1);
      writeLines(store, userId, 7001, 200);
      const before = shapeOf(store);
      applyAsD1(store, readFileSync(join(projectRoot, "migrations", MIGRATION), "utf8"));
      // Two new columns, every row and every earlier column as it was (the rehearsal's own measure).
      assert.deepEqual(lossesSince(store, before), []);
      const rows = store.prepare("SELECT reference, description, description_code, description_args FROM wallet_transactions WHERE id >= 7001 ORDER BY id").all();
      assert.equal(rows.length, 200 + lines.length);
      const byReference = new Map(rows.map((row) => [row.reference, row]));
      for (const line of lines) {
        const row = byReference.get(line.reference);
        assert.equal(row.description, line.description);
        assert.deepEqual([row.description_code, row.description_args === null ? null : JSON.parse(row.description_args)], [line.code, line.args], line.description);
      }
      // An empty description is no form: the filler keeps NULL.
      assert.equal(rows.filter((row) => row.reference.startsWith("filler:") && row.description_code !== null).length, 0);
    } finally {
      store.close();
    }
  });

  test("a second run changes nothing (each statement only fills a row still without a code)", () => {
    const store = storeBefore();
    try {
      const userId = store.prepare("SELECT id FROM users ORDER BY id DESC LIMIT 1").get().id;
      writeLines(store, userId, 9001, 20);
      const sql = readFileSync(join(projectRoot, "migrations", MIGRATION), "utf8");
      applyAsD1(store, sql);
      const first = store.prepare("SELECT id, description_code, description_args FROM wallet_transactions ORDER BY id").all();
      applyAsD1(store, sql.split("--> statement-breakpoint").slice(2).join(";"));
      assert.deepEqual(store.prepare("SELECT id, description_code, description_args FROM wallet_transactions ORDER BY id").all(), first);
    } finally {
      store.close();
    }
  });
});
