// `npm run restore -- <backup dir> <state dir>`: rebuilds a local store from `npm run backup`
// (scripts/backup.mjs) in a new state directory: the migrations, then the rows, then the files,
// each file checked against its SHA-256 before and after (with its Content-Type; a file over
// PART_SIZE goes in parts, as production's large files must), then every table's rows against the
// backup's digests, the schema against the migrations' and every balance against its ledger. It
// trusts nothing it did not check: a manifest without every table's digest, or a d1.sql holding
// anything but rows of its tables (a trigger, a view, an index), is refused before anything is
// written. Then `STATE_DIR=<state dir> npm start` serves it. Production is restored with wrangler
// itself (docs/operations.md "Backups and restoring"): `--sql` writes the rows, once run and
// compared on a scratch database; `--r2-commands` writes the file commands.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { migrateLocally, projectRoot, sha256, withLocalBindings } from "./lib.mjs";
import { applyAsD1, emptyStore } from "./migration-rehearsal.mjs";
import { statements } from "./sql-statements.mjs";

/** A file bigger than this is put in parts of this size (R2 wants parts of at least 5 MiB, all but the last equal). */
export const PART_SIZE = 8 * 1024 * 1024;
/** What `wrangler r2 object put --remote` accepts (its MAX_UPLOAD_SIZE_BYTES, wrangler 4.x): 300 MiB. */
export const WRANGLER_PUT_LIMIT = 300 * 1024 * 1024;

