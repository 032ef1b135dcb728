// One mailer for every message. Each mail is written to the outbox first, so none is lost;
// the "resend" transport then posts it to an HTTP mail API. In development and tests the
// outbox is the destination, read at /dev/outbox.
import { eq } from "drizzle-orm";
import type { Config } from "./config";
import type { Database } from "../db/client";
import { mailOutbox } from "../db/schema";
import { errorText, logEvent } from "../lib/log";
import type { Lang } from "../shared/lang";

/**
 * `kept`: the bodies the database keeps outside development, without the mail's secret link.
 * `headers`: extra headers (List-Unsubscribe), kept with the mail.
 */
export type Mail = { to: string; subject: string; text: string; html?: string; template: string; kept?: { text: string; html?: string }; headers?: Record<string, string> };

export async function sendMail(
  db: Database,
  config: Pick<Config, "APP_ENV" | "MAIL_TRANSPORT" | "MAIL_FROM" | "MAIL_API_URL" | "MAIL_API_KEY">,
  mail: Mail,
): Promise<void> {
  // Only development reads links from the outbox (/dev/outbox); elsewhere a copy of the
  // database must not be a set of working reset links.
  const kept = config.APP_ENV === "development" || !mail.kept ? mail : mail.kept;
  const [row] = await db
    .insert(mailOutbox)
    .values({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: kept.text,
      htmlBody: kept.html ?? null,
      template: mail.template,
      headers: mail.headers ? JSON.stringify(mail.headers) : null,
      status: config.MAIL_TRANSPORT === "outbox" ? "sent" : "pending",
      sentAt: config.MAIL_TRANSPORT === "outbox" ? new Date() : null,
    })
    .returning({ id: mailOutbox.id });
  if (config.MAIL_TRANSPORT === "outbox") return;

  try {
    const response = await fetch(config.MAIL_API_URL, {
      method: "POST",
      headers: { Authorization: `Bearer ${config.MAIL_API_KEY}`, "Content-Type": "application/json" },
      body: JSON.stringify({ from: config.MAIL_FROM, to: [mail.to], subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers }),
    });
    if (!response.ok) throw new Error(`mail API answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    await db.update(mailOutbox).set({ status: "sent", sentAt: new Date(), attempts: 1 }).where(eq(mailOutbox.id, row.id));
  } catch (error) {
    logEvent("error", "mail_not_sent", { mail_id: row.id, error: errorText(error) });
    await db
      .update(mailOutbox)
      .set({ status: "failed", attempts: 1, lastError: String(error).slice(0, 500) })
      .where(eq(mailOutbox.id, row.id));
  }
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);
}

/** The reset mail in the account's language (users.locale): Vietnamese, or the English beside it. */
export function passwordResetMail(siteName: string, to: string, username: string, link: string, locale: Lang = "vi"): Mail {
  const words = locale === "en" ? RESET_MAIL_EN : RESET_MAIL;
  const body = (link: string | null) => {
    const shown = link ?? words.hidden;
    const text = [words.hello(username), "", words.asked(siteName), words.open, "", shown, "", words.notYou].join("\n");
    const anchor = link ? `<a href="${escapeHtml(link)}">${words.button}</a>` : escapeHtml(shown);
    const html = `<p>${escapeHtml(words.hello(username))}</p>
<p>${escapeHtml(words.asked(siteName))}</p>
<p>${anchor} ${words.validity}</p>
<p>${words.notYou}</p>`;
    return { text, html };
  };
  return { to, subject: words.subject(siteName), ...body(link), kept: body(null), template: "password_reset" };
}

const RESET_MAIL = {
  subject: (siteName: string) => `${siteName}: đặt lại mật khẩu`,
  hello: (username: string) => `Xin chào ${username},`,
  asked: (siteName: string) => `Chúng tôi nhận được yêu cầu đặt lại mật khẩu cho tài khoản của bạn tại ${siteName}.`,
  open: "Mở liên kết sau để đặt mật khẩu mới (liên kết có hiệu lực trong 1 giờ và chỉ dùng được một lần):",
  button: "Đặt lại mật khẩu",
  validity: "(liên kết có hiệu lực trong 1 giờ và chỉ dùng được một lần).",
  notYou: "Nếu bạn không yêu cầu, hãy bỏ qua email này; mật khẩu của bạn không thay đổi.",
  hidden: "(liên kết đã được ẩn khỏi bản lưu)",
};

const RESET_MAIL_EN: typeof RESET_MAIL = {
  subject: (siteName) => `${siteName}: reset your password`,
  hello: (username) => `Hello ${username},`,
  asked: (siteName) => `We received a request to reset the password of your account at ${siteName}.`,
  open: "Open the link below to choose a new password (it works for 1 hour, and only once):",
  button: "Reset your password",
  validity: "(the link works for 1 hour, and only once).",
  notYou: "If you did not ask for this, you can ignore this email: your password stays the same.",
  hidden: "(the link has been removed from the stored copy)",
};
