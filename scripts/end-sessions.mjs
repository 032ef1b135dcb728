// `npm run sessions:end`: ends every session of the store at once (docs/operations.md, "Ending
// every session"): each account's security epoch moves, so every session, access token, device
// token, open challenge and reset link is dead. Locally it acts on the store of STATE_DIR
// (.wrangler/state by default); with --remote it prints the wrangler command for the production
// database, to run where wrangler is signed in. An admin can pull the same lever from the API
// (POST /api/admin/users/end-all-sessions/).
import { END_ALL_SESSIONS_SQL } from "../workers/db/statements/end-sessions.ts";
import { stateDir, withLocalBindings } from "./lib.mjs";

const now = Date.now();

if (process.argv.includes("--remote")) {
  const sql = END_ALL_SESSIONS_SQL.map((statement) => statement.replaceAll("?1", String(now))).join("; ");
  console.log(`Run, signed in to Cloudflare, with your database's name:\n\n  npx wrangler d1 execute <database> --remote --command "${sql}"\n`);
} else {
  const persistTo = stateDir();
  await withLocalBindings(persistTo, async (env) => {
    await env.DB.batch(END_ALL_SESSIONS_SQL.map((statement) => (statement.includes("?1") ? env.DB.prepare(statement).bind(now) : env.DB.prepare(statement))));
  });
  console.log(`Every session of the store in ${persistTo} has ended: everyone signs in again.`);
}
