// Buyers hear about their keys (issue #29, docs/decisions/0032-buyer-mails.md): a reminder when a
// key expires within 3 days, a notice when the admin publishes a new version of an app they hold
// a live key for, and an app's pause and its resume (queued by app-pause.ts in the pause's and the
// resume's batch, docs/decisions/0056-pause-mails.md). Each is queued once
// (buyer_mails.dedupe_key) and sent by the cron in batches, at most once: a run claims its rows
// before sending, and a claim that a dead run left behind is abandoned, never sent again. A buyer
// who turned the notices off gets none. Every text is declared in messages.ts, in the buyer's language.
//
// Licensing writes D1 one way (issue 51): prepared statements on the D1 binding. The cron hands
// each job its drizzle handle; these read and write only through the binding beneath it (`$client`).
import type { Database } from "../db/client";
import { type Config, getConfig } from "../platform/config";
import { escapeHtml, type Mail, sendMail } from "../platform/mailer";
import { errorText, logEvent } from "../lib/log";
import { unsubscribeToken } from "../accounts/mail-preferences";
import type { Lang } from "../shared/lang";
import { BUYER_MAIL_MESSAGES, PAUSE_MAIL_MESSAGES } from "./messages";

const DAY_MS = 86_400_000;
/** A key expiring this soon gets its reminder. */
const REMINDER_WINDOW_MS = 3 * DAY_MS;
/** Mails one cron run sends; the rest wait for the next minute. */
const MAILS_PER_RUN = 50;
/** A claim older than this belongs to a run that died: it is abandoned, not sent (it may have been). */
export const CLAIM_LIFETIME_MS = 15 * 60_000;

// INSERT … SELECT … ON CONFLICT DO NOTHING: a row queued before (its dedupe_key) stays as it is,
// whatever its state, so a notice is queued once however often this runs. A new version's notices
// are queued by the catalogue's change (workers/db/statements/buyer-mails.ts), in the same way.

/** The keys that expire within the window and whose buyer takes notices, one reminder per key. */
export async function queueExpiryReminders(db: Database, now: Date): Promise<number> {
  const result = await db.$client
    .prepare(
      `INSERT INTO buyer_mails (kind, dedupe_key, user_id, app_id, key_id, created_at)
       SELECT 'key_expiry', 'key_expiry:' || k.id, k.sold_to_user_id, k.app_id, k.id, ?1
       FROM license_keys k JOIN users u ON u.id = k.sold_to_user_id
       WHERE k.status IN ('sold', 'used') AND k.banned_at IS NULL
         AND k.expires_at > ?1 AND k.expires_at <= ?2
         AND u.email_notifications = 1
       ON CONFLICT (dedupe_key) DO NOTHING`,
    )
    .bind(now.getTime(), now.getTime() + REMINDER_WINDOW_MS)
    .run();
  return result.meta.changes;
}

/** A claimed row: what its mail is about. */
type Claimed = { id: number; kind: string; userId: number; appId: number; keyId: number | null; pauseId: number | null; version: string | null };

/** Claims the next batch in one statement: two runs at once never claim the same row. */
export async function claimBuyerMails(db: Database, now: Date, limit = MAILS_PER_RUN): Promise<Claimed[]> {
  const { results } = await db.$client
    .prepare(
      `UPDATE buyer_mails SET status = 'claimed', claimed_at = ?1
       WHERE status = 'queued' AND id IN (SELECT id FROM buyer_mails WHERE status = 'queued' ORDER BY id ASC LIMIT ?2)
       RETURNING id, kind, user_id AS userId, app_id AS appId, key_id AS keyId, pause_id AS pauseId, version`,
    )
    .bind(now.getTime(), limit)
    .all<Claimed>();
  return results;
}

/** The store's address for links in mail sent by the cron (required in production). */
function mailOrigin(config: Config): string {
  return config.PUBLIC_BASE_URL || "http://127.0.0.1:8787";
}

export type BuyerMailReport = { queued: number; sent: number; skipped: number; abandoned: number };

