// The Telegram Bot API's sendMessage, the one way the store speaks to the owner's chat: the owner's
// delivery of recorded notifications (workers/owner/notifications.ts) and an alarm D1 could not
// record (ops-notice.ts). Like the mailer, plumbing below every domain.
import type { Config } from "./config";

const SEND_TIMEOUT_MS = 10_000;

type TelegramAnswer = { ok: boolean; description?: string; error_code?: number; parameters?: { retry_after?: number } };

export async function sendToTelegram(config: Config, text: string): Promise<{ ok: true } | { ok: false; error: string; retryAfterMs: number | null }> {
  try {
    const response = await fetch(`${config.TELEGRAM_API_URL.replace(/\/$/, "")}/bot${config.TELEGRAM_BOT_TOKEN}/sendMessage`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ chat_id: config.TELEGRAM_CHAT_ID, text, disable_web_page_preview: true }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    const answer = (await response.json().catch(() => ({ ok: false }))) as TelegramAnswer;
    if (response.ok && answer.ok) return { ok: true };
    const retryAfter = answer.parameters?.retry_after;
    return { ok: false, error: `${answer.error_code ?? response.status} ${answer.description ?? response.statusText}`.slice(0, 300), retryAfterMs: typeof retryAfter === "number" ? retryAfter * 1000 : null };
  } catch (error) {
    return { ok: false, error: String(error).slice(0, 300), retryAfterMs: null };
  }
}

