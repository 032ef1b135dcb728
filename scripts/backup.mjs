// `npm run backup -- <dir>`: the local store's database and files, enough to rebuild it elsewhere
// (`npm run restore`, scripts/restore.mjs; docs/operations.md "Backups and restoring").
//   <dir>/d1.sql          every table's rows as INSERTs (no schema: a restore applies the migrations)
//   <dir>/files/<sha256>  every R2 object's bytes, named by their SHA-256
//   <dir>/manifest.json   the migrations the data was written under, each table's row count and
//                         the SHA-256 of its rows (a restore compares content, not only counts), and
//                         every object's key, size, SHA-256 and metadata (its Content-Type above all)
// `npm run backup -- <dir> --remote --database <name> --account-id <id>` does the same from
// production, reading only: `wrangler d1 export --remote` and `wrangler r2 object get --remote`,
// nothing else is run against the account. Without the explicit database and account it refuses.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { migrateLocally, projectRoot, sha256, stateDir, withLocalBindings } from "./lib.mjs";
import { restoreDatabase, tableDigests } from "./restore.mjs";

export const PRODUCTION_CONFIG = ".wrangler/production/wrangler.json";

/**
 * The tables a backup holds, in the schema's order (parents before the tables that reference
 * them). Not the FTS5 search index or its shadow tables: D1 refuses to export a database
 * with a virtual table in it, and the index is derived (the `apps` triggers write it again as the
 * rows come back). Not the daily rollups either: triggers on the ledger and the orders write them
 * again as those rows come back (migrations/0014), and restored copies would collide with them.
 * Not D1's and SQLite's own tables, except the AUTOINCREMENT counters.
 */
const DERIVED_TABLES = new Set(["ledger_daily", "sales_daily"]);

export async function backupTables(db) {
  const { results } = await db.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND sql IS NOT NULL ORDER BY rowid").all();
  const virtual = results.filter((table) => /^CREATE VIRTUAL TABLE/i.test(table.sql)).map((table) => table.name);
  return results
    .map((table) => table.name)
    .filter((name) => !virtual.some((index) => name === index || name.startsWith(`${index}_`)))
    .filter((name) => !DERIVED_TABLES.has(name))
    .filter((name) => name === "sqlite_sequence" || !/^(sqlite_|_cf_)/.test(name));
}

/** Each of `tables`' row count in a data-only export (one INSERT per row), in their order. */
export function rowCounts(sql, tables) {
  const counts = Object.fromEntries(tables.map((table) => [table, 0]));
  for (const [, table] of sql.matchAll(/^INSERT INTO "([^"]+)"/gm)) counts[table] += 1;
  return counts;
}

/** The migrations the exported data was written under, from its d1_migrations rows. */
export function appliedMigrations(sql) {
  return [...sql.matchAll(/^INSERT INTO "d1_migrations" \([^)]*\) VALUES\(\d+,'((?:[^']|'')+)'/gm)].map(([, name]) => name.replaceAll("''", "'"));
}

/**
 * The R2 objects the database points at, with the Content-Type a row recorded for each: what a
 * production backup fetches (wrangler can neither list a bucket nor read an object's metadata).
 * The image copies are `<key>.w<width>.webp` for each width on the row (docs/decisions/0036-image-variants.md).
 * Separate queries: D1 allows only a few terms in one compound SELECT.
 */
const REFERENCED_OBJECTS_SQL = [
  "SELECT icon_key AS key, (SELECT content_type FROM uploads WHERE object_key = icon_key) AS content_type FROM apps WHERE icon_key IS NOT NULL",
  "SELECT icon_key || '.w' || width.value || '.webp' AS key, 'image/webp' AS content_type FROM apps, json_each(apps.icon_variants) AS width WHERE icon_key IS NOT NULL",
  "SELECT file_key AS key, (SELECT content_type FROM uploads WHERE object_key = file_key) AS content_type FROM apps WHERE file_key IS NOT NULL",
  "SELECT m.object_key AS key, coalesce(m.content_type, (SELECT content_type FROM uploads u WHERE u.object_key = m.object_key)) AS content_type FROM app_media m WHERE m.object_key IS NOT NULL",
  "SELECT m.object_key || '.w' || width.value || '.webp' AS key, 'image/webp' AS content_type FROM app_media m, json_each(m.variants) AS width WHERE m.object_key IS NOT NULL",
  "SELECT file_key AS key, (SELECT content_type FROM uploads WHERE object_key = file_key) AS content_type FROM app_releases WHERE file_key IS NOT NULL",
  "SELECT object_key AS key, content_type FROM uploads WHERE status <> 'uploading'",
];

// What the store writes for an object no row records a type for: the type it sniffs or names for
// that ending (workers/lib/packages/media.ts, packageContentType in workers/shared/app-form.ts).
const TYPE_BY_ENDING = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
  mp4: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
  avi: "video/x-msvideo",
  deb: "application/vnd.debian.binary-package",
};

/** Each referenced object once, by key, with the type a row recorded, else the one its ending implies. */
async function referencedObjects(db) {
  const types = new Map();
  for (const query of REFERENCED_OBJECTS_SQL) {
    for (const { key, content_type: recorded } of (await db.prepare(query).all()).results) if (!types.get(key)) types.set(key, recorded ?? null);
  }
  return [...types]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, recorded]) => ({ key, contentType: recorded ?? TYPE_BY_ENDING[key.split(".").pop()?.toLowerCase() ?? ""] ?? "application/octet-stream" }));
}