/** The cron's part: queue the reminders now due, give up on dead claims, send one batch. */
export async function sendBuyerMails(env: Env, db: Database, now: Date): Promise<BuyerMailReport> {
  const config = getConfig(env);
  const d1 = db.$client;
  const queued = await queueExpiryReminders(db, now);
  const { results: abandoned } = await d1
    .prepare("UPDATE buyer_mails SET status = 'abandoned' WHERE status = 'claimed' AND claimed_at <= ?1 RETURNING id")
    .bind(now.getTime() - CLAIM_LIFETIME_MS)
    .all<{ id: number }>();
  const claimed = await claimBuyerMails(db, now);
  let sent = 0;
  let skipped = 0;
  for (const row of claimed) {
    try {
      const mail = await composeMail(db, config, row, now);
      if (mail) await sendMail(db, config, mail);
      const done = mail
        ? d1.prepare("UPDATE buyer_mails SET status = 'sent', sent_at = ?1 WHERE id = ?2").bind(Date.now(), row.id)
        : d1.prepare("UPDATE buyer_mails SET status = 'skipped' WHERE id = ?1").bind(row.id);
      await done.run();
      if (mail) sent += 1;
      else skipped += 1;
    } catch (error) {
      // Left claimed: the claim runs out and is abandoned, so this mail is never sent twice.
      logEvent("error", "buyer_mail_failed", { mail_id: row.id, error: errorText(error) });
    }
  }
  return { queued, sent, skipped, abandoned: abandoned.length };
}

type Recipient = { email: string; username: string; wants: number; generation: number; locale: string; app_name: string; app_name_en: string | null; slug: string };

