// Reads a migration as SQLite reads it, for the deploy check's guard (scripts/deploy-check.mjs):
// tokens (comments dropped; '…' strings and "…", `…`, […] names kept whole), statements (a
// trigger's BEGIN … END body is part of its CREATE TRIGGER), and which statements can remove or
// rewrite rows. Written here rather than taken from a parser library: the guard needs SQLite's
// lexical rules and a dozen statement heads, nothing more, and a parser of another dialect would
// let through what it does not understand; this one refuses any statement head it does not know.

/** @typedef {{ type: "word" | "name" | "string" | "number" | "blob" | "punct", text: string, value: string, start: number, end: number }} Token */

const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uffff]/;

/** The end (exclusive) of a quoted run starting at `start`, where a doubled `close` stands for itself. */
function quotedEnd(sql, start, close) {
  let at = start + 1;
  for (;;) {
    const next = sql.indexOf(close, at);
    if (next === -1) return sql.length;
    if (close !== "]" && sql[next + 1] === close) at = next + 2;
    else return next + 1;
  }
}

/** SQLite's tokens of `sql`, comments and white space left out. A word's `value` is upper-cased; a quoted name's is unquoted. */
export function tokenize(sql) {
  /** @type {Token[]} */
  const tokens = [];
  let at = 0;
  while (at < sql.length) {
    const char = sql[at];
    const start = at;
    if (/\s/.test(char)) {
      at++;
      continue;
    }
    if (char === "-" && sql[at + 1] === "-") {
      const end = sql.indexOf("\n", at);
      at = end === -1 ? sql.length : end + 1;
      continue;
    }
    if (char === "/" && sql[at + 1] === "*") {
      const end = sql.indexOf("*/", at + 2);
      at = end === -1 ? sql.length : end + 2;
      continue;
    }
    let type;
    let value;
    if ((char === "x" || char === "X") && sql[at + 1] === "'") {
      at = quotedEnd(sql, at + 1, "'");
      type = "blob";
      value = sql.slice(start + 2, at - 1);
    } else if (char === "'") {
      at = quotedEnd(sql, at, "'");
      type = "string";
      value = sql.slice(start + 1, at - 1).replaceAll("''", "'");
    } else if (char === '"' || char === "`" || char === "[") {
      const close = char === "[" ? "]" : char;
      at = quotedEnd(sql, at, close);
      type = "name";
      value = sql.slice(start + 1, at - 1);
      if (close !== "]") value = value.replaceAll(close + close, close);
    } else if (/[0-9]/.test(char) || (char === "." && /[0-9]/.test(sql[at + 1] ?? ""))) {
      while (at < sql.length && /[0-9A-Za-z_.]/.test(sql[at])) at++;
      type = "number";
      value = sql.slice(start, at);
    } else if (WORD_START.test(char)) {
      while (at < sql.length && WORD_PART.test(sql[at])) at++;
      type = "word";
      value = sql.slice(start, at).toUpperCase();
    } else {
      at++;
      type = "punct";
      value = char;
    }
    tokens.push({ type, text: sql.slice(start, at), value, start, end: at });
  }
  return tokens;
}

const isWord = (token, ...words) => token?.type === "word" && words.includes(token.value);

/**
 * The statements of `sql`, each with its tokens and its text. A `;` inside a trigger's body does
 * not end the CREATE TRIGGER (its END does; a CASE … END inside the body is counted).
 */
export function statements(sql) {
  const tokens = tokenize(sql);
  const found = [];
  let current = [];
  let inBody = false;
  let caseDepth = 0;
  const close = () => {
    if (current.length) found.push({ tokens: current, text: sql.slice(current[0].start, current.at(-1).end) });
    current = [];
    inBody = false;
    caseDepth = 0;
  };
  for (const token of tokens) {
    if (token.type === "punct" && token.value === ";" && !inBody) {
      close();
      continue;
    }
    current.push(token);
    const isTrigger = isWord(current[0], "CREATE") && current.slice(1, 3).some((word) => isWord(word, "TRIGGER"));
    if (!isTrigger || token.type !== "word") continue;
    if (!inBody && token.value === "BEGIN") inBody = true;
    else if (inBody && token.value === "CASE") caseDepth++;
    else if (inBody && token.value === "END") {
      if (caseDepth > 0) caseDepth--;
      else inBody = false;
    }
  }
  close();
  return found;
}