function writeManifest(dir, manifest) {
  writeFileSync(join(dir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Backs up the local store kept in `persistTo` into `dir`. */
export async function backupLocal(dir, persistTo) {
  mkdirSync(join(dir, "files"), { recursive: true });
  return withLocalBindings(persistTo, async (env) => {
    const tables = await backupTables(env.DB);
    // `wrangler d1 export --local` reads only the default state directory; this is the query it runs
    // (Miniflare knows it by this exact text, the tables bound after its three parameters).
    const [lines] = await env.DB.prepare("PRAGMA miniflare_d1_export(?,?,?);")
      .bind(1, 0, ...tables)
      .raw();
    const sql = `${lines.join("\n")}\n`;
    writeFileSync(join(dir, "d1.sql"), sql);

    const files = [];
    let cursor;
    do {
      const page = await env.FILES.list({ cursor, include: ["httpMetadata", "customMetadata"] });
      for (const listed of page.objects) {
        const bytes = new Uint8Array(await (await env.FILES.get(listed.key)).arrayBuffer());
        const digest = sha256(bytes);
        writeFileSync(join(dir, "files", digest), bytes);
        files.push({ key: listed.key, size: bytes.byteLength, sha256: digest, httpMetadata: listed.httpMetadata ?? {}, customMetadata: listed.customMetadata ?? {} });
      }
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);

    const manifest = { format: 2, source: "local", createdAt: new Date().toISOString(), migrations: appliedMigrations(sql), tables: rowCounts(sql, tables), digests: await tableDigests(env.DB, tables), files };
    writeManifest(dir, manifest);
    return manifest;
  });
}

/** Runs wrangler and stops on failure, showing its output. */
function wrangler(args, env) {
  const result = spawnSync("wrangler", args, { cwd: projectRoot, encoding: "utf8", env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout ?? ""}${result.stderr ?? ""}`);
  return result;
}

/**
 * Backs up production, reading only. The table list comes from this checkout's migrations applied
 * to a scratch local database; the object keys from the exported rows loaded into that scratch
 * database; nothing but `d1 export` and `r2 object get` reaches the account.
 */
export async function backupRemote(dir, { database, accountId, config }) {
  const remoteConfig = JSON.parse(readFileSync(resolve(projectRoot, config), "utf8"));
  const d1 = remoteConfig.d1_databases?.find((entry) => entry.binding === "DB");
  if (!d1 || d1.database_name !== database) throw new Error(`${config} names the database "${d1?.database_name}", not "${database}".`);
  const bucket = remoteConfig.r2_buckets?.find((entry) => entry.binding === "FILES")?.bucket_name;
  if (!bucket) throw new Error(`${config} has no FILES bucket.`);
  const account = { CLOUDFLARE_ACCOUNT_ID: accountId };
  mkdirSync(join(dir, "files"), { recursive: true });
  const scratch = mkdtempSync(join(tmpdir(), "igh-backup-"));
  try {
    await migrateLocally(scratch);
    const tables = await withLocalBindings(scratch, (env) => backupTables(env.DB));
    const output = join(dir, "d1.sql");
    wrangler(["d1", "export", database, "--remote", "--no-schema", "--output", output, "--config", config, ...tables.flatMap((table) => ["--table", table])], account);
    const sql = readFileSync(output, "utf8");
    const manifest = { format: 2, source: "remote", database, createdAt: new Date().toISOString(), migrations: appliedMigrations(sql), tables: rowCounts(sql, tables), digests: {}, files: [] };
    writeManifest(dir, manifest);

    // The exported rows in the scratch database say which objects the store points at, and what
    // their rows digest to there (a restore must come back to the same).
    await restoreDatabase(dir, scratch, { migrated: true });
    const objects = await withLocalBindings(scratch, async (env) => {
      manifest.digests = await tableDigests(env.DB, tables);
      return referencedObjects(env.DB);
    });
    for (const { key, contentType } of objects) {
      const download = join(scratch, "object");
      wrangler(["r2", "object", "get", `${bucket}/${key}`, "--remote", "--file", download, "--config", config], account);
      const bytes = readFileSync(download);
      const digest = sha256(bytes);
      writeFileSync(join(dir, "files", digest), bytes);
      manifest.files.push({ key, size: bytes.byteLength, sha256: digest, httpMetadata: { contentType }, customMetadata: {} });
    }
    writeManifest(dir, manifest);
    return manifest;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const USAGE = "Usage: npm run backup -- <dir> [--remote --database <database name> --account-id <Cloudflare account id> [--config .wrangler/production/wrangler.json]]";

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { remote: { type: "boolean", default: false }, database: { type: "string" }, "account-id": { type: "string" }, config: { type: "string", default: PRODUCTION_CONFIG } },
  });
  const [dir] = positionals;
  if (!dir || positionals.length > 1) {
    console.error(USAGE);
    process.exit(2);
  }
  if (values.remote && (!values.database || !values["account-id"])) {
    console.error(`A production backup names its database and account explicitly (--database, --account-id): nothing is taken from the environment.\n${USAGE}`);
    process.exit(2);
  }
  const target = resolve(dir);
  if (existsSync(target) && readdirSync(target).length > 0) {
    console.error(`${target} is not empty: a backup goes into a new directory.`);
    process.exit(2);
  }
  try {
    if (values.remote && !existsSync(resolve(projectRoot, values.config))) throw new Error(`${values.config} not found: run npm run deploy -- --check first (docs/operations.md).`);
    const manifest = values.remote
      ? await backupRemote(target, { database: values.database, accountId: values["account-id"], config: values.config })
      : await backupLocal(target, stateDir());
    const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
    console.log(`Backed up ${values.remote ? `${values.database} (production)` : `the local store (${stateDir()})`}: ${rows} rows in ${Object.keys(manifest.tables).length} tables, ${manifest.files.length} files, into ${target}.`);
  } catch (error) {
    console.error(`The backup failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
