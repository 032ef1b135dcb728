// `npm test`: the whole proof, in stages run side by side as far as two cores allow
// (docs/testing.md):
//   1. the build (everything after it reads build/: the Worker imports build/server)
//   2. typecheck ∥ lint ∥ the deploy check (scripts/deploy-check.mjs)
//   3. the scripts' tests on Node ∥ vitest (unit in Node, the rest in workerd)
//   4. the browser tests in Debian's Chromium headless shell
// Each stage's time is printed, and the run ends with one line "Tests: N passed, N failed".
// `npm test -- unit|workers|browser|scripts` runs one part alone (no build unless it needs one).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectRoot } from "./lib.mjs";

const PARTS = ["scripts", "unit", "workers", "browser"];
const chosen = process.argv.slice(2);
const unknown = chosen.filter((part) => !PARTS.includes(part));
if (unknown.length > 0) {
  console.error(`Unknown part ${unknown.join(", ")}: choose among ${PARTS.join(", ")} (or none for everything).`);
  process.exit(2);
}
const wants = (part) => chosen.length === 0 || chosen.includes(part);
const everything = chosen.length === 0;

const chromium = process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium-headless-shell";
if (wants("browser") && !existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}: the browser tests need it (apt-get install -y chromium-headless-shell). Not skipping them.`);
  process.exit(1);
}

const reports = mkdtempSync(join(tmpdir(), "igh-tests-"));
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;
const started = Date.now();
const timings = [];

/**
 * Runs a command. `live` streams its output; otherwise its output is kept and printed in one piece
 * when it ends (two runners side by side would otherwise interleave line by line).
 */
function launch(title, command, args, { live = false, env } = {}) {
  const since = Date.now();
  const child = spawn(command, args, { cwd: projectRoot, env: { ...process.env, ...env }, stdio: ["ignore", live ? "inherit" : "pipe", live ? "inherit" : "pipe"] });
  const chunks = [];
  child.stdout?.on("data", (chunk) => chunks.push(chunk));
  child.stderr?.on("data", (chunk) => chunks.push(chunk));
  return new Promise((resolveRun) => {
    child.on("error", (error) => (live ? console.error(error.message) : chunks.push(Buffer.from(`${error.message}\n`))));
    child.on("close", (status, signal) => {
      if (!live) {
        console.log(`\n── ${title}`);
        process.stdout.write(Buffer.concat(chunks));
      }
      timings.push([title, seconds(since)]);
      console.log(`── ${title}: ${status === 0 ? "done" : `exit ${status ?? signal}`} in ${seconds(since)}`);
      resolveRun({ status: status ?? 1 });
    });
  });
}

/** A stage that must pass before the tests can mean anything. */
async function gate(runs) {
  const results = await Promise.all(runs);
  if (results.some((result) => result.status !== 0)) {
    console.log("\nTests: 0 passed, 1 failed (a stage before the tests failed; see above)");
    process.exit(1);
  }
}

if (wants("workers") || wants("browser") || wants("scripts")) await gate([launch("build", "remix", ["vite:build"])]);
if (everything) {
  console.log("\n── typecheck ∥ lint ∥ deploy check");
  await gate([
    launch("typecheck", "npm", ["run", "--silent", "typecheck"]),
    launch("lint", "npm", ["run", "--silent", "lint"]),
    launch("deploy check (wrangler deploy --dry-run, bundle budget, bindings, start-up)", "node", ["scripts/deploy-check.mjs"]),
  ]);
}

const nodeReport = join(reports, "node.tap");
const vitestReport = join(reports, "vitest.json");
const playwrightReport = join(reports, "playwright.json");
const VITEST_PROJECTS = { unit: ["unit"], workers: ["workers", "workers-attacks", "workers-alone"] };
const vitestProjects = Object.entries(VITEST_PROJECTS).flatMap(([part, projects]) => (wants(part) ? projects.flatMap((name) => ["--project", name]) : []));

console.log("\n── the scripts' tests (Node) ∥ vitest (unit in Node, workers in workerd)");
const [nodeTests, vitest] = await Promise.all([
  wants("scripts")
    ? launch("scripts' tests (Node)", "node", ["--test", "--test-concurrency=2", "--test-reporter=spec", "--test-reporter-destination=stdout", "--test-reporter=tap", `--test-reporter-destination=${nodeReport}`, "tests/scripts/*.test.mjs"])
    : null,
  vitestProjects.length > 0 ? launch("vitest", "vitest", ["run", ...vitestProjects, "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`], { live: true }) : null,
]);

const playwright = wants("browser")
  ? await launch("browser tests (Chromium)", "playwright", ["test", "--reporter=list,json"], { live: true, env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport } })
  : null;

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
function tally(name, result, report, counts) {
  const figures = report ? counts(report) : { passed: 0, failed: 0, skipped: 0 };
  const errors = (report?.errors ?? []).map((error) => String(error.message ?? error).split("\n")[0]);
  if (!report) errors.push("it wrote no report");
  if (figures.failed === 0 && (result.status !== 0 || errors.length > 0)) {
    figures.failed = 1;
    console.log(`\n${name} could not start or run its tests (exit ${result.status})${errors.length ? `: ${errors.join("; ")}` : ""}`);
  }
  return figures;
}

const runners = [
  nodeTests && tally("node --test", nodeTests, readTap(nodeReport), (t) => ({ passed: t.pass, failed: t.fail + t.cancelled, skipped: t.skipped + t.todo })),
  vitest && tally("vitest", vitest, read(vitestReport), (v) => ({ passed: v.numPassedTests, failed: v.numFailedTests, skipped: v.numPendingTests + v.numTodoTests })),
  playwright && tally("playwright", playwright, read(playwrightReport), (p) => ({ passed: p.stats.expected, failed: p.stats.unexpected + p.stats.flaky, skipped: p.stats.skipped })),
].filter(Boolean);
const sum = (field) => runners.reduce((total, runner) => total + runner[field], 0);
const [passed, failed, skipped] = [sum("passed"), sum("failed"), sum("skipped")];

console.log(`\nStage times: ${timings.map(([title, time]) => `${title.split(" (")[0]} ${time}`).join(", ")}; in all ${seconds(started)}`);
console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit([nodeTests, vitest, playwright].every((result) => !result || result.status === 0) && failed === 0 && passed > 0 ? 0 : 1);