function wrangler(args) {
  const result = spawnSync("wrangler", args, { cwd: projectRoot, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout ?? ""}${result.stderr ?? ""}`);
}

/** Tables whose rows a restore does not copy as they are: the migrations write their own. */
export const UNCOMPARED_TABLES = new Set(["d1_migrations", "sqlite_sequence"]);

/**
 * Each table's rows as one SHA-256: every row as JSON, sorted, so the order rows come back in does
 * not matter but any changed value (a balance, a ledger amount) does.
 */
export async function tableDigests(db, tables) {
  const digests = {};
  for (const table of tables.filter((name) => !UNCOMPARED_TABLES.has(name))) {
    const { results } = await db.prepare(`SELECT * FROM "${table}"`).all();
    digests[table] = sha256(results.map((row) => JSON.stringify(row)).sort().join("\n"));
  }
  return digests;
}

export function readManifest(dir) {
  return JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
}

/** The migrations of this checkout; a backup made under one it does not have is refused. */
function checkMigrations(manifest) {
  const here = readdirSync(join(projectRoot, "migrations")).filter((name) => name.endsWith(".sql"));
  const unknown = manifest.migrations.filter((name) => !here.includes(name));
  if (unknown.length) throw new Error(`the backup was made under migrations this checkout lacks (${unknown.join(", ")}): check out the release that made it.`);
}

/**
 * Every table of the manifest has its rows' digest: a backup without them (format 1, or digests
 * removed) cannot be told from a forged one, since equal counts hide a changed balance.
 */
function checkDigests(manifest) {
  const compared = Object.keys(manifest.tables ?? {}).filter((table) => !UNCOMPARED_TABLES.has(table));
  const missing = compared.filter((table) => typeof manifest.digests?.[table] !== "string");
  if (missing.length) throw new Error(`the manifest has no row digest for ${missing.join(", ")}: a backup whose rows cannot be compared is refused (make a new one with npm run backup).`);
}

/** The schema the checkout's migrations make (node:sqlite, as D1 applies them): each object's name → type. */
function migratedSchema() {
  const db = emptyStore();
  try {
    const dir = join(projectRoot, "migrations");
    for (const file of readdirSync(dir).filter((name) => name.endsWith(".sql")).sort()) applyAsD1(db, readFileSync(join(dir, file), "utf8"));
    return new Map(db.prepare("SELECT name, type FROM sqlite_schema").all().map(({ name, type }) => [name, type]));
  } finally {
    db.close();
  }
}

const DEFER_FOREIGN_KEYS = /^PRAGMA defer_foreign_keys\s*=\s*TRUE$/i;

/**
 * The statements of a backup's d1.sql, each checked: the export's opening `PRAGMA
 * defer_foreign_keys=TRUE`, then only `INSERT INTO "<table>" (…) VALUES(…)` rows of tables the
 * manifest lists and the migrations make. A schema object (a trigger that would run at the next
 * sign-in, a view, an index), a delete, an update or anything else is refused: a backup holds rows,
 * the schema comes from the migrations.
 */
function backupStatements(dump, manifest, schema = migratedSchema()) {
  const tables = new Set(Object.keys(manifest.tables ?? {}));
  const refused = [];
  const kept = [];
  for (const [index, statement] of statements(dump).entries()) {
    const [verb, into, name, columns] = statement.tokens;
    const text = statement.text.length > 120 ? `${statement.text.slice(0, 117)}…` : statement.text;
    if (index === 0 && DEFER_FOREIGN_KEYS.test(statement.text)) kept.push(statement.text);
    else if (verb?.value !== "INSERT" || into?.value !== "INTO" || name?.type !== "name" || columns?.value !== "(") refused.push(text);
    else if (!tables.has(name.value) || !(schema.get(name.value) === "table" || UNCOMPARED_TABLES.has(name.value))) refused.push(`${text} (not a table the backup holds)`);
    else if (!statement.tokens.some((token) => token.type === "word" && token.value === "VALUES") || statement.tokens.some((token) => token.type === "word" && ["SELECT", "RETURNING", "CONFLICT"].includes(token.value))) refused.push(text);
    else kept.push(statement.text);
  }
  if (refused.length) throw new Error(`d1.sql holds ${refused.length} statement(s) that are not rows of its tables, which no backup makes (the schema comes from the migrations): ${refused.slice(0, 3).join("; ")}`);
  return kept;
}

/**
 * The rows as one SQL file for a freshly migrated database, made from the checked statements only:
 * the rows the migrations seeded are removed first from every table the backup holds (it has its
 * own, or none), the migration records are left to the migrations, and the AUTOINCREMENT counters
 * are the backup's, so no id is ever handed out twice.
 */
function restoreSql(rows, tables) {
  const lines = rows.filter((statement) => !statement.startsWith('INSERT INTO "d1_migrations"'));
  const firstCounter = lines.findIndex((statement) => statement.startsWith('INSERT INTO "sqlite_sequence"'));
  if (firstCounter >= 0) lines.splice(firstCounter, 0, "DELETE FROM sqlite_sequence");
  const emptied = tables.filter((table) => table !== "d1_migrations" && table !== "sqlite_sequence").reverse();
  // The export starts with PRAGMA defer_foreign_keys=TRUE: the deletes run after it too.
  const [pragma, ...rest] = DEFER_FOREIGN_KEYS.test(lines[0] ?? "") ? lines : ["PRAGMA defer_foreign_keys=TRUE", ...lines];
  return `${[pragma, ...emptied.map((table) => `DELETE FROM "${table}"`), ...rest].join(";\n")};\n`;
}

/** The SQL that restores backup `dir`'s rows, once its migrations and every statement of its d1.sql passed their checks. */
function rowsSql(dir, manifest) {
  checkMigrations(manifest);
  return restoreSql(backupStatements(readFileSync(join(dir, "d1.sql"), "utf8"), manifest), Object.keys(manifest.tables));
}

/** rowsSql, of a backup whose manifest has every table's digest too (what a restore compares). */
function checkedRestoreSql(dir, manifest) {
  checkDigests(manifest);
  return rowsSql(dir, manifest);
}

/**
 * Applies the migrations (unless `migrated`) and `sql` (the backup's rows, checkedRestoreSql; for
 * a production backup's own scratch copy, its d1.sql as exported) to the local D1 in `persistTo`.
 */
export async function restoreDatabase(dir, persistTo, { migrated = false, sql } = {}) {
  const rows = sql ?? rowsSql(dir, readManifest(dir));
  if (!migrated) await migrateLocally(persistTo);
  const work = mkdtempSync(join(tmpdir(), "igh-restore-"));
  try {
    const file = join(work, "restore.sql");
    writeFileSync(file, rows);
    wrangler(["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file, "--yes"]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Every file of the backup whose bytes are not what the manifest says. */
function damagedFiles(dir, manifest) {
  return manifest.files.filter((file) => {
    const path = join(dir, "files", file.sha256);
    return !existsSync(path) || sha256(readFileSync(path)) !== file.sha256;
  });
}

/** Puts one file under its key with its metadata; a big one as a multipart upload. */
async function putFile(bucket, file, bytes) {
  const options = { httpMetadata: file.httpMetadata, customMetadata: file.customMetadata };
  if (bytes.byteLength <= PART_SIZE) return bucket.put(file.key, bytes, options);
  const upload = await bucket.createMultipartUpload(file.key, options);
  try {
    const parts = [];
    for (let offset = 0; offset < bytes.byteLength; offset += PART_SIZE) parts.push(await upload.uploadPart(parts.length + 1, bytes.subarray(offset, offset + PART_SIZE)));
    return await upload.complete(parts);
  } catch (error) {
    await upload.abort();
    throw error;
  }
}

/**
 * The ledger as the wallet writes it (workers/money/wallet/money.ts): each row's balance_after is
 * its balance_before plus its amount, each row starts where the user's previous one ended, and the
 * user's balance is the newest row's balance_after (0 with none), as the cron's ledger check has it.
 */
async function ledgerProblems(db) {
  const problems = [];
  const { results: rows } = await db.prepare("SELECT id, user_id, amount, balance_before, balance_after FROM wallet_transactions ORDER BY user_id, id").all();
  const last = new Map();
  for (const row of rows) {
    if (row.balance_before + row.amount !== row.balance_after) problems.push(`ledger row #${row.id}: ${row.balance_before} + ${row.amount} is not ${row.balance_after}`);
    const previous = last.get(row.user_id);
    if (previous && previous.balance_after !== row.balance_before) problems.push(`ledger row #${row.id}: starts at ${row.balance_before}, the user's row #${previous.id} ended at ${previous.balance_after}`);
    last.set(row.user_id, row);
  }
  const { results: users } = await db.prepare("SELECT id, balance FROM users ORDER BY id").all();
  for (const user of users) {
    const ledger = last.get(user.id)?.balance_after ?? 0;
    if (user.balance !== ledger) problems.push(`user #${user.id}: balance ${user.balance}, the ledger says ${ledger}`);
  }
  return problems;
}

