// The deploy check's rehearsal of the migrations (scripts/deploy-check.mjs): each migration is
// applied, as D1 applies it (in one transaction, foreign keys on, so `PRAGMA foreign_keys=OFF`
// does nothing), to a store that has a row in every table, and what it removed or rewrote that its
// review does not name is a loss. It runs on node:sqlite, built into the Node the scripts run on
// (the `node` devDependency): no account, no workerd, a few hundred milliseconds for the chain.
// Which migrations production still lacks cannot be known without an account, so every one is
// rehearsed as if it were the pending one, on the store the ones before it left.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { checksOf } from "./sql-statements.mjs";

const quote = (name) => `"${String(name).replaceAll('"', '""')}"`;

/** The store's tables and FTS tables (SQLite's, D1's and an FTS index's own shadow tables left out). */
function tablesOf(db) {
  return db
    .prepare("SELECT name, type FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'virtual') ORDER BY name")
    .all()
    .filter(({ name }) => !name.startsWith("sqlite_") && !name.startsWith("_cf_") && name !== "d1_migrations");
}

/** The columns a row is written and compared by (generated and hidden columns left out). */
function columnsOf(db, table) {
  return db.prepare(`SELECT name, type, "notnull", pk FROM pragma_table_xinfo(?) WHERE hidden = 0 ORDER BY cid`).all(table);
}

function firstValue(db, table, column) {
  const row = db.prepare(`SELECT ${column ? quote(column) : "1"} AS v FROM ${quote(table)} LIMIT 1`).get();
  return row?.v;
}

/** A value of a column's declared type (SQLite's affinity rules, https://sqlite.org/datatype3.html §3.1). */
function plainValue(column) {
  const type = column.type.toUpperCase();
  if (type.includes("INT")) return 1;
  if (/CHAR|CLOB|TEXT/.test(type)) return `seed ${column.name}`;
  if (type.includes("BLOB") || type === "") return `seed ${column.name}`;
  if (/REAL|FLOA|DOUB/.test(type)) return 1.5;
  return 1;
}

/**
 * Values that satisfy a CHECK that refused `row`: tries, for the columns the check names, its own
 * literals and a few small numbers, evaluated by SQLite itself.
 */
function satisfy(db, check, row, columns) {
  const byName = new Map(columns.map((column) => [column.name.toLowerCase(), column]));
  const named = [...new Set(check.tokens.filter((token) => (token.type === "word" || token.type === "name") && byName.has(token.value.toLowerCase())).map((token) => byName.get(token.value.toLowerCase())))];
  const literals = check.tokens.flatMap((token) => (token.type === "string" ? [token.value] : token.type === "number" ? [Number(token.value)] : []));
  const candidates = (column) => [...new Set([...literals, 0, 1, 2, -1, row[column.name]])].concat(column.notnull ? [] : [null]);
  const names = Object.keys(row);
  const probe = db.prepare(`SELECT (${check.expression}) AS ok FROM (SELECT ${names.map((name, index) => `?${index + 1} AS ${quote(name)}`).join(", ")})`);
  const tried = { ...row };
  const search = (index) => {
    if (index === named.length) {
      const { ok } = probe.get(...names.map((name) => tried[name]));
      return ok !== 0;
    }
    for (const value of candidates(named[index])) {
      tried[named[index].name] = value;
      if (search(index + 1)) return true;
    }
    return false;
  };
  if (named.length > 4 || !search(0)) return null;
  return tried;
}

/**
 * Puts one row in `table`, its foreign keys pointing at its parents' first rows, other columns
 * from `like` (a row the newest schema accepted) where it has them; SQLite's error when it refuses every try.
 */