/** The mail a claimed row sends, or null when it should not go out any more (opted out, key gone). */
async function composeMail(db: Database, config: Config, row: Claimed, now: Date): Promise<Mail | null> {
  const d1 = db.$client;
  const found = await d1
    .prepare(
      `SELECT u.email, u.username, u.email_notifications AS wants, u.mail_link_generation AS generation, u.locale,
              a.name AS app_name, a.name_en AS app_name_en, a.url AS slug
       FROM users u JOIN apps a ON a.id = ?1 WHERE u.id = ?2`,
    )
    .bind(row.appId, row.userId)
    .first<Recipient>();
  if (!found?.wants) return null;
  const origin = mailOrigin(config);
  // In the buyer's language (users.locale): the English mail names the app by its English name
  // when it has one, and links to the English edition's pages.
  const lang: Lang = found.locale === "en" ? "en" : "vi";
  const edition = lang === "en" ? `${origin}/en` : origin;
  const appLink = `${edition}/${encodeURIComponent(found.slug)}`;
  const token = encodeURIComponent(await unsubscribeToken(config.JWT_SECRET, row.userId, found.generation));
  const unsubscribe = `${edition}/unsubscribe?token=${token}`;
  // RFC 8058: a mail client unsubscribes with one POST to this address; opened, it leads to the page.
  const headers = { "List-Unsubscribe": `<${origin}/api/mail/unsubscribe?token=${token}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
  const appName = lang === "en" ? found.app_name_en || found.app_name : found.app_name;
  const who = { to: found.email, username: found.username, site: config.SITE_NAME, appName, appLink, unsubscribe, lang };

  if (row.kind === "key_expiry") {
    if (row.keyId === null) return null;
    const key = await d1
      .prepare(
        `SELECT key_code, expires_at FROM license_keys
         WHERE id = ?1 AND status IN ('sold', 'used') AND banned_at IS NULL AND expires_at IS NOT NULL AND expires_at > ?2`,
      )
      .bind(row.keyId, now.getTime())
      .first<{ key_code: string; expires_at: number }>();
    if (!key) return null;
    return { ...expiryMail(who, key.key_code, new Date(key.expires_at)), headers };
  }
  if (row.kind === "app_paused" || row.kind === "app_resumed") {
    if (row.pauseId === null) return null;
    const pause = await d1.prepare("SELECT reason, reason_en FROM app_pauses WHERE id = ?1").bind(row.pauseId).first<{ reason: string; reason_en: string }>();
    if (!pause) return null;
    return { ...pauseMail(who, row.kind, lang === "en" ? pause.reason_en : pause.reason), headers };
  }
  if (!row.version) return null;
  return { ...updateMail(who, row.version), headers };
}

type Who = { to: string; username: string; site: string; appName: string; appLink: string; unsubscribe: string; lang: Lang };

/** An app paused (with the shop's reason in the buyer's language) or back, in the buyer's language. */
function pauseMail(who: Who, kind: "app_paused" | "app_resumed", reason: string): Mail {
  const { lang } = who;
  const say = PAUSE_MAIL_MESSAGES;
  const lines = kind === "app_paused" ? [say.paused(who.appName, reason).in(lang), say.pausedKeys.in(lang)] : [say.resumed(who.appName).in(lang), say.resumedKeys.in(lang)];
  const subject = (kind === "app_paused" ? say.pausedSubject : say.resumedSubject)(who.site, who.appName).in(lang);
  const greeting = BUYER_MAIL_MESSAGES.greeting(who.username).in(lang);
  const link = say.appLink.in(lang);
  const end = footer(who);
  const text = [greeting, "", ...lines, `${link}: ${who.appLink}`, ...end.text].join("\n");
  const html = `<p>${escapeHtml(greeting)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
<p><a href="${escapeHtml(who.appLink)}">${escapeHtml(link)}</a></p>
${end.html}`;
  return { to: who.to, subject, text, html, template: kind };
}

function footer(who: Who): { text: string[]; html: string } {
  const say = BUYER_MAIL_MESSAGES;
  const { lang } = who;
  return {
    text: ["", "—", `${say.boughtAt(who.site).in(lang)} ${say.unsubscribeAt.in(lang)}`, who.unsubscribe],
    html: `<p style="color:#71717a;font-size:12px">${say.boughtAt(escapeHtml(who.site)).in(lang)} <a href="${escapeHtml(who.unsubscribe)}">${say.unsubscribe.in(lang)}</a></p>`,
  };
}

/** Only the key's last characters: the mail reminds, it does not hand the key out again. */
function keyHint(code: string): string {
  return `…${code.slice(-4)}`;
}

// The HTML parts call the templates with the values escaped (the declared words need none), the
// app's name in <strong>.
const strong = (text: string) => `<strong>${escapeHtml(text)}</strong>`;

function expiryMail(who: Who, code: string, expiresAt: Date): Mail {
  const say = BUYER_MAIL_MESSAGES;
  const { lang } = who;
  const end = footer(who);
  const greeting = say.greeting(who.username);
  const text = [greeting.in(lang), "", say.expires(who.appName, keyHint(code), expiresAt).in(lang), say.buyAgainAt.in(lang), who.appLink, ...end.text].join("\n");
  const html = `<p>${say.greeting(escapeHtml(who.username)).in(lang)}</p>
<p>${say.expires(strong(who.appName), escapeHtml(keyHint(code)), expiresAt).in(lang)}</p>
<p>${say.buyAgainToKeepUsing(`<a href="${escapeHtml(who.appLink)}">${say.buyAgain.in(lang)}</a>`).in(lang)}</p>
${end.html}`;
  return { to: who.to, subject: say.expirySubject(who.site, who.appName).in(lang), text, html, template: "key_expiry" };
}

function updateMail(who: Who, version: string): Mail {
  const say = BUYER_MAIL_MESSAGES;
  const { lang } = who;
  const end = footer(who);
  const text = [say.greeting(who.username).in(lang), "", say.newVersion(who.appName, version).in(lang), say.updateAt.in(lang), who.appLink, ...end.text].join("\n");
  const html = `<p>${say.greeting(escapeHtml(who.username)).in(lang)}</p>
<p>${say.newVersion(strong(who.appName), escapeHtml(version)).in(lang)}</p>
<p><a href="${escapeHtml(who.appLink)}">${say.update.in(lang)}</a></p>
${end.html}`;
  return { to: who.to, subject: say.updateSubject(who.appName, version).in(lang), text, html, template: "app_update" };
}
