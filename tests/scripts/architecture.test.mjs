// docs/architecture.md's countable claims, held to the code: the files it names exist, and no
// folder holds more than 15 source files directly (Remix's app/routes aside: one file per URL).
// The layer rule itself (what may import what) is lint's, tested in layer-rule.test.mjs.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, test } from "node:test";
import { areaOf, FOLDER_GROUPS, sharedChunks, WITH_SHARED } from "../../scripts/chunks.mjs";
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

  test("a schema imports only workers/shared/, its domain's messages, its sibling schemas, and the two column lists it names", () => {
    const domains = readdirSync(join(projectRoot, "workers"), { withFileTypes: true }).filter((entry) => existsSync(join(projectRoot, "workers", entry.name, "schemas")));
    const schemas = domains.flatMap((domain) => readdirSync(join(projectRoot, "workers", domain.name, "schemas")).filter((name) => SOURCE.test(name)).map((name) => join("workers", domain.name, "schemas", name)));
    assert.ok(schemas.length > 15, `only ${schemas.length} schemas found`);
    const READS_COLUMNS = ["workers/catalogue/schemas/app-form.ts", "workers/owner/schemas/notifications.ts"];
    const strays = [];
    for (const schema of schemas) {
      const domain = schema.split("/")[1];
      for (const [, specifier] of readFileSync(join(projectRoot, schema), "utf8").matchAll(/from "(\.[^"]+)"/g)) {
        const target = relative(projectRoot, join(projectRoot, dirname(schema), specifier)).replace(/\.ts$/, "");
        const allowed =
          target.startsWith("workers/shared/") ||
          target === `workers/${domain}/messages` ||
          dirname(target) === dirname(schema) ||
          (READS_COLUMNS.includes(schema) && target === "workers/db/schema");
        if (!allowed) strays.push(`${schema} → ${target}`);
      }
    }
    assert.deepEqual(strays, []);
  });

  test("routes run no queries: no router prepares, runs or batches a statement", () => {
    const runs = /\.(prepare|run|first|batch)\(/;
    const routers = readdirSync(join(projectRoot, "workers"), { withFileTypes: true })
      .filter((entry) => existsSync(join(projectRoot, "workers", entry.name, "routes")))
      .flatMap((domain) => readdirSync(join(projectRoot, "workers", domain.name, "routes")).filter((name) => SOURCE.test(name)).map((name) => `workers/${domain.name}/routes/${name}`));
    assert.ok(routers.length > 20, `only ${routers.length} routers found`);
    assert.match(text, /Routes run no queries/);
    assert.deepEqual(
      routers.filter((router) => runs.test(readFileSync(join(projectRoot, router), "utf8"))),
      [],
    );
  });

  test("each domain writes D1 one way: drizzle in the catalogue, accounts and money's rules; statements in licensing, the owner and the wallet object", () => {
    const modulesOf = (folder) =>
      readdirSync(join(projectRoot, folder), { recursive: true })
        .filter((name) => SOURCE.test(name))
        .map((name) => join(folder, name));
    const wallet = "workers/money/wallet/";
    const drizzleWriters = ["workers/catalogue", "workers/accounts", "workers/money"].flatMap(modulesOf).filter((path) => !path.startsWith(wallet));
    const statementWriters = ["workers/licensing", "workers/owner", wallet].flatMap(modulesOf);
    assert.ok(drizzleWriters.length > 40 && statementWriters.length > 40, "the domains' folders were not read");
    // A statement written on the binding, or a drizzle query prepared as one (workers/db/client.ts statementOf).
    const statementWrite = /\.prepare\(\s*[`"']\s*(INSERT|UPDATE|DELETE|REPLACE)\b|statementOf\(|auditStatement\(|noticeStatement\(/i;
    // A drizzle builder's write (on a table, not a router's path), or a shared record as a drizzle query.
    const drizzleWrite = /(\bdb|getDb\([^)]*\))\s*\.(insert|update|delete)\(|\n\s*\.(insert|update|delete)\([a-z]|insertSelect\(|auditQuery\(|noticeQuery\(|\bdb\.run\(/;
    const read = (path) => readFileSync(join(projectRoot, path), "utf8");
    assert.match(text, /How each domain writes D1/);
    assert.deepEqual(
      [...drizzleWriters.filter((path) => statementWrite.test(read(path))), ...statementWriters.filter((path) => drizzleWrite.test(read(path)))],
      [],
    );
  });

  test("of the domains' rule modules, only the four it names build responses", () => {
    const builds = /new Response\(|Response\.(json|redirect)\(/;
    const found = ["accounts", "catalogue", "licensing", "money", "owner"].flatMap((domain) =>
      readdirSync(join(projectRoot, "workers", domain))
        .filter((name) => SOURCE.test(name) && builds.test(readFileSync(join(projectRoot, "workers", domain, name), "utf8")))
        .map((name) => `workers/${domain}/${name}`),
    );
    assert.deepEqual(found.sort(), ["workers/catalogue/catalogue-cache.ts", "workers/catalogue/feeds.ts", "workers/catalogue/files.ts", "workers/catalogue/web-manifest.ts"]);
    for (const name of ["files.ts", "feeds.ts", "catalogue-cache.ts", "web-manifest.ts"]) assert.match(text, new RegExp(name.replace(".", "\\.")));
  });

  test(`no folder of workers/ or app/ holds more than ${MAX_FILES_PER_FOLDER} source files (app/routes aside)`, () => {
    const crowded = [...folders("workers"), ...folders("app")]
      .filter((folder) => folder !== join("app", "routes"))
      .map((folder) => ({ folder, files: readdirSync(join(projectRoot, folder)).filter((name) => SOURCE.test(name)).length }))
      .filter(({ files }) => files > MAX_FILES_PER_FOLDER);
    assert.deepEqual(crowded, []);
  });
});

/** Each module's group by the rule, on a graph of module → its static imports (a route is a page). */
function groupsOn(graph) {
  const importers = (id) => Object.keys(graph).filter((other) => graph[other].includes(id));
  const meta = { getModuleIds: () => Object.keys(graph).values(), getModuleInfo: (id) => ({ isEntry: id.includes("/routes/"), importedIds: graph[id], importers: importers(id) }) };
  const groupOf = sharedChunks();
  return Object.fromEntries(Object.keys(graph).map((id) => [id.replace("/p/", ""), groupOf(id, meta)]));
}

describe("the build's shared chunks follow the folders (scripts/chunks.mjs)", () => {
  test("each folder the rule names holds source files, and each folder that goes with workers/shared imports from it", () => {
    const named = [...Object.keys(FOLDER_GROUPS), ...WITH_SHARED];
    assert.ok(named.length > 0, "no folder named");
    const sources = (folder) => (existsSync(join(projectRoot, folder)) ? readdirSync(join(projectRoot, folder)).filter((name) => SOURCE.test(name)) : []);
    assert.deepEqual(
      named.filter((folder) => sources(folder).length === 0),
      [],
    );
    const importsShared = (folder) => sources(folder).some((name) => /from "@workers\/shared\//.test(readFileSync(join(projectRoot, folder, name), "utf8")));
    assert.deepEqual(
      WITH_SHARED.filter((folder) => !importsShared(folder)),
      [],
    );
  });

  test("a module's area is its first folder, a word file's its area's", () => {
    assert.equal(areaOf("app/ui/forms/validation.ts"), "ui");
    assert.equal(areaOf("app/i18n/vi/catalogue/home.ts"), "catalogue");
    assert.equal(areaOf("workers/shared/money/pricing.ts"), "shared");
  });

  test("on a module graph: shared modules group by area and pages, a named folder is one group, one page's module stays with it", () => {
    const graph = {
      "/p/app/routes/a.tsx": ["/p/app/ui/Spinner.tsx", "/p/app/ui/meta.ts", "/p/app/catalogue/AppIcon.tsx", "/p/app/ui/Alert.tsx"],
      "/p/app/routes/b.tsx": ["/p/app/ui/Spinner.tsx", "/p/app/ui/meta.ts", "/p/app/catalogue/SupportLinks.tsx"],
      "/p/app/routes/c.tsx": ["/p/app/ui/Spinner.tsx", "/p/app/catalogue/AppIcon.tsx", "/p/app/catalogue/SupportLinks.tsx"],
      "/p/app/ui/Alert.tsx": [],
      "/p/app/ui/Spinner.tsx": ["/p/app/i18n/vi/spinner.ts"],
      "/p/app/i18n/vi/spinner.ts": [],
      "/p/app/ui/meta.ts": [],
      "/p/app/catalogue/AppIcon.tsx": [],
      "/p/app/catalogue/SupportLinks.tsx": [],
    };
    const groups = groupsOn(graph);
    assert.deepEqual(groups, {
      "app/routes/a.tsx": undefined,
      "app/routes/b.tsx": undefined,
      "app/routes/c.tsx": undefined,
      "app/ui/Alert.tsx": undefined,
      "app/ui/Spinner.tsx": "ui1",
      "app/i18n/vi/spinner.ts": "ui1",
      "app/ui/meta.ts": "ui2",
      "app/catalogue/AppIcon.tsx": "catalogue",
      "app/catalogue/SupportLinks.tsx": "catalogue",
    });
  });

  test("a module one page loads and lazy code loads too comes in its folder's group, not a file of its own", () => {
    const graph = {
      "/p/app/routes/home.tsx": ["/p/app/catalogue/home/Card.tsx", "/p/app/catalogue/home/clock.ts", "/p/app/catalogue/home/Empty.tsx"],
      "/p/app/routes/edit.tsx": ["/p/app/catalogue/home/clock.ts"],
      "/p/app/owner/Form.tsx": ["/p/app/catalogue/home/Card.tsx"],
      "/p/app/catalogue/home/Card.tsx": [],
      "/p/app/catalogue/home/clock.ts": [],
      "/p/app/catalogue/home/Empty.tsx": [],
    };
    const groups = groupsOn(graph);
    assert.equal(FOLDER_GROUPS["app/catalogue/home"], "home");
    assert.deepEqual(groups, {
      "app/routes/home.tsx": undefined,
      "app/routes/edit.tsx": undefined,
      "app/owner/Form.tsx": undefined,
      "app/catalogue/home/Card.tsx": "home",
      "app/catalogue/home/clock.ts": "home",
      "app/catalogue/home/Empty.tsx": undefined,
    });
  });
});