function seedTable(db, table, like = {}) {
  const columns = columnsOf(db, table);
  const keys = db.prepare("SELECT \"from\", \"table\", \"to\" FROM pragma_foreign_key_list(?)").all(table);
  const primary = columns.filter((column) => column.pk > 0);
  const rowidAlias = primary.length === 1 && primary[0].type.toUpperCase() === "INTEGER" ? primary[0].name : undefined;
  let row = {};
  for (const column of columns) {
    if (column.name === rowidAlias) continue;
    const key = keys.find((fk) => fk.from === column.name);
    if (key) {
      const parentKey = key.to ?? columnsOf(db, key.table).find((parent) => parent.pk === 1)?.name ?? "rowid";
      row[column.name] = key.table === table ? null : (firstValue(db, key.table, parentKey) ?? null);
    } else row[column.name] = column.name in like ? like[column.name] : plainValue(column);
  }
  const checks = checksOf(db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").get(table).sql);
  let lastError;
  for (let attempt = 0; attempt < 12; attempt++) {
    const names = Object.keys(row);
    try {
      db.prepare(`INSERT INTO ${quote(table)} (${names.map(quote).join(", ")}) VALUES (${names.map(() => "?").join(", ")})`).run(...names.map((name) => row[name]));
      return { row };
    } catch (error) {
      lastError = error.message;
      const failed = /CHECK constraint failed: (.*)$/.exec(error.message)?.[1];
      const check = failed && (checks.find((one) => one.name === failed) ?? checks.find((one) => one.expression === failed));
      const fixed = check && satisfy(db, check, row, columns);
      if (!fixed) break;
      row = fixed;
    }
  }
  return { error: lastError };
}

/**
 * Gives every empty table a row, parents before children; returns the tables it could not fill,
 * with SQLite's reason. `likeRows` (table → row) gives values to copy, and receives the rows written.
 */
export function seedEmptyTables(db, likeRows = new Map()) {
  const empty = tablesOf(db)
    .filter(({ type, name }) => type === "table" && firstValue(db, name) === undefined)
    .map(({ name }) => name);
  const failures = [];
  let pending = empty;
  while (pending.length) {
    const waiting = [];
    for (const table of pending) {
      const needs = db
        .prepare("SELECT DISTINCT \"table\" AS parent FROM pragma_foreign_key_list(?) AS fk JOIN pragma_table_xinfo(?) AS c ON c.name = fk.\"from\" WHERE c.\"notnull\" = 1")
        .all(table, table)
        .map(({ parent }) => parent)
        .filter((parent) => parent !== table);
      if (needs.some((parent) => pending.includes(parent) && parent !== table)) waiting.push(table);
      else {
        const { row, error } = seedTable(db, table, likeRows.get(table));
        if (error) failures.push(`${table} (${error})`);
        else likeRows.set(table, row);
      }
    }
    if (waiting.length === pending.length) {
      failures.push(...waiting.map((table) => `${table} (its required parents form a cycle)`));
      break;
    }
    pending = waiting;
  }
  return failures;
}

/** What a loss is measured against: each table's columns and rows, and each index's and trigger's SQL. */
export function shapeOf(db) {
  const tables = new Map(tablesOf(db).map(({ name }) => [name, columnsOf(db, name).map((column) => column.name)]));
  const objects = new Map(
    db
      .prepare("SELECT type, name, tbl_name AS tableName, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND name NOT LIKE 'sqlite_%'")
      .all()
      .map((object) => [object.name, { ...object }]),
  );
  const rows = new Map([...tables].map(([table, columns]) => [table, rowsOf(db, table, columns)]));
  return { tables, objects, rows };
}

/** A table's rows as comparable strings, in a stable order. */
function rowsOf(db, table, columns) {
  const list = columns.map(quote).join(", ");
  return db
    .prepare(`SELECT ${list} FROM ${quote(table)}`)
    .all()
    .map((row) => JSON.stringify(columns.map((column) => (row[column] instanceof Uint8Array ? [...row[column]] : row[column]))))
    .sort();
}

/**
 * What `db` lost since `before`, leaving aside the tables the review names (`declared`: their rows
 * and definitions may change) and the indexes and triggers it says go (`drops`): tables, columns,
 * rows (fewer, or rewritten), and indexes and triggers gone or, on a table not named, redefined.
 */
export function lossesSince(db, before, declared = new Set(), drops = new Set()) {
  const after = shapeOf(db);
  const lost = [];
  for (const [table, columns] of before.tables) {
    if (declared.has(table)) continue;
    const now = after.tables.get(table);
    if (!now) {
      lost.push(`table ${table} is gone`);
      continue;
    }
    const goneColumns = columns.filter((column) => !now.includes(column));
    if (goneColumns.length) {
      lost.push(...goneColumns.map((column) => `column ${table}.${column} is gone`));
      continue;
    }
    const was = before.rows.get(table);
    const is = rowsOf(db, table, columns);
    if (is.length < was.length) lost.push(`${table}: ${was.length} → ${is.length} rows`);
    else {
      const left = new Map();
      for (const row of is) left.set(row, (left.get(row) ?? 0) + 1);
      const rewritten = was.filter((row) => {
        const count = left.get(row) ?? 0;
        if (count > 0) left.set(row, count - 1);
        return count === 0;
      }).length;
      if (rewritten) lost.push(`${table}: ${rewritten} of ${was.length} rows rewritten`);
    }
  }
  for (const [name, object] of before.objects) {
    if (drops.has(name)) continue;
    const now = after.objects.get(name);
    if (!now) lost.push(`${object.type} ${name} (on ${object.tableName}) is gone`);
    else if (now.sql !== object.sql && !declared.has(object.tableName)) lost.push(`${object.type} ${name} (on ${object.tableName}) was redefined`);
  }
  return lost;
}

/** Runs one migration file's SQL as D1 does: one transaction, foreign keys enforced. */
export function applyAsD1(db, sql) {
  db.exec("BEGIN");
  try {
    db.exec(sql);
    db.exec("COMMIT");
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw error;
  }
}

/** A fresh in-memory store with D1's foreign-key setting. */
export function emptyStore() {
  const db = new DatabaseSync(":memory:");
  db.exec("PRAGMA foreign_keys = ON");
  return db;
}

/**
 * Rehearses `files` of `dir` in order, each on the store the ones before it left, with a row put
 * in every empty table first. `reviewOf(file)` gives the tables and dropped objects its review
 * names. Returns, per file, what it lost (`lost`), SQLite's error if it failed (`failed`), and the
 * tables that could not be seeded before it (`unseeded`); files after a failure are not rehearsed.
 */
export function rehearse(dir, files, reviewOf) {
  // Values the newest schema accepts (a CHECK a later migration adds holds for them too), taken
  // from a row of each table seeded on the schema after every file.
  const likeRows = new Map();
  const newest = emptyStore();
  try {
    for (const file of files) applyAsD1(newest, readFileSync(join(dir, file), "utf8"));
  } catch {
    // The rehearsal below reports the failing file.
  }
  seedEmptyTables(newest, likeRows);
  newest.close();
  const db = emptyStore();
  const results = new Map();
  try {
    for (const file of files) {
      const unseeded = seedEmptyTables(db, likeRows);
      const before = shapeOf(db);
      const { tables, drops } = reviewOf(file);
      try {
        applyAsD1(db, readFileSync(join(dir, file), "utf8"));
      } catch (error) {
        results.set(file, { lost: [], unseeded, failed: error.message });
        break;
      }
      results.set(file, { lost: lossesSince(db, before, new Set(tables), new Set(drops)), unseeded, failed: undefined });
    }
  } finally {
    db.close();
  }
  return results;
}
