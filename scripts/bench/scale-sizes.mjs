// Bytes per row of the scale store (docs/decisions/0030-sizing-and-scale.md): SQLite's dbstat over
// the local D1 file, each table with its indexes (and the search index's shadow tables), divided
// by its rows, and the size the database would reach at 1,000,000 users and 10,000,000 ledger rows.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";

const GROUPS = {
  users: ["users", "user_search"],
  ledger: ["wallet_transactions", "ledger_daily"],
  keys: ["license_keys"],
  orders: ["orders"],
};

/** The local D1 database file wrangler keeps in `persistTo`. */
export function databaseFile(persistTo) {
  const dir = join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (!file) throw new Error(`no D1 database in ${dir}`);
  return join(dir, file);
}

export function scaleSizes(persistTo) {
  const db = new DatabaseSync(databaseFile(persistTo), { readOnly: true });
  try {
    const owner = new Map(db.prepare("SELECT name, tbl_name FROM sqlite_master WHERE type IN ('table', 'index')").all().map((row) => [row.name, row.tbl_name]));
    const bytesOf = new Map();
    for (const { name, bytes } of db.prepare("SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name").all()) {
      // FTS5 shadow tables (user_search_data, …) belong to their virtual table.
      const table = owner.get(name) ?? name;
      const root = table.startsWith("user_search_") ? "user_search" : table;
      bytesOf.set(root, (bytesOf.get(root) ?? 0) + Number(bytes));
    }
    const count = (table) => Number(db.prepare(`SELECT count(*) AS n FROM ${table}`).get().n);
    const rows = { users: count("users"), ledger: count("wallet_transactions"), keys: count("license_keys"), orders: count("orders") };
    const perRow = Object.fromEntries(
      Object.entries(GROUPS).map(([group, tables]) => [group, Math.round(tables.reduce((sum, table) => sum + (bytesOf.get(table) ?? 0), 0) / rows[group])]),
    );
    const total = Number(db.prepare("SELECT page_count * page_size AS bytes FROM pragma_page_count(), pragma_page_size()").get().bytes);
    // A year of success ×10: 1,000,000 users, 10,000,000 ledger rows, half of them purchases with their order and key.
    const projected = perRow.users * 1_000_000 + perRow.ledger * 10_000_000 + perRow.orders * 5_000_000 + perRow.keys * 5_000_000;
    return { rows, bytesPerRow: perRow, tableBytes: Object.fromEntries(bytesOf), databaseBytes: total, projectedBytes: projected };
  } finally {
    db.close();
  }
}
