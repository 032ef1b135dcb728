// `npm test`: build, typecheck, lint, the deploy check (scripts/deploy-check.mjs), the scripts' tests
// on Node, the tests in workerd (unit and integration), then the browser tests in Debian's Chromium.
// Ends with one line "Tests: N passed, N failed".
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

step("lint");
run("npm", ["run", "--silent", "lint"]);

step("deploy check (wrangler deploy --dry-run, bundle budget, bindings, start-up)");
run("node", ["scripts/deploy-check.mjs"]);

step("scripts' tests (Node)");
const nodeReport = join(reports, "node.tap");
const nodeTests = spawnSync(
  "node",
  ["--test", "--test-reporter=spec", "--test-reporter-destination=stdout", "--test-reporter=tap", `--test-reporter-destination=${nodeReport}`, "tests/scripts/*.test.mjs"],
  { cwd: projectRoot, stdio: "inherit" },
);

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

/** The totals at the end of a TAP report ("# pass 5", "# fail 0", ...). */
function readTap(path) {
  if (!existsSync(path)) return null;
  const totals = Object.fromEntries([...readFileSync(path, "utf8").matchAll(/^# (\w+) (\d+)$/gm)].map(([, name, count]) => [name, Number(count)]));
  return "pass" in totals ? totals : null;
}

/**
 * One runner's figures. A runner that exits non-zero without a failed test, or whose report has
 * errors of its own (Playwright's `errors`: a web server that could not start, a broken config),
 * did not run its tests: it counts as at least one failure, and says so.
 */
function tally(name, exitStatus, report, counts) {
  const figures = report ? counts(report) : { passed: 0, failed: 0, skipped: 0 };
  const errors = (report?.errors ?? []).map((error) => String(error.message ?? error).split("\n")[0]);
  if (!report) errors.push("it wrote no report");
  if (figures.failed === 0 && (exitStatus !== 0 || errors.length > 0)) {
    figures.failed = 1;
    console.log(`\n${name} could not start or run its tests (exit ${exitStatus ?? "by signal"})${errors.length ? `: ${errors.join("; ")}` : ""}`);
  }
  return figures;
}

const runners = [
  tally("node --test", nodeTests.status, readTap(nodeReport), (t) => ({ passed: t.pass, failed: t.fail + t.cancelled, skipped: t.skipped + t.todo })),
  tally("vitest", vitest.status, read(vitestReport), (v) => ({ passed: v.numPassedTests, failed: v.numFailedTests, skipped: v.numPendingTests + v.numTodoTests })),
  tally("playwright", playwright.status, read(playwrightReport), (p) => ({ passed: p.stats.expected, failed: p.stats.unexpected + p.stats.flaky, skipped: p.stats.skipped })),
];
const sum = (field) => runners.reduce((total, runner) => total + runner[field], 0);
const [passed, failed, skipped] = [sum("passed"), sum("failed"), sum("skipped")];

console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(nodeTests.status === 0 && vitest.status === 0 && playwright.status === 0 && failed === 0 && passed > 0 ? 0 : 1);
