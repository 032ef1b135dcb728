// Every session of the store ended at once (docs/operations.md, "Ending every session"): each
// account's security epoch moves (docs/decisions/0022-security-epoch.md), so every session chain,
// access token, device token, open second-step challenge and reset link is dead, and the rows say
// so. No imports: scripts/end-sessions.mjs runs the same statements through wrangler.

/** The statements, in order; `?1` is the moment (ms) they are revoked at. */
export const END_ALL_SESSIONS_SQL = [
  "UPDATE sessions SET revoked_at = ?1 WHERE revoked_at IS NULL",
  "UPDATE device_tokens SET revoked_at = ?1 WHERE revoked_at IS NULL",
  "UPDATE users SET security_epoch = security_epoch + 1",
] as const;
