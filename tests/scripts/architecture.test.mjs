// docs/architecture.md's countable claims, held to the code: the files it names exist, and no
// folder holds more than 15 source files directly (Remix's app/routes aside: one file per URL).
// The layer rule itself (what may import what) is lint's, tested in layer-rule.test.mjs.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { SHARED_CHUNKS } from "../../scripts/chunks.mjs";
import { projectRoot } from "../../scripts/lib.mjs";

const MAX_FILES_PER_FOLDER = 15;
const SOURCE = /\.(ts|tsx|mjs)$/;

function folders(root) {
  const found = [root];
  for (const entry of readdirSync(join(projectRoot, root), { withFileTypes: true })) {
    if (entry.isDirectory()) found.push(...folders(join(root, entry.name)));
  }
  return found;
}

describe("docs/architecture.md holds", () => {
  const text = readFileSync(join(projectRoot, "docs/architecture.md"), "utf8");

  test("every file and folder it names by its path exists", () => {
    const named = [...text.matchAll(/`((?:workers|app|tests|scripts|docs|migrations)\/[^`\s*<>{}]+)`/g)].map(([, path]) => path.replace(/[#:].*$/, ""));
    assert.ok(named.length > 20, `only ${named.length} paths found: the pattern no longer reads the document`);
    assert.deepEqual(
      named.filter((path) => !existsSync(join(projectRoot, path))),
      [],
    );
  });

  test(`no folder of workers/ or app/ holds more than ${MAX_FILES_PER_FOLDER} source files (app/routes aside)`, () => {
    const crowded = [...folders("workers"), ...folders("app")]
      .filter((folder) => folder !== join("app", "routes"))
      .map((folder) => ({ folder, files: readdirSync(join(projectRoot, folder)).filter((name) => SOURCE.test(name)).length }))
      .filter(({ files }) => files > MAX_FILES_PER_FOLDER);
    assert.deepEqual(crowded, []);
  });
});

test("every module the build's shared chunks name (scripts/chunks.mjs) exists at that path", () => {
  const named = Object.values(SHARED_CHUNKS).flat();
  assert.ok(named.length > 5, `only ${named.length} paths named`);
  assert.deepEqual(
    named.filter((path) => !existsSync(join(projectRoot, path))),
    [],
  );
});
