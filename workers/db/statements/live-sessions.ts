// Which of an account's session chains still live, as SQL: the wallet object asks it before a
// live socket opens and before it tells its sockets anything (docs/architecture.md, "The live
// wallet"), and it sits below every domain. The same rule as liveSession in
// workers/accounts/sessions.ts, which reads it with the user row: a chain lives while it is not
// revoked, was born in the account's current security epoch, is within its absolute lifetime, and
// its account is active. No imports.

/** A session chain ends this long after its sign-in, however often it is refreshed. */
export const SESSION_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;

/** The chains among `familyIds` of user `userId` that still live at `now` (ms). */
export async function liveSessionFamilies(d1: D1Database, userId: number, familyIds: readonly string[], now: number): Promise<Set<string>> {
  if (familyIds.length === 0) return new Set();
  const { results } = await d1
    .prepare(
      `SELECT DISTINCT s.family_id FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.user_id = ?1 AND s.family_id IN (SELECT value FROM json_each(?2)) AND s.revoked_at IS NULL
          AND s.security_epoch = u.security_epoch AND s.signed_in_at > ?3 AND u.is_active = 1`,
    )
    .bind(userId, JSON.stringify([...new Set(familyIds)]), now - SESSION_MAX_AGE_MS)
    .all<{ family_id: string }>();
  return new Set(results.map((row) => row.family_id));
}
