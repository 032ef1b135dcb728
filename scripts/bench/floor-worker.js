// The floor under any Worker answer, for `npm run bench` only (never deployed: no wrangler.toml
// names it; scripts/bench/floor.mjs serves it with `wrangler dev` beside the store). It answers
// the bytes and headers the bench loaded into it — a page, a key check's signed answer — from the
// first line of its fetch: no routing, no reading, no work. A store answer measured against it
// shows what the store's own work costs; against the static file, what any Worker answer costs.
// An answer loaded with `read` first waits for one trivial D1 read, on a session as the key check
// opens its own: the floor of any answer that must read the database once.
const answers = new Map();

export default {
  async fetch(request, env) {
    const stored = answers.get(`${request.method} ${request.url}`);
    if (!stored) return load(request);
    if (stored.read) await env.DB.withSession("first-unconstrained").prepare("SELECT 1").first();
    return new Response(stored.body, stored.init);
  },
};

/** PUT /__floor/answers with [{ method, url, status, headers, body (base64), read? }]: what to answer from now on. */
async function load(request) {
  if (request.method !== "PUT" || new URL(request.url).pathname !== "/__floor/answers") return new Response("not loaded", { status: 404 });
  for (const answer of await request.json()) {
    answers.set(`${answer.method} ${answer.url}`, { body: Uint8Array.from(atob(answer.body), (char) => char.charCodeAt(0)), init: { status: answer.status, headers: answer.headers }, read: answer.read === true });
  }
  return new Response(null, { status: 204 });
}
