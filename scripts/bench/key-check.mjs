// `npm run bench`: the key check a mod makes at every launch (issue #16 item 6). A repeat check
// from the bound device is timed against the static file, interleaved (each check followed by one
// static fetch, then the no-DB Worker route, so all meet the same machine load), then run 10 in
// flight for checks per second.
// Each check comes from its own address, as each mod runs on its own phone: the per-address limit
// (the Rate Limiting binding, 60 a minute) does not count a bound device's check, but guesses do;
// it is shown working separately with 61 guessed codes from one address.
import { signInAdmin } from "../admin-code.mjs";
import { api, summarize, timedFetch } from "./http.mjs";

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

/**
 * `buyer` (a bench user's login and password), funded by the admin, buys one key of priced app
 * `appId` through the API; the key is activated, then its repeat checks are measured.
 */
export async function benchKeyChecks({ origin, settings, buyer, appId, staticPath, floorPath = "/api/vietqr/config/", n = 200, log = console.log }) {
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

  // The Worker route that reads nothing runs in the same rotation: the floor under any Worker answer.
  const floorUrl = `${origin}${floorPath}`;
  for (let index = 0; index < 10; index++) {
    await timedFetch(checkUrl, checkRequest(key));
    await timedFetch(staticUrl);
    await timedFetch(floorUrl);
  }
  const checks = [];
  const statics = [];
  const floors = [];
  for (let index = 0; index < n; index++) {
    checks.push(await timedFetch(checkUrl, checkRequest(key)));
    statics.push(await timedFetch(staticUrl));
    floors.push(await timedFetch(floorUrl));
  }
  const total = (results) => results.reduce((sum, result) => sum + result.ms, 0);
  const sequential = run(checks, total(checks));
  const staticRun = run(statics, total(statics));
  const floor = run(floors, total(floors));

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
  log(`repeat check: median ${sequential.median.toFixed(1)} ms, p99 ${sequential.p99.toFixed(1)} ms; static: median ${staticRun.median.toFixed(1)} ms, p99 ${staticRun.p99.toFixed(1)} ms; ratio ${ratio.toFixed(2)}× (no-DB Worker route: ${(floor.median / staticRun.median).toFixed(2)}×)`);
  log(`${IN_FLIGHT} in flight: ${concurrent.perSecond.toFixed(0)} checks/s, median ${concurrent.median.toFixed(1)} ms, p99 ${concurrent.p99.toFixed(1)} ms; 61 guessed codes from one address: ${refused} refused (429)`);
  const ms = (value) => value.toFixed(1);
  return {
    staticPath,
    sequential,
    static: staticRun,
    floor: { path: floorPath, ...floor },
    concurrent,
    ratio,
    oneAddress: { checks: limited.length, refused },
    budget: {
      budget: "Key check: repeat check median ≤ 1.5× static (interleaved)",
      measured: `${ms(sequential.median)} ms vs ${ms(staticRun.median)} ms = ${ratio.toFixed(2)}×; ${concurrent.perSecond.toFixed(0)} checks/s with ${IN_FLIGHT} in flight`,
      pass: ratio <= 1.5 && sequential.statuses[200] === sequential.n,
    },
    section: [
      "## Key checks",
      "",
      "| target | concurrency | n | median ms | p99 ms | req/s | median ÷ static | statuses |",
      "|---|---|---|---|---|---|---|---|",
      `| Repeat check from the bound device (\`POST /api/keys/check/\`) | 1 | ${sequential.n} | ${ms(sequential.median)} | ${ms(sequential.p99)} | ${sequential.perSecond.toFixed(0)} | ${ratio.toFixed(2)}× | ${JSON.stringify(sequential.statuses)} |`,
      `| Static file (\`${staticPath}\`), after each check | 1 | ${staticRun.n} | ${ms(staticRun.median)} | ${ms(staticRun.p99)} | ${staticRun.perSecond.toFixed(0)} | | ${JSON.stringify(staticRun.statuses)} |`,
      `| Worker route, no DB (\`${floorPath}\`), after each static fetch | 1 | ${floor.n} | ${ms(floor.median)} | ${ms(floor.p99)} | ${floor.perSecond.toFixed(0)} | ${(floor.median / staticRun.median).toFixed(2)}× | ${JSON.stringify(floor.statuses)} |`,
      `| Repeat check, ${IN_FLIGHT} in flight | ${IN_FLIGHT} | ${concurrent.n} | ${ms(concurrent.median)} | ${ms(concurrent.p99)} | **${concurrent.perSecond.toFixed(0)}** | | ${JSON.stringify(concurrent.statuses)} |`,
      "",
      "Each check was followed by one fetch of the static file and one of a Worker route that reads nothing, so all three met the same load. A repeat check reads one row, signs the body and a lease with Ed25519 and writes nothing to D1; " +
        `every check came from its own address (a bound device's check is not counted by the limit anyway). 61 guessed codes from one address within a minute: ${refused} refused with 429 (the Rate Limiting binding, as \`wrangler dev\` simulates it).`,
      "",
    ],
  };
}
