// `npm run bench`: the key check a mod makes at every launch (issue #16 item 6). A repeat check
// from the bound device is timed against the static file, interleaved (each check followed by one
// static fetch, then the no-DB Worker route, so all meet the same machine load), then run 10 in
// flight for checks per second.
// Each check comes from its own address, as each mod runs on its own phone: the per-address limit
// (the Rate Limiting binding, 60 a minute) does not count a bound device's check, but guesses do;
// it is shown working separately with 61 guessed codes from one address.
import { signInAdmin } from "../admin-code.mjs";
import { api, summarize, timedFetch } from "./http.mjs";
import { captureAnswer, loadFloor } from "./floor.mjs";

const DEVICE = "bench-iphone";
const IN_FLIGHT = 10;

let addresses = 0;
function nextAddress() {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/** A mod's check of `key` ({code, bundleId}: its app's bundle id) from the bench's device. */
function checkRequest(key, address = nextAddress()) {
  return {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": address },
    body: JSON.stringify({ key_code: key.code, device_id: DEVICE, bundle_id: key.bundleId, nonce: `bench-nonce-${addresses}` }),
  };
}

function run(results, wallMs) {
  const statuses = {};
  for (const result of results) statuses[result.status] = (statuses[result.status] ?? 0) + 1;
  return { ...summarize(results.map((result) => result.ms), wallMs), statuses, bytes: results.at(-1)?.bytes ?? 0 };
}

/** Signs in with a password through the API (the real path), or stops the bench. */
async function signIn(origin, login, password) {
  const answer = await api(origin, "/api/auth/login/", { body: { login, password } });
  if (answer.status !== 200) throw new Error(`the key-check bench could not sign in ${login}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The key check's budget (issue 44): the repeat check at most this many times the static file, interleaved. */
export const KEY_CHECK_BUDGET_RATIO = 1.2;

/**
 * The budget row: judged against the static file; beside it the ratio to the floor Worker sending
 * the same bytes, and to that floor after one D1 read (`readFloor`): the least any answer that reads
 * the database once can cost.
 */
export function keyCheckBudget(sequential, staticRun, answerFloor, concurrent, readFloor = null) {
  const ms = (value) => value.toFixed(1);
  const ratio = sequential.median / staticRun.median;
  const beside = answerFloor ? `; floor Worker ${ms(answerFloor.median)} ms, the check ÷ floor ${(sequential.median / answerFloor.median).toFixed(2)}×` : "";
  const afterRead = readFloor ? `; floor Worker after one D1 read ${ms(readFloor.median)} ms (${(readFloor.median / staticRun.median).toFixed(2)}× static), the check ÷ that floor ${(sequential.median / readFloor.median).toFixed(2)}×` : "";
  return {
    budget: `Key check: repeat check median ≤ ${KEY_CHECK_BUDGET_RATIO}× static (interleaved)`,
    measured: `${ms(sequential.median)} ms vs ${ms(staticRun.median)} ms = ${ratio.toFixed(2)}×${beside}${afterRead}${concurrent ? `; ${concurrent.perSecond.toFixed(0)} checks/s with ${IN_FLIGHT} in flight` : ""}`,
    pass: ratio <= KEY_CHECK_BUDGET_RATIO && sequential.statuses[200] === sequential.n,
  };
}

/**
 * `buyer` (a bench user's login and password), funded by the admin, buys one key of priced app
 * `appId` through the API; the key is activated, then its repeat checks are measured.
 */
export async function benchKeyChecks({ origin, floorOrigin = null, settings, buyer, appId, staticPath, floorPath = "/api/vietqr/config/", n = 200, log = console.log }) {
  log(`── key checks: a repeat check against ${staticPath}, interleaved (${n} each), then ${IN_FLIGHT} in flight`);
  const admin = await signInAdmin((path, options) => api(origin, path, options), settings);
  const signedIn = await signIn(origin, buyer.username, buyer.password);
  const token = signedIn.access;
  const funded = await api(origin, `/api/admin/users/${signedIn.user.id}/adjust-balance/`, { token: admin.access, body: { amount: 10_000_000, transaction_type: "deposit" } });
  if (funded.status !== 200) throw new Error(`the key-check bench could not fund its buyer: ${funded.status} ${JSON.stringify(funded.body)}`);
  const pricing = await api(origin, `/api/keys/apps/${appId}/pricing/`, { token });
  const option = pricing.body?.data?.find((candidate) => candidate.can_purchase);
  if (!option) throw new Error(`no key to buy for the key-check bench: ${pricing.status} ${JSON.stringify(pricing.body)}`);
  const bought = await api(origin, "/api/keys/purchase/", { token, body: { key_pricing_id: option.id, payment_method: "balance" } });
  if (bought.status !== 200) throw new Error(`the key-check bench could not buy its key: ${bought.status} ${JSON.stringify(bought.body)}`);
  const key = { code: bought.body.key.key_code, bundleId: bought.body.order.app_bundle_id };
  const checkUrl = `${origin}/api/keys/check/`;
  const staticUrl = `${origin}${staticPath}`;

  const activation = await fetch(checkUrl, checkRequest(key));
  const activated = await activation.json();
  if (activated.data?.reason !== "activated" || !activation.headers.get("X-Signature")) throw new Error(`the key did not activate: ${JSON.stringify(activated)}`);
  const repeat = await (await fetch(checkUrl, checkRequest(key))).json();
  if (repeat.data?.reason !== "active" || !repeat.data.lease) throw new Error(`a repeat check is not valid: ${JSON.stringify(repeat)}`);

  // The floor Worker answers a repeat check's own bytes and headers (the signed answer, as sent
  // once), at one address as they are and at another after one D1 read.
  const answerFloorUrl = floorOrigin ? `${floorOrigin}/api/keys/check/` : null;
  const readFloorUrl = floorOrigin ? `${floorOrigin}/after-one-read/api/keys/check/` : null;
  if (floorOrigin) {
    await loadFloor(floorOrigin, [await captureAnswer(checkUrl, answerFloorUrl, checkRequest(key)), await captureAnswer(checkUrl, readFloorUrl, checkRequest(key), { read: true })]);
  }

  // The Worker route that reads nothing and the floor Worker run in the same rotation.
  const floorUrl = `${origin}${floorPath}`;
  const floors = floorOrigin ? [() => timedFetch(answerFloorUrl, checkRequest(key)), () => timedFetch(readFloorUrl, checkRequest(key))] : [];
  const rotation = [() => timedFetch(checkUrl, checkRequest(key)), () => timedFetch(staticUrl), () => timedFetch(floorUrl), ...floors];
  for (let index = 0; index < 10; index++) for (const next of rotation) await next();
  const measured = rotation.map(() => []);
  for (let index = 0; index < n; index++) for (const [position, next] of rotation.entries()) measured[position].push(await next());
  const total = (results) => results.reduce((sum, result) => sum + result.ms, 0);
  const [sequential, staticRun, floor, answerFloor, readFloor] = measured.map((results) => run(results, total(results)));

  const concurrentResults = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < n * 2) {
        next++;
        concurrentResults.push(await timedFetch(checkUrl, checkRequest(key)));
      }
    }),
  );
  const concurrent = run(concurrentResults, performance.now() - started);

  // The per-address limit in `wrangler dev`: the 61st guess within a minute from one address (a
  // check naming the key and its bound device is not counted).
  const address = nextAddress();
  const limited = [];
  for (let index = 0; index < 61; index++) limited.push((await fetch(checkUrl, checkRequest({ code: `GUESS-${index}`, bundleId: key.bundleId }, address))).status);
  const refused = limited.filter((status) => status === 429).length;

  const ratio = sequential.median / staticRun.median;
  const floorRatio = answerFloor ? sequential.median / answerFloor.median : null;
  log(`repeat check: median ${sequential.median.toFixed(1)} ms, p99 ${sequential.p99.toFixed(1)} ms; static: median ${staticRun.median.toFixed(1)} ms, p99 ${staticRun.p99.toFixed(1)} ms; ratio ${ratio.toFixed(2)}× (no-DB Worker route: ${(floor.median / staticRun.median).toFixed(2)}×)`);
  if (answerFloor) log(`floor Worker with the same answer: median ${answerFloor.median.toFixed(1)} ms (${(answerFloor.median / staticRun.median).toFixed(2)}× static); the check ÷ the floor: ${floorRatio.toFixed(2)}×`);
  if (readFloor) log(`the same after one D1 read: median ${readFloor.median.toFixed(1)} ms (${(readFloor.median / staticRun.median).toFixed(2)}× static); the check ÷ that floor: ${(sequential.median / readFloor.median).toFixed(2)}×`);
  log(`${IN_FLIGHT} in flight: ${concurrent.perSecond.toFixed(0)} checks/s, median ${concurrent.median.toFixed(1)} ms, p99 ${concurrent.p99.toFixed(1)} ms; 61 guessed codes from one address: ${refused} refused (429)`);
  const ms = (value) => value.toFixed(1);
  return {
    key,
    staticPath,
    sequential,
    static: staticRun,
    floor: { path: floorPath, ...floor },
    answerFloor: answerFloor ? { url: answerFloorUrl, ...answerFloor } : null,
    readFloor: readFloor ? { url: readFloorUrl, ...readFloor } : null,
    concurrent,
    ratio,
    floorRatio,
    oneAddress: { checks: limited.length, refused },
    budget: keyCheckBudget(sequential, staticRun, answerFloor, concurrent, readFloor),
    section: [
      "## Key checks",
      "",
      "| target | concurrency | n | median ms | p99 ms | req/s | median ÷ static | statuses |",
      "|---|---|---|---|---|---|---|---|",
      `| Repeat check from the bound device (\`POST /api/keys/check/\`) | 1 | ${sequential.n} | ${ms(sequential.median)} | ${ms(sequential.p99)} | ${sequential.perSecond.toFixed(0)} | ${ratio.toFixed(2)}× | ${JSON.stringify(sequential.statuses)} |`,
      `| Static file (\`${staticPath}\`), after each check | 1 | ${staticRun.n} | ${ms(staticRun.median)} | ${ms(staticRun.p99)} | ${staticRun.perSecond.toFixed(0)} | | ${JSON.stringify(staticRun.statuses)} |`,
      `| Worker route, no DB (\`${floorPath}\`), after each static fetch | 1 | ${floor.n} | ${ms(floor.median)} | ${ms(floor.p99)} | ${floor.perSecond.toFixed(0)} | ${(floor.median / staticRun.median).toFixed(2)}× | ${JSON.stringify(floor.statuses)} |`,
      ...(answerFloor ? [`| Floor Worker answering the same signed answer (\`${answerFloorUrl}\`), after each no-DB fetch | 1 | ${answerFloor.n} | ${ms(answerFloor.median)} | ${ms(answerFloor.p99)} | ${answerFloor.perSecond.toFixed(0)} | ${(answerFloor.median / staticRun.median).toFixed(2)}× (the check ÷ floor: ${floorRatio.toFixed(2)}×) | ${JSON.stringify(answerFloor.statuses)} |`] : []),
      ...(readFloor ? [`| The same after one D1 read (\`SELECT 1\`, \`${readFloorUrl}\`) | 1 | ${readFloor.n} | ${ms(readFloor.median)} | ${ms(readFloor.p99)} | ${readFloor.perSecond.toFixed(0)} | ${(readFloor.median / staticRun.median).toFixed(2)}× (the check ÷ it: ${(sequential.median / readFloor.median).toFixed(2)}×) | ${JSON.stringify(readFloor.statuses)} |`] : []),
      `| Repeat check, ${IN_FLIGHT} in flight | ${IN_FLIGHT} | ${concurrent.n} | ${ms(concurrent.median)} | ${ms(concurrent.p99)} | **${concurrent.perSecond.toFixed(0)}** | | ${JSON.stringify(concurrent.statuses)} |`,
      "",
      "Each check was followed by one fetch of the static file, one of a Worker route that reads nothing and, when the floor Worker runs, one of each floor, so all met the same load. A repeat check reads one row, signs the body and a lease with Ed25519 and writes nothing to D1; " +
        `every check came from its own address (a bound device's check is not counted by the limit anyway). 61 guessed codes from one address within a minute: ${refused} refused with 429 (the Rate Limiting binding, as \`wrangler dev\` simulates it).`,
      "",
    ],
  };
}
