// Every session of the store ended at once (docs/operations.md, "Ending every session"): each
// account's security epoch moves, so every session chain, access token, device token, open
// second-step challenge and reset link is dead, and the rows say so. scripts/end-sessions.mjs runs
// the same queries on Node, which cannot load workers/db/schema.ts (its imports name no file
// extension): so the three columns the lever moves are declared here, by their names in the migrations.
import { isNull, sql } from "drizzle-orm";
import { type BaseSQLiteDatabase, integer, sqliteTable } from "drizzle-orm/sqlite-core";

const sessions = sqliteTable("sessions", { revokedAt: integer("revoked_at") });
const deviceTokens = sqliteTable("device_tokens", { revokedAt: integer("revoked_at") });
const users = sqliteTable("users", { securityEpoch: integer("security_epoch") });

/** The queries, in order, for one batch; sessions and device tokens are revoked at `now` (ms). */
export function endAllSessionsQueries<Result, Schema extends Record<string, unknown>>(db: BaseSQLiteDatabase<"async", Result, Schema>, now: number) {
  return [
    db.update(sessions).set({ revokedAt: now }).where(isNull(sessions.revokedAt)),
    db.update(deviceTokens).set({ revokedAt: now }).where(isNull(deviceTokens.revokedAt)),
    db.update(users).set({ securityEpoch: sql`${users.securityEpoch} + 1` }),
  ] as const;
}
