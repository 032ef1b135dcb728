// An admin account's security, told to the owner (issue #18, issue #41 item 6): a sign-in from a
// new address, three wrong second-factor codes, a credential replaced. The notices are the
// accounts' own, like its audit records: accounts stands below every other domain (their routers
// put its guards first), so it records them through workers/db/statements/ and never through the
// owner's rules (docs/architecture.md#the-layers).
import { sql } from "drizzle-orm";
import { noticeSettings } from "../platform/config";
import { getDb } from "../db/client";
import { type AuditRecord, auditQuery } from "../db/statements/audit";
import { type Notice, noticeQuery } from "../db/statements/notifications";
import { errorText, logEvent } from "../lib/log";

// A sign-in's record, written alone: the routes write it through this module, never workers/db.
export { type AuditRecord, recordAudit } from "../db/statements/audit";

/**
 * An admin signed in: told only when no earlier session of theirs came from this address. Called
 * right after the session is made, so "earlier" means any session before the newest one.
 */
export async function recordAdminSignIn(env: Env, admin: { id: number; username: string }, address: string, now = Date.now()): Promise<void> {
  if (!noticeSettings(env).kinds.has("admin_login")) return;
  const text = [`🔐 Quản trị viên đăng nhập từ địa chỉ mới`, `Tài khoản: ${admin.username}`, `Địa chỉ: ${address}`].join("\n");
  // The sign-in has succeeded already: a failure to record it is logged, never the sign-in's failure.
  const newAddress = sql`NOT EXISTS (SELECT 1 FROM sessions WHERE user_id = ${admin.id} AND ip_address = ${address} AND id < (SELECT max(id) FROM sessions WHERE user_id = ${admin.id}))`;
  const db = getDb(env.DB);
  await noticeQuery(db, { kind: "admin_login", text, dedupeKey: `admin_login:${admin.id}:${address}`, at: now, where: newAddress })
    .run()
    .catch((error) => logEvent("error", "admin_login_notice_failed", { user_id: admin.id, error: errorText(error) }));
}

/** Wrong second-factor codes for one admin account in this window tell the owner. */
const CODE_FAILURES_TOLD = 3;
const CODE_FAILURE_WINDOW_MS = 15 * 60_000;

/**
 * A wrong second-factor code for an admin account: its `auth.mfa_failed` record and, in the same
 * batch, once it is the third in 15 minutes, a notice to the owner (an `admin_login` event: the
 * notifications table knows no other kind for sign-ins). At most one such notice per account in
 * any 15 minutes, however many codes follow.
 */
export async function recordAdminCodeFailure(env: Env, record: AuditRecord, admin: { id: number }, address: string, now = Date.now()): Promise<void> {
  const db = getDb(env.DB);
  const notices: Notice[] = [];
  if (noticeSettings(env).kinds.has("admin_login")) {
    const text = [`🚨 Nhập sai mã xác thực hai lớp ${CODE_FAILURES_TOLD} lần trong 15 phút`, "Tài khoản: {user}", `Địa chỉ: ${address}`].join("\n");
    const prefix = `admin_mfa_failed:${admin.id}:`;
    const since = now - CODE_FAILURE_WINDOW_MS;
    const third = sql`(SELECT count(*) FROM audit_events WHERE action = 'auth.mfa_failed' AND target_type = 'user' AND target_id = ${String(admin.id)} AND created_at > ${since}) >= ${CODE_FAILURES_TOLD}
      AND NOT EXISTS (SELECT 1 FROM notifications WHERE dedupe_key GLOB ${`${prefix}*`} AND created_at > ${since})`;
    notices.push({ kind: "admin_login", text, dedupeKey: `${prefix}${now}`, at: now, where: third, userId: admin.id });
  }
  await db.batch([auditQuery(db, record), ...notices.map((notice) => noticeQuery(db, notice))]);
}

/** What the owner is told when an admin's credentials change (issue #41 item 6). */
const CREDENTIAL_CHANGES = {
  "auth.password_reset": "🔐 Mật khẩu quản trị viên được đặt lại qua liên kết e-mail",
  "auth.password_change": "🔐 Mật khẩu quản trị viên được đổi",
  "auth.google_link": "🔐 Tài khoản quản trị viên được liên kết với Google",
  "auth.google_takeover": "🚨 Google đã xác nhận địa chỉ e-mail chưa xác minh của tài khoản quản trị viên: mật khẩu bị xoá, mọi phiên bị đăng xuất",
  "mfa.enrol": "🔐 Xác thực hai bước của quản trị viên được đăng ký trên điện thoại mới",
  "mfa.recovery_regenerate": "🔐 Mã khôi phục của quản trị viên được tạo lại",
} as const;

export type CredentialChange = keyof typeof CREDENTIAL_CHANGES;

/**
 * The owner's notice of an admin's credential change, as a statement for the change's own batch
 * (null when admin notices are off): a takeover shows even when it came from a known address.
 */
function adminCredentialNotice(env: Env, action: CredentialChange, admin: { id: number }, address: string, now: number): Notice[] {
  if (!noticeSettings(env).kinds.has("admin_login")) return [];
  const text = [CREDENTIAL_CHANGES[action], "Tài khoản: {user}", `Địa chỉ: ${address}`].join("\n");
  return [{ kind: "admin_login", text, dedupeKey: `admin_credentials:${admin.id}:${now}:${action}`, at: now, userId: admin.id }];
}

/** The owner's notice of an admin's credential change whose own record was written already (the second factor's enrolment, in its batch). */
export async function tellAdminCredentialChange(env: Env, action: CredentialChange, admin: { id: number }, address: string, now: number): Promise<void> {
  const db = getDb(env.DB);
  for (const notice of adminCredentialNotice(env, action, admin, address, now)) await noticeQuery(db, notice).run();
}

/** An admin's credentials replaced (a password, a Google link or takeover): its audit record and the owner's notice, in one batch. */
export async function recordAdminCredentialChange(env: Env, record: AuditRecord & { action: CredentialChange }, admin: { id: number }, address: string, now = Date.now()): Promise<void> {
  const db = getDb(env.DB);
  await db.batch([auditQuery(db, record), ...adminCredentialNotice(env, record.action, admin, address, now).map((notice) => noticeQuery(db, notice))]);
}
