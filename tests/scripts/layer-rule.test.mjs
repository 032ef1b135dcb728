// The layer rule is enforced by `npm run lint` (biome.jsonc, docs/decisions/0027): the files of
// tests/fixtures/layer-violations, laid out where their names say in a scratch copy of the
// repository's own biome.jsonc, must each fail with the rule that guards their layer, and the
// allowed one must pass.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import { after, before, describe, test } from "node:test";
import { projectRoot } from "../../scripts/lib.mjs";

const fixtures = join(projectRoot, "tests/fixtures/layer-violations");

describe("layer rule: lint refuses imports against the layers", () => {
  const scratch = mkdtempSync(join(tmpdir(), "igh-layers-"));
  /** file path → the rules biome reported for it */
  const reported = new Map();
  let status;

  before(() => {
    copyFileSync(join(projectRoot, "biome.jsonc"), join(scratch, "biome.jsonc"));
    symlinkSync(join(projectRoot, "node_modules"), join(scratch, "node_modules"));
    spawnSync("git", ["init", "-q"], { cwd: scratch });
    for (const name of readdirSync(fixtures).filter((file) => file.endsWith(".ts.fixture"))) {
      const target = join(scratch, name.replace(/\.fixture$/, "").replaceAll("__", "/"));
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(join(fixtures, name), target);
    }
    const lint = spawnSync(join(projectRoot, "node_modules/.bin/biome"), ["lint", "--error-on-warnings", "--max-diagnostics=none", "--colors=off", "."], {
      cwd: scratch,
      encoding: "utf8",
    });
    status = lint.status;
    for (const [, file, rule] of `${lint.stdout}${lint.stderr}`.matchAll(/^(\S+?):\d+:\d+ (lint\/\S+)/gm)) {
      reported.set(file, [...(reported.get(file) ?? []), rule]);
    }
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  test("lint fails", () => assert.notEqual(status, 0));

  const restricted = "lint/style/noRestrictedImports";
  for (const [file, rule] of [
    ["workers/money/wallet/imports-a-rule.ts", restricted],
    ["workers/licensing/schemas/imports-a-rule.ts", restricted],
    ["workers/money/schemas/imports-another-domain.ts", restricted],
    ["workers/money/routes/imports-drizzle.ts", restricted],
    ["workers/owner/routes/imports-db.ts", restricted],
    ["workers/catalogue/bypasses-wallet-for.ts", restricted],
    ["app/lib/imports-db.server.ts", restricted],
    ["workers/platform/http/imports-a-domain.ts", restricted],
    ["workers/db/statements/imports-a-domain.ts", restricted],
    ["workers/shared/circle-a.ts", "lint/suspicious/noImportCycles"],
    ["workers/shared/circle-b.ts", "lint/suspicious/noImportCycles"],
  ]) {
    test(`${file} is refused by ${rule}`, () => assert.deepEqual(reported.get(file), [rule]));
  }

  test("the wallet's allowed imports (pure modules, messages, its own reads) pass", () => {
    assert.equal(reported.get("workers/money/wallet/allowed.ts"), undefined);
  });
});

// Folder arrows that run back up: two folders of workers/ that import each other (a file of each
// imports a file of the other, `import type` included). Lint refuses file circles; these are the
// circles between folders. There are none: a new pair fails here. Issue 51 started at 9; decision
// 0044 (messages by code) took workers/i18n/ out of its four, decision 0058 (the order of the
// domains) four more, and the last (licensing's key routes speaking money's "no price" message)
// went when that message moved to the purchase messages below the domains (shared/money/).
//
// The order of the domains (docs/architecture.md#the-layers, decision 0058): a domain imports only
// the domains before it, and platform, db, shared and lib below them import none.
const DOMAIN_ORDER = ["accounts", "catalogue", "owner", "licensing", "money"];

describe("folder arrows that run back up in workers/", () => {
  const workers = join(projectRoot, "workers");
  const files = [];
  const walk = (folder) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name)) files.push(path);
    }
  };
  walk(workers);
  const folderOf = (path) => {
    const parts = relative(workers, path).split(sep);
    return parts.length > 1 ? parts[0] : "(root)";
  };
  const arrows = new Set();
  /** Every import between two folders, as "from file → to file" (paths under workers/). */
  const imports = [];
  for (const file of files) {
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+"(\.[^"]+)"/gms)) {
      const target = resolve(dirname(file), specifier);
      if (!target.startsWith(workers + sep)) continue;
      const [from, to] = [folderOf(file), folderOf(target)];
      if (from === to) continue;
      arrows.add(`${from} → ${to}`);
      imports.push({ from, to, arrow: `${relative(workers, file)} → ${relative(workers, target)}.ts`.replace(/\.ts\.ts$/, ".ts") });
    }
  }
  const pairs = [...arrows]
    .map((arrow) => arrow.split(" → "))
    .filter(([from, to]) => from < to && arrows.has(`${to} → ${from}`))
    .map(([from, to]) => `${from} ↔ ${to}`)
    .sort();

  test("are none", () => {
    assert.deepEqual(pairs, []);
  });

  test(`a domain imports only the domains before it (${DOMAIN_ORDER.join(" < ")})`, () => {
    assert.ok(imports.length > 50, `only ${imports.length} imports between folders found`);
    const against = imports
      .filter(({ from, to }) => DOMAIN_ORDER.includes(from) && DOMAIN_ORDER.includes(to) && DOMAIN_ORDER.indexOf(to) > DOMAIN_ORDER.indexOf(from))
      .map(({ arrow }) => arrow)
      .sort();
    assert.deepEqual(against, []);
  });

  test("the folders below the domains import no domain", () => {
    const below = ["platform", "db", "shared", "lib"];
    assert.deepEqual(
      imports.filter(({ from, to }) => below.includes(from) && DOMAIN_ORDER.includes(to)).map(({ arrow }) => arrow),
      [],
    );
  });

  test("docs/architecture.md states the same order", () => {
    const text = readFileSync(join(projectRoot, "docs/architecture.md"), "utf8");
    assert.match(text, new RegExp(DOMAIN_ORDER.map((domain) => `\`${domain}\``).join(" < ")));
  });
});