/** What differs between the rows, schema and ledger of the D1 in `env` and backup `manifest`: one line each. */
async function databaseProblems(env, manifest) {
  const problems = [];
  for (const [table, count] of Object.entries(manifest.tables)) {
    if (UNCOMPARED_TABLES.has(table)) continue;
    const found = await env.DB.prepare(`SELECT count(*) AS count FROM "${table}"`).first("count");
    if (found !== count) problems.push(`${table}: ${found} rows, the backup has ${count}`);
  }
  // Same counts can hide changed rows (a balance edited in d1.sql): the content is compared too.
  const digests = await tableDigests(env.DB, Object.keys(manifest.tables));
  for (const [table, digest] of Object.entries(manifest.digests)) {
    if (digests[table] !== digest) problems.push(`${table}: its rows differ from the backup's (SHA-256 ${digests[table]}, the backup has ${digest})`);
  }
  // Nothing but what the migrations make: a trigger or view that came with the rows would run later.
  const schema = migratedSchema();
  const { results } = await env.DB.prepare("SELECT name, type FROM sqlite_schema").all();
  for (const { name, type } of results) if (!schema.has(name) && !/^(_cf_|sqlite_)/.test(name) && name !== "d1_migrations") problems.push(`${type} ${name}: no migration makes it`);
  problems.push(...(await ledgerProblems(env.DB)));
  return problems;
}

/** Rebuilds the store of backup `dir` in the new directory `persistTo`; checks every table's rows, the schema, the ledger and every file. */
export async function restore(dir, persistTo) {
  if (existsSync(persistTo) && readdirSync(persistTo).length > 0) throw new Error(`${persistTo} is not empty: a restore builds a new state directory.`);
  const manifest = readManifest(dir);
  const sql = checkedRestoreSql(dir, manifest);
  const damaged = damagedFiles(dir, manifest);
  if (damaged.length) throw new Error(`files whose bytes do not match their SHA-256: ${damaged.map((file) => file.key).join(", ")}`);
  await restoreDatabase(dir, persistTo, { sql });
  return withLocalBindings(persistTo, async (env) => {
    for (const file of manifest.files) await putFile(env.FILES, file, readFileSync(join(dir, "files", file.sha256)));
    const problems = await databaseProblems(env, manifest);
    for (const file of manifest.files) {
      const object = await env.FILES.get(file.key);
      const digest = object ? sha256(new Uint8Array(await object.arrayBuffer())) : null;
      if (digest !== file.sha256) problems.push(`${file.key}: ${digest ? `SHA-256 ${digest}` : "missing"}, the backup has ${file.sha256}`);
      const type = object?.httpMetadata?.contentType;
      if (object && type !== file.httpMetadata?.contentType) problems.push(`${file.key}: Content-Type ${type}, the backup has ${file.httpMetadata?.contentType}`);
    }
    if (problems.length) throw new Error(`the restored store differs from the backup:\n  ${problems.join("\n  ")}`);
    return manifest;
  });
}

/**
 * The SQL that restores backup `dir` on a freshly migrated production database, once it has been
 * run, as it is, on a scratch local database and every table's rows, the schema and the ledger
 * found equal to the backup's: what production gets is exactly what was compared.
 */