const isName = (token) => token && (token.type === "word" || token.type === "name" || token.type === "string");

/** The name a token spells: a quoted one unquoted, a bare word as written (not upper-cased). */
const nameOf = (token) => (token.type === "word" ? token.text : token.value);

/** The table named at `tokens[at]` (schema-qualified or not), and where the name ends. */
function nameAt(tokens, at) {
  if (!isName(tokens[at])) return { name: undefined, next: at };
  if (tokens[at + 1]?.value === "." && isName(tokens[at + 2])) return { name: nameOf(tokens[at + 2]), next: at + 3 };
  return { name: nameOf(tokens[at]), next: at + 1 };
}

/** Skips `IF EXISTS` / `IF NOT EXISTS` at `at`. */
function afterIfExists(tokens, at) {
  if (!isWord(tokens[at], "IF")) return at;
  return isWord(tokens[at + 1], "NOT") ? at + 3 : at + 2;
}

// The old guard's four labels, kept first and word for word: operators and tests know them.
export const LABEL = {
  dropTable: "DROP TABLE",
  dropColumn: "DROP COLUMN",
  renameTable: "a table rebuild or rename (RENAME TO)",
  foreignKeys: "PRAGMA foreign_keys (a no-op inside D1's migration transaction, docs/operations.md)",
};
const LABEL_ORDER = Object.values(LABEL);

/** The columns an UPDATE's SET assigns (`a = …, (b, c) = …`), read from `tokens[at]` on. */
function assignedColumns(tokens, at) {
  const setAt = tokens.findIndex((token, index) => index >= at && isWord(token, "SET"));
  const columns = [];
  let depth = 0;
  let expectTarget = true;
  for (let index = setAt + 1; setAt !== -1 && index < tokens.length; index++) {
    const token = tokens[index];
    if (depth === 0 && isWord(token, "WHERE", "FROM", "RETURNING", "ORDER", "LIMIT")) break;
    if (expectTarget && token.value === "(") {
      // A row value target: (b, c) = (…).
      for (index++; index < tokens.length && tokens[index].value !== ")"; index++) if (isName(tokens[index])) columns.push(nameOf(tokens[index]));
      expectTarget = false;
      continue;
    }
    if (expectTarget && isName(token)) {
      columns.push(nameOf(token));
      expectTarget = false;
    } else if (token.value === "(") depth++;
    else if (token.value === ")") depth--;
    else if (depth === 0 && token.value === ",") expectTarget = true;
  }
  return columns;
}

/**
 * What a statement can do to rows that are already there: null when it only adds (CREATE TABLE,
 * INDEX, VIEW, TRIGGER, ALTER TABLE … ADD, a plain INSERT, SELECT), else `{ label, tables }`:
 * a short name of the statement and the existing tables it writes, as far as its text says.
 */
