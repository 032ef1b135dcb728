// `npm run sessions:end`: ends every session of the store at once (docs/operations.md, "Ending
// every session"): each account's security epoch moves, so every session, access token, device
// token, open challenge and reset link is dead. Locally it acts on the store of STATE_DIR
// (.wrangler/state by default); with --remote it prints the wrangler command for the production
// database, to run where wrangler is signed in. An admin can pull the same lever from the API
// (POST /api/admin/users/end-all-sessions/).
import { drizzle } from "drizzle-orm/d1";
import { endAllSessionsQueries } from "../workers/db/statements/end-sessions.ts";
import { stateDir, withLocalBindings } from "./lib.mjs";

const now = Date.now();

if (process.argv.includes("--remote")) {
  // The same statements, their bound values (the moment, a number) written in; the queries only need a database to be built.
  const queries = endAllSessionsQueries(drizzle({}), now).map((query) => query.toSQL());
  const sql = queries.map(({ sql, params }) => params.reduce((text, value) => text.replace("?", String(value)), sql)).join("; ");
  // The merged production config, as every remote command of docs/operations.md: wrangler.toml alone holds the placeholder database id.
  console.log(`Run, signed in to Cloudflare (npm run deploy -- --check writes the config):\n\n  npx wrangler d1 execute DB --remote --config .wrangler/production/wrangler.json --command '${sql}'\n`);
} else {
  const persistTo = stateDir();
  await withLocalBindings(persistTo, async (env) => {
    const db = drizzle(env.DB);
    await db.batch(endAllSessionsQueries(db, now));
  });
  console.log(`Every session of the store in ${persistTo} has ended: everyone signs in again.`);
}