export async function productionRestoreSql(dir) {
  const manifest = readManifest(dir);
  const sql = checkedRestoreSql(dir, manifest);
  const scratch = mkdtempSync(join(tmpdir(), "igh-restore-check-"));
  try {
    await restoreDatabase(dir, scratch, { sql });
    const problems = await withLocalBindings(scratch, (env) => databaseProblems(env, manifest));
    if (problems.length) throw new Error(`the rows of this backup, restored on a scratch database, differ from the backup:\n  ${problems.join("\n  ")}`);
    return { sql, manifest };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function quoted(text) {
  return `'${String(text).replaceAll("'", "'\\''")}'`;
}

/**
 * A shell script, run from the project's root, that puts every file of backup `dir` back into the
 * production `bucket` under its key with its Content-Type, each checked against its SHA-256 first:
 * `wrangler r2 object put` up to WRANGLER_PUT_LIMIT, the S3-compatible API (`aws s3 cp`, which sends
 * a big file as a multipart upload) above it. docs/operations.md says what each needs.
 */
export function r2Commands(dir, manifest, bucket) {
  const lines = [
    "#!/bin/sh",
    `# Puts the ${manifest.files.length} files of ${dir} back into R2 bucket ${bucket} (docs/operations.md "Restoring").`,
    "set -e",
  ];
  const large = manifest.files.filter((file) => file.size > WRANGLER_PUT_LIMIT);
  if (large.length) lines.push(`# ${large.length} over 300 MiB: aws s3 cp needs R2_ACCOUNT_ID and an R2 API token's keys in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY.`, '[ -n "$R2_ACCOUNT_ID" ] || { echo "R2_ACCOUNT_ID: the Cloudflare account id, for the S3-compatible endpoint" >&2; exit 1; }');
  for (const file of manifest.files) {
    const path = join(dir, "files", file.sha256);
    const type = file.httpMetadata?.contentType ?? "application/octet-stream";
    lines.push(`echo ${quoted(`${file.sha256}  ${path}`)} | sha256sum -c --quiet -`);
    lines.push(
      file.size > WRANGLER_PUT_LIMIT
        ? `aws s3 cp ${quoted(path)} ${quoted(`s3://${bucket}/${file.key}`)} --content-type ${quoted(type)} --endpoint-url "https://$R2_ACCOUNT_ID.r2.cloudflarestorage.com" --region auto`
        : `npx wrangler r2 object put ${quoted(`${bucket}/${file.key}`)} --file ${quoted(path)} --content-type ${quoted(type)} --remote --config .wrangler/production/wrangler.json`,
    );
  }
  return `${lines.join("\n")}\n`;
}

const USAGE = `Usage: npm run restore -- <backup dir> <new state dir>
       npm run restore -- <backup dir> --sql <file>                   (the rows for a freshly migrated production database)
       npm run restore -- <backup dir> --r2-commands <bucket> <file>  (a script that puts the files back into production's bucket)`;

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const [dir, persistTo, ...rest] = process.argv.slice(2);
  const sqlOnly = persistTo === "--sql";
  const r2Only = persistTo === "--r2-commands";
  if (!dir || !persistTo || rest.length !== (sqlOnly ? 1 : r2Only ? 2 : 0)) {
    console.error(USAGE);
    process.exit(2);
  }
  try {
    if (r2Only) {
      const manifest = readManifest(resolve(dir));
      writeFileSync(resolve(rest[1]), r2Commands(resolve(dir), manifest, rest[0]), { mode: 0o755 });
      console.log(`Wrote ${resolve(rest[1])}: run it from the project's root to put ${manifest.files.length} files into ${rest[0]} (docs/operations.md).`);
      process.exit(0);
    }
    if (sqlOnly) {
      const { sql } = await productionRestoreSql(resolve(dir));
      writeFileSync(resolve(rest[0]), sql);
      console.log(`Wrote ${resolve(rest[0])}, after restoring it as it is on a scratch local database: every table's rows (SHA-256), the schema and every balance against its ledger match the backup. Run it with wrangler d1 execute DB --remote --file on the freshly migrated database (docs/operations.md).`);
      process.exit(0);
    }
    const manifest = await restore(resolve(dir), resolve(persistTo));
    const rows = Object.entries(manifest.tables).reduce((sum, [table, count]) => (table === "d1_migrations" || table === "sqlite_sequence" ? sum : sum + count), 0);
    console.log(`Restored ${rows} rows and ${manifest.files.length} files into ${resolve(persistTo)}; every table's count and every file's SHA-256 match the backup, and so do every table's rows (SHA-256), the schema (only what the migrations make), every file's Content-Type and every balance against its ledger.`);
    console.log(`Serve it with: STATE_DIR=${persistTo} npm start`);
  } catch (error) {
    console.error(`The restore failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
