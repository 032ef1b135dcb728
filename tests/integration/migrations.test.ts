// The newest migration, applied to a store that has data (not an empty database), keeps every row,
// trigger and index the store had. D1 runs each migration in a transaction with foreign keys on,
// so a table rebuild cascades children away; this is where such a loss would show before a deploy.
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";

type Shape = { counts: Record<string, number>; triggers: string[]; indexes: string[] };

async function shapeOf(db: D1Database): Promise<Shape> {
  const { results: objects } = await db
    .prepare("SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'app_search_%' ORDER BY name")
    .all<{ type: string; name: string }>();
  const counts: Record<string, number> = {};
  for (const { name } of objects.filter((object) => object.type === "table" && object.name !== "d1_migrations")) {
    counts[name] = (await db.prepare(`SELECT count(*) AS n FROM "${name}"`).first<{ n: number }>())?.n ?? 0;
  }
  const names = (type: string) => objects.filter((object) => object.type === type).map((object) => object.name);
  return { counts, triggers: names("trigger"), indexes: names("index") };
}

/** What `after` lost of `before`: rows of tables that existed, and triggers and indexes. */
function losses(before: Shape, after: Shape): string[] {
  const lost: string[] = [];
  for (const [table, count] of Object.entries(before.counts)) {
    if (!(table in after.counts)) lost.push(`table ${table} is gone`);
    else if (after.counts[table] < count) lost.push(`${table}: ${count} → ${after.counts[table]} rows`);
  }
  for (const trigger of before.triggers) if (!after.triggers.includes(trigger)) lost.push(`trigger ${trigger} is gone`);
  for (const index of before.indexes) if (!after.indexes.includes(index)) lost.push(`index ${index} is gone`);
  return lost;
}

async function seed(db: D1Database): Promise<void> {
  const statements = env.MIGRATION_SEED.replace(/--[^\n]*/g, "")
    .split(/;\s*\n/)
    .map((statement) => statement.trim())
    .filter(Boolean);
  await db.batch(statements.map((statement) => db.prepare(statement)));
}

/** What `drizzle-kit generate` writes when a table's CHECK changes: a rebuild (see migrations/reviewed.json). */
async function rebuildOf(db: D1Database, table: string) {
  const row = await db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").bind(table).first<{ sql: string }>();
  const { results: columns } = await db.prepare(`PRAGMA table_info("${table}")`).all<{ name: string }>();
  const list = columns.map((column) => `"${column.name}"`).join(", ");
  return {
    name: `9999_rebuild_${table}`,
    queries: [
      "PRAGMA foreign_keys=OFF",
      String(row?.sql).replace(`CREATE TABLE \`${table}\``, `CREATE TABLE \`__new_${table}\``),
      `INSERT INTO "__new_${table}" (${list}) SELECT ${list} FROM "${table}"`,
      `DROP TABLE "${table}"`,
      `ALTER TABLE "__new_${table}" RENAME TO "${table}"`,
      "PRAGMA foreign_keys=ON",
    ],
  };
}

describe("migrations on a store with data", () => {
  const migrations = env.TEST_MIGRATIONS;
  let seeded: Shape;

  beforeAll(async () => {
    await applyD1Migrations(env.MIGRATION_DB, migrations.slice(0, -1));
    await seed(env.MIGRATION_DB);
    seeded = await shapeOf(env.MIGRATION_DB);
  });

  it("the seed reaches every table a loss would hurt (sold and used keys, orders, ledger, search index)", async () => {
    expect(seeded.counts).toMatchObject({ users: expect.any(Number), license_keys: 3, orders: 2, wallet_transactions: 3 });
    // The search index exists from migrations/0008 on; at an earlier previous migration it comes with the newest.
    const hasSearch = migrations.slice(0, -1).some((migration) => migration.name.startsWith("0008_"));
    expect(seeded.counts.app_search).toBe(hasSearch ? 2 : undefined);
  });

  it(`the newest migration (${migrations.at(-1)?.name}) keeps every row, trigger and index`, async () => {
    await applyD1Migrations(env.MIGRATION_DB, migrations);
    const after = await shapeOf(env.MIGRATION_DB);
    expect(losses(seeded, after)).toEqual([]);
    const search = await env.MIGRATION_DB.prepare("SELECT rowid FROM app_search WHERE app_search MATCH 'lien'").all();
    expect(search.results).toHaveLength(1);
  });

  it("a drizzle-style rebuild of apps is caught: D1 ignores PRAGMA foreign_keys in the migration's transaction and cascades the sold keys away", async () => {
    const before = await shapeOf(env.MIGRATION_DB);
    await applyD1Migrations(env.MIGRATION_DB, [...migrations, await rebuildOf(env.MIGRATION_DB, "apps")]);
    const lost = losses(before, await shapeOf(env.MIGRATION_DB));
    expect(lost).toContain("license_keys: 3 → 0 rows");
    expect(lost).toContain("trigger apps_search_insert is gone");
  });
});
