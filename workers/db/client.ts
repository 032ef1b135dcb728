import { getTableColumns, is, SQL, sql, type SQLWrapper } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { SQLiteAsyncDialect, type SQLiteColumn, type SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

function makeDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Database = ReturnType<typeof makeDb>;

/**
 * One drizzle handle per binding (or request session): drizzle reads the whole schema's relations
 * each time it is made, and the shared statements (noticeStatement, auditStatement) ask for one per
 * statement, several in each of the wallet's batches.
 */
const handles = new WeakMap<D1Database, Database>();
export function getDb(d1: D1Database): Database {
  let db = handles.get(d1);
  if (!db) {
    db = makeDb(d1);
    handles.set(d1, db);
  }
  return db;
}

const DIALECT = new SQLiteAsyncDialect();

/**
 * A query written once in drizzle, as a prepared statement on the binding: how a domain that writes
 * statements runs what is shared with the drizzle domains (docs/architecture.md, "How each domain writes D1").
 */
export function statementOf(d1: D1Database, query: SQLWrapper): D1PreparedStatement {
  const { sql: text, params } = DIALECT.sqlToQuery(query.getSQL());
  return d1.prepare(text).bind(...params);
}

/**
 * `INSERT INTO table SELECT … WHERE condition` as a drizzle query, so the row depends on what the
 * batch wrote before it and the insert still joins a drizzle batch (raw `sql` cannot: drizzle-orm
 * issue #2277). Drizzle names every column, so the SELECT gives each one in the table's order:
 * from `values` (by column name), else the column's default, else NULL. A name that is no column
 * throws, so a misspelt one cannot store NULL where a guard reads it (the bank gate's reference_key).
 */
export function insertSelect(db: Database, table: SQLiteTable, values: Record<string, SQL>, where?: SQL) {
  const columns = Object.values(getTableColumns(table) as Record<string, SQLiteColumn>);
  const unknown = Object.keys(values).filter((name) => !columns.some((column) => column.name === name));
  if (unknown.length > 0) throw new Error(`insertSelect: no column ${unknown.join(", ")}`);
  const selected = columns.map((column) => values[column.name] ?? defaultOf(column));
  return db.insert(table).select(sql`SELECT ${sql.join(selected, sql`, `)}${where ? sql` WHERE ${where}` : sql``}`);
}

function defaultOf(column: SQLiteColumn): SQL {
  if (column.default === undefined) return sql`NULL`;
  return is(column.default, SQL) ? column.default : sql`${sql.param(column.default, column)}`;
}

// ---------------------------------------------------------------- read replicas (docs/decisions/0029-read-replicas-and-placement.md)

/** Where a request's reads start: the primary, the nearest copy, or a copy at least as new as a bookmark. */
export type ReadFrom = "first-primary" | "first-unconstrained" | { bookmark: string };

/** A request's database: where its session starts, and the session once the first query opened it. */
type RequestSession = { binding: D1Database; start: string; opened: D1DatabaseSession | null };

const sessions = new WeakMap<D1Database, RequestSession>();

/** Opened on the first query, so a request that never reads D1 (an edge-cache hit) never touches the binding. */
function session(state: RequestSession): D1DatabaseSession {
  state.opened ??= state.binding.withSession(state.start);
  return state.opened;
}

/**
 * The database one request reads and writes through: a D1 session (sequentially consistent, so the
 * request reads its own writes), started where `readFrom` says. Writes go to the primary whatever it says.
 */
export function sessionDatabase(binding: D1Database, readFrom: ReadFrom): D1Database {
  const state: RequestSession = { binding, start: typeof readFrom === "string" ? readFrom : readFrom.bookmark, opened: null };
  // A session has prepare and batch, all that drizzle and the services use; exec and dump stay the binding's.
  const database = {
    prepare: (query: string) => session(state).prepare(query),
    batch: <T>(statements: D1PreparedStatement[]) => session(state).batch<T>(statements),
    exec: (query: string) => binding.exec(query),
    withSession: (constraint?: string) => binding.withSession(constraint),
    dump: () => binding.dump(),
  } as unknown as D1Database;
  sessions.set(database, state);
  return database;
}

/** The newest state this request has read or written, to hand back to the client; null off a session or before any query. */
export function bookmarkOf(database: D1Database): string | null {
  return sessions.get(database)?.opened?.getBookmark() ?? null;
}

/**
 * Moves the request's session on to a write made elsewhere (the wallet object's), so its next reads
 * and the bookmark it hands back include that write; bookmarks sort oldest to newest (D1 documents
 * them as lexicographically ordered). Off a session (cron, the object itself) nothing to do.
 */
export function advanceTo(database: D1Database, bookmark: string | null): void {
  const state = sessions.get(database);
  if (!state || bookmark === null) return;
  const current = state.opened?.getBookmark() ?? null;
  if (current !== null && current >= bookmark) return;
  state.opened = state.binding.withSession(bookmark);
}

/**
 * From now on this request reads the primary (a fresh "first-primary" session): for a decision a
 * copy must not make, such as a refused key check. The primary is at least as new as any bookmark,
 * so the bookmark the request hands back only moves forward. Off a session, the binding reads the primary already.
 */
export function readPrimaryFromNowOn(database: D1Database): void {
  const state = sessions.get(database);
  if (!state) return;
  state.start = "first-primary";
  state.opened = null;
}

/** A result with the bookmark of the writes that made it. */
export type Bookmarked<T> = { value: T; bookmark: string | null };

/**
 * Runs `operation`, which uses the binding itself (no session: every query on the primary), and
 * answers its result with a bookmark at least as new as its writes, read by one query on a
 * "first-primary" session: what the wallet object hands back, so a purchase's answer carries it.
 */
export async function onPrimary<T>(binding: D1Database, operation: () => Promise<T>): Promise<Bookmarked<T>> {
  const value = await operation();
  const session = binding.withSession("first-primary");
  await session.prepare("SELECT 1").run();
  return { value, bookmark: session.getBookmark() };
}
