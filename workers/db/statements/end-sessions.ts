// Every session of the store ended at once (docs/operations.md, "Ending every session"): each
// account's security epoch moves (docs/decisions/0022-security-epoch.md), so every session chain,
// access token, device token, open second-step challenge and reset link is dead, and the rows say
// so. No imports: scripts/end-sessions.mjs runs the same statements on Node.

/** The statements, in order, for one batch; sessions and device tokens are revoked at `now` (ms). */
export function endAllSessionsStatements(d1: D1Database, now: number): D1PreparedStatement[] {
  return [
    d1.prepare("UPDATE sessions SET revoked_at = ?1 WHERE revoked_at IS NULL").bind(now),
    d1.prepare("UPDATE device_tokens SET revoked_at = ?1 WHERE revoked_at IS NULL").bind(now),
    d1.prepare("UPDATE users SET security_epoch = security_epoch + 1"),
  ];
}
