// `npm test`: build, typecheck, the tests in workerd (unit and integration), then the browser
// tests in Debian's Chromium. Ends with one line "Tests: N passed, N failed".
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectRoot, run } from "./lib.mjs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}: the browser tests need it (apt-get install -y chromium). Not skipping them.`);
  process.exit(1);
}

const reports = mkdtempSync(join(tmpdir(), "igh-tests-"));
const step = (title) => console.log(`\n── ${title}`);

step("build");
run("remix", ["vite:build"], { quiet: true });

step("typecheck");
run("wrangler", ["types", "--check", "--include-runtime=false", "--strict-vars=false", "--env-file", ".dev.vars.example"], { quiet: true });
run("tsc", ["--noEmit"]);

step("unit and integration tests (workerd)");
const vitestReport = join(reports, "vitest.json");
const vitest = spawnSync("vitest", ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`], {
  cwd: projectRoot,
  stdio: "inherit",
});

step("browser tests (Chromium)");
const playwrightReport = join(reports, "playwright.json");
const playwright = spawnSync("playwright", ["test", "--reporter=list,json"], {
  cwd: projectRoot,
  stdio: "inherit",
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
});

function read(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : null;
}
const v = read(vitestReport);
const p = read(playwrightReport);
const passed = (v?.numPassedTests ?? 0) + (p?.stats?.expected ?? 0);
const failed = (v ? v.numFailedTests : 1) + (p ? p.stats.unexpected + p.stats.flaky : 1);
const skipped = (v?.numPendingTests ?? 0) + (v?.numTodoTests ?? 0) + (p?.stats?.skipped ?? 0);

console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(vitest.status === 0 && playwright.status === 0 && failed === 0 && passed > 0 ? 0 : 1);
