// `npm run restore -- <backup dir> <state dir>`: rebuilds a local store from `npm run backup`
// (scripts/backup.mjs) in a new state directory: the migrations, then the rows, then the files,
// each file checked against its SHA-256 before and after. Then `STATE_DIR=<state dir> npm start`
// serves it. Production is restored with wrangler itself (docs/operations.md "Backups and restoring").
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { projectRoot, sha256, withLocalBindings } from "./lib.mjs";

function wrangler(args) {
  const result = spawnSync("wrangler", args, { cwd: projectRoot, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout ?? ""}${result.stderr ?? ""}`);
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
 * The rows as one SQL file for a freshly migrated database: the rows the migrations seeded are
 * removed first from every table the backup holds (it has its own, or none), the migration records are left to the migrations, and
 * the AUTOINCREMENT counters are the backup's, so no id is ever handed out twice.
 */
function restoreSql(dump, tables) {
  const lines = dump.split("\n").filter((line) => line && !line.startsWith('INSERT INTO "d1_migrations"'));
  const firstCounter = lines.findIndex((line) => line.startsWith('INSERT INTO "sqlite_sequence"'));
  if (firstCounter >= 0) lines.splice(firstCounter, 0, "DELETE FROM sqlite_sequence;");
  const emptied = tables.filter((table) => table !== "d1_migrations" && table !== "sqlite_sequence").reverse();
  // The dump starts with PRAGMA defer_foreign_keys=TRUE: the deletes run after it too.
  return [lines[0], ...emptied.map((table) => `DELETE FROM "${table}";`), ...lines.slice(1), ""].join("\n");
}

/** Applies the migrations (unless `migrated`) and the backup's rows to the local D1 in `persistTo`. */
export async function restoreDatabase(dir, persistTo, { migrated = false } = {}) {
  const manifest = readManifest(dir);
  checkMigrations(manifest);
  if (!migrated) wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
  const tables = Object.keys(manifest.tables);
  const work = mkdtempSync(join(tmpdir(), "igh-restore-"));
  try {
    const file = join(work, "restore.sql");
    writeFileSync(file, restoreSql(readFileSync(join(dir, "d1.sql"), "utf8"), tables));
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

/** Rebuilds the store of backup `dir` in the new directory `persistTo`; checks every count and file. */
export async function restore(dir, persistTo) {
  if (existsSync(persistTo) && readdirSync(persistTo).length > 0) throw new Error(`${persistTo} is not empty: a restore builds a new state directory.`);
  const manifest = readManifest(dir);
  const damaged = damagedFiles(dir, manifest);
  if (damaged.length) throw new Error(`files whose bytes do not match their SHA-256: ${damaged.map((file) => file.key).join(", ")}`);
  await restoreDatabase(dir, persistTo);
  return withLocalBindings(persistTo, async (env) => {
    for (const file of manifest.files) {
      await env.FILES.put(file.key, readFileSync(join(dir, "files", file.sha256)), { httpMetadata: file.httpMetadata, customMetadata: file.customMetadata });
    }
    const problems = [];
    for (const [table, count] of Object.entries(manifest.tables)) {
      if (table === "d1_migrations" || table === "sqlite_sequence") continue;
      const found = await env.DB.prepare(`SELECT count(*) AS count FROM "${table}"`).first("count");
      if (found !== count) problems.push(`${table}: ${found} rows, the backup has ${count}`);
    }
    for (const file of manifest.files) {
      const object = await env.FILES.get(file.key);
      const digest = object ? sha256(new Uint8Array(await object.arrayBuffer())) : null;
      if (digest !== file.sha256) problems.push(`${file.key}: ${digest ? `SHA-256 ${digest}` : "missing"}, the backup has ${file.sha256}`);
    }
    if (problems.length) throw new Error(`the restored store differs from the backup:\n  ${problems.join("\n  ")}`);
    return manifest;
  });
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const [dir, persistTo, ...rest] = process.argv.slice(2);
  const sqlOnly = persistTo === "--sql";
  if (!dir || !persistTo || rest.length !== (sqlOnly ? 1 : 0)) {
    console.error("Usage: npm run restore -- <backup dir> <new state dir>\n       npm run restore -- <backup dir> --sql <file>   (the rows for a freshly migrated production database)");
    process.exit(2);
  }
  try {
    if (sqlOnly) {
      const manifest = readManifest(resolve(dir));
      checkMigrations(manifest);
      writeFileSync(resolve(rest[0]), restoreSql(readFileSync(join(resolve(dir), "d1.sql"), "utf8"), Object.keys(manifest.tables)));
      console.log(`Wrote ${resolve(rest[0])}: run it with wrangler d1 execute DB --remote --file on the freshly migrated database (docs/operations.md).`);
      process.exit(0);
    }
    const manifest = await restore(resolve(dir), resolve(persistTo));
    const rows = Object.entries(manifest.tables).reduce((sum, [table, count]) => (table === "d1_migrations" || table === "sqlite_sequence" ? sum : sum + count), 0);
    console.log(`Restored ${rows} rows and ${manifest.files.length} files into ${resolve(persistTo)}; every table's count and every file's SHA-256 match the backup.`);
    console.log(`Serve it with: STATE_DIR=${persistTo} npm start`);
  } catch (error) {
    console.error(`The restore failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