export function riskOf({ tokens }) {
  let at = 0;
  let head = tokens[0];
  if (isWord(head, "WITH")) {
    // A common table expression precedes the statement itself: find its verb at depth 0.
    let depth = 0;
    for (at = 1; at < tokens.length; at++) {
      const token = tokens[at];
      if (token.value === "(") depth++;
      else if (token.value === ")") depth--;
      else if (depth === 0 && isWord(token, "SELECT", "INSERT", "REPLACE", "UPDATE", "DELETE", "VALUES")) break;
    }
    head = tokens[at];
  }
  const word = head?.type === "word" ? head.value : head?.text;
  switch (word) {
    case "CREATE":
      return createRisk(tokens);
    case "SELECT":
    case "VALUES":
      return null;
    case "INSERT": {
      const orReplace = isWord(tokens[at + 1], "OR") && isWord(tokens[at + 2], "REPLACE");
      const intoAt = tokens.findIndex((token, index) => index > at && isWord(token, "INTO"));
      const { name, next } = nameAt(tokens, intoAt + 1);
      if (orReplace) return { label: "INSERT OR REPLACE", tables: [name] };
      const upsert = tokens.some((token, index) => isWord(token, "DO") && isWord(tokens[index + 1], "UPDATE"));
      if (upsert) return { label: "INSERT … ON CONFLICT DO UPDATE", tables: [name] };
      // FTS5 takes commands as an insert into its own name: 'delete-all', 'rebuild', 'delete'.
      if (tokens[next]?.value === "(" && isName(tokens[next + 1]) && nameOf(tokens[next + 1]).toLowerCase() === name?.toLowerCase() && tokens[next + 2]?.value === ")") {
        return { label: "an FTS5 command (INSERT INTO x(x))", tables: [name] };
      }
      return null;
    }
    case "REPLACE":
      return { label: "REPLACE INTO", tables: [nameAt(tokens, at + 2).name] };
    case "UPDATE": {
      let from = at + 1;
      // UPDATE OR REPLACE deletes every row whose unique key the new values take.
      const orReplace = isWord(tokens[from], "OR") && isWord(tokens[from + 1], "REPLACE");
      if (isWord(tokens[from], "OR")) from += 2;
      const { name, next } = nameAt(tokens, from);
      if (orReplace) return { label: "UPDATE OR REPLACE", tables: [name] };
      return { label: "UPDATE", tables: [name], sets: assignedColumns(tokens, next) };
    }
    case "DELETE":
      return { label: "DELETE", tables: [nameAt(tokens, at + 2).name] };
    case "DROP": {
      const kind = tokens[at + 1]?.value ?? "";
      const { name } = nameAt(tokens, afterIfExists(tokens, at + 2));
      if (kind === "TABLE") return { label: LABEL.dropTable, tables: [name] };
      // An index, trigger or view belongs to a table the text does not name; the rehearsal sees which.
      return { label: `DROP ${kind}`, tables: [] };
    }
    case "ALTER": {
      const { name, next } = nameAt(tokens, at + 2);
      const action = tokens[next];
      if (isWord(action, "ADD")) return null;
      if (isWord(action, "DROP")) return { label: LABEL.dropColumn, tables: [name] };
      if (isWord(action, "RENAME")) {
        const to = tokens[next + 1];
        if (isWord(to, "TO")) return { label: LABEL.renameTable, tables: [name, nameAt(tokens, next + 2).name] };
        return { label: "RENAME COLUMN", tables: [name] };
      }
      return { label: "ALTER TABLE", tables: [name] };
    }
    case "PRAGMA": {
      const { name } = nameAt(tokens, at + 1);
      return { label: name?.toLowerCase() === "foreign_keys" ? LABEL.foreignKeys : `PRAGMA ${name?.toLowerCase()}`, tables: [] };
    }
    default:
      // BEGIN, COMMIT, ROLLBACK, SAVEPOINT, VACUUM, ATTACH, REINDEX, …: rare in a migration, and
      // D1 already runs each file in a transaction; a reviewer looks at each one.
      return { label: `${word ?? "an empty statement"} (not known to the guard)`, tables: [] };
  }
}

const TRIGGER_LABEL = "a trigger that writes rows (CREATE TRIGGER)";
const UNIQUE_INDEX_LABEL = "a unique index over existing rows (CREATE UNIQUE INDEX: any REPLACE, now or in the Worker, deletes the rows it collides with)";

/**
 * What a CREATE can do to rows that are there: a unique index, on a table the migration did not
 * make, lets a REPLACE delete rows (`onExisting`: it counts only then); a trigger runs its body at
 * every later write (the next sign-in, purchase, top-up), so it counts as its body's statements
 * (`inner`) do. Anything else a CREATE makes only adds.
 */
