// The deploy check's rehearsal of the migrations (scripts/deploy-check.mjs): each migration is
// applied, as D1 applies it (in one transaction, foreign keys on, so `PRAGMA foreign_keys=OFF`
// does nothing), to a store shaped like the demo store (every table with several rows, ids that
// are not 1, several apps with keys available, sold and used), and what it removed or rewrote that
// its review does not name is a loss. Then one insert, update and delete on each table is fired on
// the store before and after it, so a trigger it leaves behind shows what it will do at the next
// write. It runs on node:sqlite, built into the Node the scripts run on (the `node`
// devDependency): no account, no workerd, about a second for the chain.
// Which migrations production still lacks cannot be known without an account, so every one is
// rehearsed as if it were the pending one, on the store the ones before it left.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { checksOf, tokenize } from "./sql-statements.mjs";

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

/** How many rows the rehearsal puts in every table: several apps, keys available, sold and used, each with its children. */
const SEED_ROWS = 3;

/** The value of `column` in the `index`-th row of `table` (by rowid), if there is one. */
function nthValue(db, table, column, index) {
  const row = db.prepare(`SELECT ${column ? quote(column) : "1"} AS v FROM ${quote(table)} ORDER BY rowid LIMIT 1 OFFSET ?`).get(index);
  return row?.v;
}

const rowCount = (db, table) => prepared(db, `SELECT count(*) AS n FROM ${quote(table)}`).get().n;

/** A value of a column's declared type (SQLite's affinity rules, https://sqlite.org/datatype3.html §3.1), different in each row `k`. */
function plainValue(column, k) {
  const type = column.type.toUpperCase();
  if (type.includes("INT")) return k + 1;
  if (/CHAR|CLOB|TEXT/.test(type)) return `seed ${column.name} ${k}`;
  if (type.includes("BLOB") || type === "") return `seed ${column.name} ${k}`;
  if (/REAL|FLOA|DOUB/.test(type)) return k + 1.5;
  return k + 1;
}

/**
 * Values that satisfy a CHECK that refused `row`: tries, for the columns the check names, its own
 * literals (the `k`-th first, so rows differ: a key available, one sold, one used) and a few small
 * numbers, evaluated by SQLite itself.
 */
