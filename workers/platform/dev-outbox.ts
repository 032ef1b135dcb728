// /dev/outbox: the mail the store has "sent", served only with APP_ENV=development (not in
// tests or production), so a password reset can be completed on one machine.
import { desc } from "drizzle-orm";
import { getDb } from "../db/client";
import { mailOutbox } from "../db/schema";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);
}

/** Escapes the text and turns its http(s) links into anchors. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

export async function renderOutbox(env: Env): Promise<Response> {
  const mails = await getDb(env.DB).select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(50);
  const items = mails
    .map(
      (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">Tới: <span class="to">${escapeHtml(mail.toAddress)}</span> · ${mail.createdAt.toISOString()} · ${escapeHtml(mail.status)}</p>
  <pre>${linkify(mail.textBody)}</pre>
</article>`,
    )
    .join("\n");
  const html = `<!doctype html><html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hộp thư phát triển</title><style>body{font-family:system-ui,sans-serif;background:#09090b;color:#e4e4e7;max-width:48rem;margin:2rem auto;padding:0 1rem}
article{background:#18181b;border-radius:12px;padding:1rem;margin:1rem 0}h2{margin:0;font-size:1.1rem}.meta{color:#a1a1aa;font-size:.85rem}
pre{white-space:pre-wrap;font:inherit}a{color:#818cf8}</style></head><body>
<h1>Hộp thư phát triển</h1><p class="meta">Thư của môi trường phát triển (không có ở bản chạy thật).</p>
${items || "<p>Chưa có thư nào.</p>"}</body></html>`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}