function createRisk(tokens) {
  if (isWord(tokens[1], "UNIQUE") && isWord(tokens[2], "INDEX")) {
    const onAt = tokens.findIndex((token) => isWord(token, "ON"));
    return { label: UNIQUE_INDEX_LABEL, tables: [nameAt(tokens, onAt + 1).name], onExisting: true };
  }
  if (!tokens.slice(1, 3).some((token) => isWord(token, "TRIGGER"))) return null;
  const beginAt = tokens.findIndex((token) => isWord(token, "BEGIN"));
  const body = tokens.slice(beginAt + 1, tokens.length - 1);
  const inner = [];
  let current = [];
  for (const token of [...body, { type: "punct", value: ";" }]) {
    if (token.type === "punct" && token.value === ";") {
      const risk = current.length ? riskOf({ tokens: current }) : null;
      if (risk) inner.push(risk);
      current = [];
    } else current.push(token);
  }
  return inner.length ? { label: TRIGGER_LABEL, tables: inner.flatMap((risk) => risk.tables), inner } : null;
}

/**
 * The statements of a migration that can remove or rewrite rows: their labels (the old guard's
 * four first, then in order of appearance) and the existing tables they write. Tables the same
 * migration creates (`__new_x` of a rebuild) are not counted.
 */
export function risksOf(sql) {
  const all = statements(sql);
  // Not one made with IF NOT EXISTS: that one may be a table the store has, rows and all.
  const created = new Set(
    all.flatMap(({ tokens }) => {
      if (!isWord(tokens[0], "CREATE")) return [];
      const tableAt = tokens.findIndex((token, index) => index < 4 && isWord(token, "TABLE"));
      if (tableAt === -1 || isWord(tokens[tableAt + 1], "IF")) return [];
      return [nameAt(tokens, tableAt + 1).name?.toLowerCase()];
    }),
  );
  // A backfill (UPDATE t SET c = … where this migration added c to t) rewrites no value that was
  // there before; the rehearsal still compares every earlier column of t.
  const added = new Set(
    all.flatMap(({ tokens }) => {
      if (!isWord(tokens[0], "ALTER") || !isWord(tokens[1], "TABLE")) return [];
      const { name, next } = nameAt(tokens, 2);
      if (!isWord(tokens[next], "ADD")) return [];
      const column = isWord(tokens[next + 1], "COLUMN") ? tokens[next + 2] : tokens[next + 1];
      return [`${name}.${nameOf(column)}`.toLowerCase()];
    }),
  );
  const backfill = (risk) => risk.label === "UPDATE" && risk.sets.length > 0 && risk.sets.every((column) => added.has(`${risk.tables[0]}.${column}`.toLowerCase()));
  const made = (name) => name && created.has(name.toLowerCase());
  // A trigger counts for the statements of its body that write what was there before; a unique
  // index only on a table that was there.
  const found = all
    .map(riskOf)
    .filter(Boolean)
    .flatMap((risk) => (risk.inner ? risk.inner.filter((inner) => !backfill(inner) && !inner.tables.every(made)).map((inner) => ({ ...inner, label: risk.label })) : [risk]))
    .filter((risk) => !(risk.onExisting && risk.tables.every(made)))
    .filter((risk) => !backfill(risk));
  const labels = [...new Set(found.map((risk) => risk.label))].sort((a, b) => {
    const rank = (label) => (LABEL_ORDER.includes(label) ? LABEL_ORDER.indexOf(label) : LABEL_ORDER.length);
    return rank(a) - rank(b);
  });
  const tables = [...new Set(found.flatMap((risk) => risk.tables).filter((name) => name && !created.has(name.toLowerCase())))];
  return { labels, tables };
}

/** The CHECK constraints of a CREATE TABLE statement: `{ name, expression }` (name undefined when unnamed). */
export function checksOf(createTableSql) {
  const tokens = tokenize(createTableSql);
  const checks = [];
  for (let at = 0; at < tokens.length; at++) {
    if (!isWord(tokens[at], "CHECK") || tokens[at + 1]?.value !== "(") continue;
    let depth = 0;
    let end = at + 1;
    for (; end < tokens.length; end++) {
      if (tokens[end].value === "(") depth++;
      else if (tokens[end].value === ")" && --depth === 0) break;
    }
    const named = isWord(tokens[at - 2], "CONSTRAINT") ? tokens[at - 1].value : undefined;
    checks.push({ name: named, expression: createTableSql.slice(tokens[at + 2].start, tokens[end - 1].end), tokens: tokens.slice(at + 2, end) });
  }
  return checks;
}