function satisfy(db, check, row, columns, k) {
  const byName = new Map(columns.map((column) => [column.name.toLowerCase(), column]));
  const named = [...new Set(check.tokens.filter((token) => (token.type === "word" || token.type === "name") && byName.has(token.value.toLowerCase())).map((token) => byName.get(token.value.toLowerCase())))];
  const literals = check.tokens.flatMap((token) => (token.type === "string" ? [token.value] : token.type === "number" ? [Number(token.value)] : []));
  const turn = literals.length ? k % literals.length : 0;
  const rotated = [...literals.slice(turn), ...literals.slice(0, turn)];
  const candidates = (column) => [...new Set([...rotated, 0, 1, 2, -1, row[column.name]])].concat(column.notnull ? [] : [null]);
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

// A table's CHECKs, read once per definition (the tokenizer is the costly part).
const checksByDefinition = new Map();
function checksIn(definition) {
  if (!checksByDefinition.has(definition)) checksByDefinition.set(definition, checksOf(definition));
  return checksByDefinition.get(definition);
}

/**
 * A row `k` for `table` that SQLite accepts: its id (an INTEGER PRIMARY KEY) 6
 * past the highest (never 1, so `WHERE id > 1` spares nothing), its foreign keys pointing at its
 * parents' `k`-th rows (round the parents there are), other columns from `like` (a row the newest
 * schema accepted) where it has them. `{ row, sql, values }`, written only when `keep`, or SQLite's
 * error when it refuses every try.
 */
function rowFor(db, table, k, like = {}, { keep = false } = {}) {
  const columns = columnsOf(db, table);
  const keys = db.prepare("SELECT \"from\", \"table\", \"to\" FROM pragma_foreign_key_list(?)").all(table);
  const primary = columns.filter((column) => column.pk > 0);
  const rowidAlias = primary.length === 1 && primary[0].type.toUpperCase() === "INTEGER" ? primary[0].name : undefined;
  let row = {};
  if (rowidAlias) row[rowidAlias] = db.prepare(`SELECT coalesce(max(${quote(rowidAlias)}), 0) + 6 AS id FROM ${quote(table)}`).get().id;
  for (const column of columns) {
    if (column.name === rowidAlias) continue;
    const key = keys.find((fk) => fk.from === column.name);
    if (key) {
      const parentKey = key.to ?? columnsOf(db, key.table).find((parent) => parent.pk === 1)?.name ?? "rowid";
      const parents = key.table === table ? 0 : rowCount(db, key.table);
      row[column.name] = parents ? (nthValue(db, key.table, parentKey, k % parents) ?? null) : null;
    } else row[column.name] = column.name in like ? like[column.name] : plainValue(column, k);
  }
  const checks = checksIn(db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").get(table).sql);
  let lastError;
  for (let attempt = 0; attempt < 12; attempt++) {
    const names = Object.keys(row);
    const sql = `INSERT INTO ${quote(table)} (${names.map(quote).join(", ")}) VALUES (${names.map(() => "?").join(", ")})`;
    const values = names.map((name) => row[name]);
    db.exec("SAVEPOINT seed_try");
    let written = false;
    try {
      db.prepare(sql).run(...values);
      written = true;
      return { row, sql, values };
    } catch (error) {
      lastError = error.message;
      const failed = /CHECK constraint failed: (.*)$/.exec(error.message)?.[1];
      const check = failed && (checks.find((one) => one.name === failed) ?? checks.find((one) => one.expression === failed));
      const fixed = check && satisfy(db, check, row, columns, k);
      if (!fixed) break;
      row = fixed;
    } finally {
      db.exec(keep && written ? "RELEASE seed_try" : "ROLLBACK TO seed_try; RELEASE seed_try");
    }
  }
  return { error: lastError };
}

/**
 * Gives every table `rows` rows (SEED_ROWS unless told), parents before children; returns the
 * tables it could not fill, with SQLite's reason. `likeRows` (table → rows) gives values to copy,
 * and receives the rows written.
 */
export function seedEmptyTables(db, likeRows = new Map(), rows = SEED_ROWS) {
  const short = tablesOf(db)
    .filter(({ type, name }) => type === "table" && rowCount(db, name) < rows)
    .map(({ name }) => name);
  const failures = [];
  let pending = short;
  while (pending.length) {
    const waiting = [];
    for (const table of pending) {
      const needs = db
        .prepare("SELECT DISTINCT \"table\" AS parent FROM pragma_foreign_key_list(?) AS fk JOIN pragma_table_xinfo(?) AS c ON c.name = fk.\"from\" WHERE c.\"notnull\" = 1")
        .all(table, table)
        .map(({ parent }) => parent)
        .filter((parent) => parent !== table);
      if (needs.some((parent) => pending.includes(parent) && parent !== table)) {
        waiting.push(table);
        continue;
      }
      const written = likeRows.get(table) ?? [];
      for (let k = rowCount(db, table); k < rows; k++) {
        const made = rowFor(db, table, k, written[k], { keep: true });
        if (made.error) {
          // A table kept to one row by its CHECK (catalogue_state) is full, not failed.
          if (!(k > 0 && made.error.startsWith("UNIQUE constraint failed"))) failures.push(`${table} (${made.error})`);
          break;
        }
        written[k] = made.row;
      }
      likeRows.set(table, written);
    }
    if (waiting.length === pending.length) {
      failures.push(...waiting.map((table) => `${table} (its required parents form a cycle)`));
      break;
    }
    pending = waiting;
  }
  return failures;
}

// Statements prepared once per store: SQLite prepares one again by itself when the schema under it changed.
const statementsOf = new WeakMap();
function prepared(db, sql) {
  if (!statementsOf.has(db)) statementsOf.set(db, new Map());
  const cache = statementsOf.get(db);
  if (!cache.has(sql)) cache.set(sql, db.prepare(sql));
  return cache.get(sql);
}

/** What a loss is measured against: each table's columns and rows, and each index's, trigger's and view's SQL. */
export function shapeOf(db) {
  const tables = new Map(tablesOf(db).map(({ name }) => [name, []]));
  // Every table's columns in one query (generated and hidden columns left out, as columnsOf).
  const listed = prepared(db, "SELECT t.name AS tableName, c.name FROM pragma_table_list AS t, pragma_table_xinfo(t.name) AS c WHERE t.schema = 'main' AND c.hidden = 0 ORDER BY t.name, c.cid").all();
  for (const { tableName, name } of listed) tables.get(tableName)?.push(name);
  const objects = new Map(
    db
      .prepare("SELECT type, name, tbl_name AS tableName, sql FROM sqlite_master WHERE type IN ('index', 'trigger', 'view') AND name NOT LIKE 'sqlite_%'")
      .all()
      .map((object) => [object.name, { ...object }]),
  );
  const rows = new Map([...tables].map(([table]) => [table, prepared(db, `SELECT * FROM ${quote(table)}`).all()]));
  return { tables, objects, rows };
}

/** A table's rows, each as a comparable string of `columns`' values. */
function rowsAs(rows, columns) {
  return rows.map((row) => JSON.stringify(columns.map((column) => (row[column] instanceof Uint8Array ? [...row[column]] : row[column]))));
}

/**
 * What `after` lost since `before` (two shapes), leaving aside the rows and definitions of the
 * tables the review names (`declared`), the indexes and triggers it says go (`drops`) and the
 * columns it says go or are renamed (`columns`, "table.column"): tables, columns (of any table:
 * the previous Worker, after a rollback, reads them), rows (fewer, or rewritten), and indexes and
 * triggers gone or, on a table not named, redefined. `ignore(table, was, is)` forgives a known change of count.
 */
function lossesBetween(before, after, declared = new Set(), drops = new Set(), columns = new Set(), ignore = () => false) {
  const lost = [];
  for (const [table, was] of before.tables) {
    const now = after.tables.get(table);
    if (!now) {
      if (!declared.has(table)) lost.push(`table ${table} is gone`);
      continue;
    }
    const goneColumns = was.filter((column) => !now.includes(column) && !columns.has(`${table}.${column}`.toLowerCase()));
    if (goneColumns.length) {
      lost.push(...goneColumns.map((column) => `column ${table}.${column} is gone`));
      continue;
    }
    if (declared.has(table)) continue;
    const kept = was.filter((column) => now.includes(column));
    const wasRows = rowsAs(before.rows.get(table), kept);
    const isRows = rowsAs(after.rows.get(table), kept);
    if (isRows.length < wasRows.length) {
      if (!ignore(table, wasRows.length, isRows.length)) lost.push(`${table}: ${wasRows.length} → ${isRows.length} rows`);
      continue;
    }
    const left = new Map();
    for (const row of isRows) left.set(row, (left.get(row) ?? 0) + 1);
    const rewritten = wasRows.filter((row) => {
      const count = left.get(row) ?? 0;
      if (count > 0) left.set(row, count - 1);
      return count === 0;
    }).length;
    if (rewritten) lost.push(`${table}: ${rewritten} of ${wasRows.length} rows rewritten`);
  }
  for (const [name, object] of before.objects) {
    if (drops.has(name)) continue;
    const now = after.objects.get(name);
    if (!now) lost.push(`${object.type} ${name} (on ${object.tableName}) is gone`);
    else if (now.sql !== object.sql && !declared.has(object.tableName)) lost.push(`${object.type} ${name} (on ${object.tableName}) was redefined`);
  }
  return lost;
}

/** What `db` lost since `before` (a shape), as lossesBetween has it. */
export function lossesSince(db, before, declared = new Set(), drops = new Set(), columns = new Set()) {
  return lossesBetween(before, shapeOf(db), declared, drops, columns);
}

/**
 * The events that fire a table's triggers: for each table, a row inserted (the seeder's next row),
 * its first row updated (every column set to itself, so every `UPDATE OF` trigger fires) and its
 * newest row deleted. Made on the store before a migration, replayed as they are on the store after
 * it. `made` (table → { sql, events }) keeps them from one file to the next while a table's definition stays.
 */
function eventsOf(db, likeRows, made) {
  const events = [];
  const definitionOf = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?");
  for (const { name, type } of tablesOf(db)) {
    if (type !== "table") continue;
    const definition = definitionOf.get(name).sql;
    if (made.get(name)?.sql !== definition) {
      const inserted = rowFor(db, name, SEED_ROWS, likeRows.get(name)?.[SEED_ROWS]);
      const columns = columnsOf(db, name).map((column) => quote(column.name));
      const own = [
        ...(inserted.error ? [] : [{ table: name, verb: "inserted into", sql: inserted.sql, values: inserted.values }]),
        { table: name, verb: "updated in", sql: `UPDATE ${quote(name)} SET ${columns.map((column) => `${column} = ${column}`).join(", ")} WHERE rowid = (SELECT min(rowid) FROM ${quote(name)})`, values: [] },
        { table: name, verb: "deleted from", sql: `DELETE FROM ${quote(name)} WHERE rowid = (SELECT max(rowid) FROM ${quote(name)})`, values: [] },
      ];
      made.set(name, { sql: definition, events: own });
    }
    events.push(...made.get(name).events);
  }
  return events;
}

/** Whether `sql` makes, drops or renames what a write to a table sets off: triggers, unique indexes, foreign keys. */
function firesDifferently(sql) {
  return tokenize(sql).some((token) => token.type === "word" && ["TRIGGER", "UNIQUE", "REFERENCES", "DROP", "RENAME", "REPLACE"].includes(token.value));
}

/**
 * Runs `events` in order on `db` inside a transaction it rolls back; returns, per event, the rows
 * it changed with its triggers and cascades (`total_changes`, -1 when refused: SQLite undoes a
 * failed statement whole). `inspect(event, index, changes, state)`, when given, may look at the
 * store around an event: it is called with `"before"` (its answer comes back as `state`), then with the event's changes.
 */
function fire(db, events, inspect) {
  const changes = [];
  const total = db.prepare("SELECT total_changes() AS n");
  db.exec("BEGIN");
  try {
    for (const [index, event] of events.entries()) {
      const state = inspect?.(event, index, "before");
      const start = total.get().n;
      try {
        prepared(db, event.sql).run(...event.values);
        changes.push(total.get().n - start);
      } catch {
        changes.push(-1);
      }
      inspect?.(event, index, changes.at(-1), state);
    }
  } finally {
    db.exec("ROLLBACK");
  }
  return changes;
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
 * Rehearses `files` of `dir` in order, each on the store the ones before it left, with every table
 * topped up to SEED_ROWS rows first. `reviewOf(file)` gives the tables, dropped objects and columns
 * its review names. After each file, one insert, update and delete on each table that was there is
 * fired on the store before and after it: an event whose triggers change more or other rows after
 * than before shows what a trigger the file made will do at the store's next sign-in or purchase.
 * Returns, per file, what it lost (`lost`), what firing the events after it lost (`fired`),
 * SQLite's error if it failed (`failed`), and the tables that could not be seeded before it
 * (`unseeded`); files after a failure are not rehearsed.
 */
export function rehearse(dir, files, reviewOf) {
  // Values the newest schema accepts (a CHECK a later migration adds holds for them too), taken
  // from rows of each table seeded on the schema after every file; the one past SEED_ROWS is the events' insert.
  const likeRows = new Map();
  const newest = emptyStore();
  try {
    for (const file of files) applyAsD1(newest, readFileSync(join(dir, file), "utf8"));
  } catch {
    // The rehearsal below reports the failing file.
  }
  seedEmptyTables(newest, likeRows, SEED_ROWS + 1);
  newest.close();
  const db = emptyStore();
  const results = new Map();
  const made = new Map();
  try {
    for (const file of files) {
      const unseeded = seedEmptyTables(db, likeRows);
      const before = shapeOf(db);
      const sql = readFileSync(join(dir, file), "utf8");
      // Events can change only where the file touches what a write sets off: a trigger, a unique
      // index (a REPLACE's deletes), a foreign key (its cascade), a dropped or renamed object.
      const events = firesDifferently(sql) ? eventsOf(db, likeRows, made) : [];
      const expected = fire(db, events);
      const { tables, drops, columns } = reviewOf(file);
      const declared = new Set(tables);
      const allowedColumns = new Set((columns ?? []).map((column) => column.toLowerCase()));
      try {
        applyAsD1(db, sql);
      } catch (error) {
        results.set(file, { lost: [], fired: [], unseeded, failed: error.message });
        break;
      }
      const lost = lossesBetween(before, shapeOf(db), declared, new Set(drops), allowedColumns);
      // Only an event that changes a different number of rows now is looked at closely (the
      // shapes around it): the rest cost one count each.
      const fired = [];
      const changed = fire(db, events);
      const differing = new Set(changed.flatMap((count, index) => (count !== expected[index] && count !== -1 ? [index] : [])));
      if (differing.size) {
        fire(db, events, (event, index, changes, state) => {
          if (!differing.has(index)) return undefined;
          if (changes === "before") return shapeOf(db);
          // Rows of tables the file made (a search index, a rollup its triggers keep) are its own to change.
          const own = (table, was, is) => !before.tables.has(table) || (event.verb === "deleted from" && table === event.table && is === was - 1);
          const losses = lossesBetween(state, shapeOf(db), declared, new Set(), new Set(), own).filter((loss) => !/^(column|table|index|trigger|view) /.test(loss) && before.tables.has(loss.split(":")[0]));
          if (losses.length) fired.push(`when a row is ${event.verb} ${event.table}: ${losses.join(", ")}`);
          return undefined;
        });
      }
      results.set(file, { lost, fired, unseeded, failed: undefined });
    }
  } finally {
    db.close();
  }
  return results;
}
