// The shop's webhook (issue 55 item 5, docs/decisions/0053-store-events.md): the address and its
// signing secret (store_settings), the delivery of the store_events outbox by the cron, and the
// admin's delivery log with "send again". Events are recorded by the statements of
// workers/db/statements/store-events.ts, in the batch of the change each reports.
import { type AdminActor, type AuditRecord, auditStatement } from "../db/statements/audit";
import { WEBHOOK_SECRET_KEY, WEBHOOK_URL_KEY } from "../db/statements/store-events";
import { getConfig } from "../platform/config";
import { NotFoundError, fieldError } from "../platform/errors";
import { errorText, logEvent } from "../lib/log";
import type { StoreEventType } from "../shared/enums";
import { type AddressProblem, isAddressLiteral, isDiscordWebhook, isPrivateAddress, webhookAddressProblem } from "./webhook-address";
import { discordBody, eventBody, signatureHeader } from "./store-event-format";
import { WEBHOOK_MESSAGES } from "./messages";

// ---------------------------------------------------------------- the address

const PROBLEM_MESSAGES: Record<AddressProblem, (typeof WEBHOOK_MESSAGES)[keyof typeof WEBHOOK_MESSAGES]> = {
  invalid: WEBHOOK_MESSAGES.invalid,
  not_https: WEBHOOK_MESSAGES.notHttps,
  credentials: WEBHOOK_MESSAGES.credentials,
  private: WEBHOOK_MESSAGES.private,
  own_store: WEBHOOK_MESSAGES.ownStore,
};

type DnsAnswer = { Status?: number; Answer?: { type: number; data: string }[] };

/**
 * The addresses a host name resolves to (A and AAAA), asked of WEBHOOK_DNS_URL (DNS over HTTPS,
 * JSON); null when the resolver could not answer. A name that does not exist resolves to none.
 */
async function resolveHost(resolver: string, host: string): Promise<string[] | null> {
  try {
    const answers = await Promise.all(
      ["A", "AAAA"].map(async (type) => {
        const response = await fetch(`${resolver}?name=${encodeURIComponent(host)}&type=${type}`, {
          headers: { Accept: "application/dns-json" },
          redirect: "manual",
          signal: AbortSignal.timeout(5_000),
        });
        if (!response.ok) throw new Error(`resolver answered ${response.status}`);
        const answer = (await response.json()) as DnsAnswer;
        if (answer.Status !== 0 && answer.Status !== 3) throw new Error(`resolver status ${answer.Status}`);
        return (answer.Answer ?? []).filter((record) => record.type === 1 || record.type === 28).map((record) => record.data);
      }),
    );
    return answers.flat();
  } catch (error) {
    logEvent("warn", "webhook_lookup_failed", { host, error: errorText(error) });
    return null;
  }
}

/**
 * The store's own hosts: its public URL's and the one this request reached. A host on the default
 * port is the whole machine name (any port of it is the store's); one with a port is that port
 * only, so that outside production a receiver on another port of 127.0.0.1 is not the store.
 */
function ownHosts(env: Env, requestHost: string | null): string[] {
  const base = getConfig(env).PUBLIC_BASE_URL;
  return [base ? new URL(base).host : null, requestHost].filter((host): host is string => Boolean(host));
}

/**
 * The refusal of a webhook address, or null: the address itself (webhook-address.ts), then what
 * its host name resolves to. Checked when the admin saves it and before each delivery run, since a
 * name may be pointed elsewhere later. Cloudflare's fetch resolves the name again when it sends,
 * which a name changed in between could still slip past (decision 0053 names this limit).
 */
async function addressRefusal(env: Env, url: string, requestHost: string | null) {
  const config = getConfig(env);
  const problem = webhookAddressProblem(url, { production: config.APP_ENV === "production", ownHosts: ownHosts(env, requestHost) });
  if (problem) return PROBLEM_MESSAGES[problem];
  const host = new URL(url).hostname.replace(/\.$/, "");
  // The development allowance (http://127.0.0.1:<port>) and public literals need no lookup.
  if (isAddressLiteral(host)) return null;
  const addresses = await resolveHost(config.WEBHOOK_DNS_URL, host);
  if (addresses === null) return WEBHOOK_MESSAGES.unresolved;
  return addresses.some(isPrivateAddress) ? WEBHOOK_MESSAGES.private : null;
}

// ---------------------------------------------------------------- the setting

type Setting = { url: string; secret: string; updated_at: number };

async function readSetting(d1: D1Database): Promise<Setting | null> {
  const { results } = await d1
    .prepare("SELECT key, value, updated_at FROM store_settings WHERE key IN (?1, ?2)")
    .bind(WEBHOOK_URL_KEY, WEBHOOK_SECRET_KEY)
    .all<{ key: string; value: string; updated_at: number }>();
  const url = results.find((row) => row.key === WEBHOOK_URL_KEY);
  const secret = results.find((row) => row.key === WEBHOOK_SECRET_KEY);
  return url && secret ? { url: url.value, secret: secret.value, updated_at: url.updated_at } : null;
}

/** What the admin sees of the setting: the address, never the secret (shown once, when made). */
export async function webhookSettings(d1: D1Database) {
  const setting = await readSetting(d1);
  return {
    url: setting?.url ?? "",
    discord: setting ? isDiscordWebhook(setting.url) : false,
    secret_set: setting !== null,
    updated_at: setting ? new Date(setting.updated_at).toISOString() : null,
  };
}

/** A new signing secret: 32 random bytes, hex, with a prefix that says what it is. */
function newSecret(): string {
  return `whsec_${[...crypto.getRandomValues(new Uint8Array(32))].map((byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * Sets the shop's webhook address with a new secret, returned this once (setting the same address
 * again is how the secret is rotated); an empty address turns the webhook off. Audited without the
 * secret.
 */
export async function setWebhook(env: Env, url: string, actor: AdminActor, requestHost: string | null, now = Date.now()): Promise<{ url: string; secret: string | null }> {
  const d1 = env.DB;
  const before = (await readSetting(d1))?.url ?? "";
  const audit: AuditRecord = { actor, action: "settings.update", targetType: "setting", targetId: WEBHOOK_URL_KEY, details: { before: { webhook_url: before }, after: { webhook_url: url } } };
  if (url === "") {
    await d1.batch([d1.prepare("DELETE FROM store_settings WHERE key IN (?1, ?2)").bind(WEBHOOK_URL_KEY, WEBHOOK_SECRET_KEY), auditStatement(d1, audit)]);
    return { url: "", secret: null };
  }
  const refusal = await addressRefusal(env, url, requestHost);
  if (refusal) throw fieldError("url", refusal);
  const secret = newSecret();
  const upsert = (key: string, value: string) =>
    d1
      .prepare(
        `INSERT INTO store_settings (key, value, updated_by, updated_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
      )
      .bind(key, value, actor.userId, now);
  await d1.batch([upsert(WEBHOOK_URL_KEY, url), upsert(WEBHOOK_SECRET_KEY, secret), auditStatement(d1, audit)]);
  return { url, secret };
}

// ---------------------------------------------------------------- delivery

/** Retries stop this long after an event was queued (or queued again); it is then marked failed. */
export const RETRY_FOR_MS = 24 * 60 * 60_000;
/** A claimed event is not taken again for this long (a sender that died mid-way is retried then). */
const CLAIM_MS = 2 * 60_000;
const PER_ROUND = 25;
const ROUNDS = 4;
const SEND_TIMEOUT_MS = 10_000;
/** How much of the receiver's answer the log keeps. */
const ANSWER_SNIPPET_CHARS = 300;

/** 1, 2, 4 … minutes after each failure, at most an hour: about 30 tries in the 24 hours. */
export function retryDelay(attempts: number): number {
  return Math.min(60_000 * 2 ** (attempts - 1), 60 * 60_000);
}

/** The first characters of an answer's body, read no further than needed. */
async function snippet(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (text.length < ANSWER_SNIPPET_CHARS) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel().catch(() => {});
  return text.slice(0, ANSWER_SNIPPET_CHARS);
}

type Claimed = { id: number; event_id: string; type: StoreEventType; data: string; attempts: number; queued_at: number; created_at: number };
type Outcome = { ok: boolean; status: number | null; answer: string };

/** One POST, redirects not followed (a 3xx is a failed delivery like any other non-2xx). */
async function post(setting: Setting, event: Claimed, now: number): Promise<Outcome> {
  const envelope = { id: event.event_id, type: event.type, created_at: new Date(event.created_at).toISOString(), data: JSON.parse(event.data) as Record<string, unknown> };
  const discord = isDiscordWebhook(setting.url);
  const body = discord ? discordBody(envelope) : eventBody(envelope);
  try {
    const response = await fetch(setting.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "StoreWebhooks/1",
        ...(discord ? {} : { "X-Store-Signature": await signatureHeader(setting.secret, body, Math.floor(now / 1000)), "X-Store-Event": event.type }),
      },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    return { ok: response.status >= 200 && response.status < 300, status: response.status, answer: await snippet(response) };
  } catch (error) {
    return { ok: false, status: null, answer: errorText(error).slice(0, ANSWER_SNIPPET_CHARS) };
  }
}

export type EventDeliveryReport = { sent: number; failed: number; retrying: number };

/**
 * Sends the due events (the cron, every minute). An event is claimed first (one conditional
 * UPDATE), so two runs never send it at once; an event waits while an earlier one of its subject
 * (a key, an app, a buyer) is still pending, so each subject's events arrive in order; a failure
 * is retried with backoff until 24 hours after it was queued, then marked failed. At least once:
 * a run that dies after sending sends again after the claim lapses.
 */
export async function deliverStoreEvents(env: Env, now = Date.now()): Promise<EventDeliveryReport> {
  const report = { sent: 0, failed: 0, retrying: 0 };
  const setting = await readSetting(env.DB);
  if (!setting) return report;
  const refusal = await addressRefusal(env, setting.url, null);
  for (let round = 0; round < ROUNDS; round += 1) {
    const { results: claimed } = await env.DB.prepare(
      `UPDATE store_events SET attempts = attempts + 1, next_attempt_at = ?1
       WHERE id IN (SELECT e.id FROM store_events e WHERE e.status = 'pending' AND e.next_attempt_at <= ?2
         AND NOT EXISTS (SELECT 1 FROM store_events p WHERE p.subject = e.subject AND p.status = 'pending' AND p.id < e.id)
         ORDER BY e.id LIMIT ?3)
       RETURNING id, event_id, type, data, attempts, queued_at, created_at`,
    )
      .bind(now + CLAIM_MS, now, PER_ROUND)
      .all<Claimed>();
    if (claimed.length === 0) break;
    for (const event of claimed.sort((a, b) => a.id - b.id)) {
      // An address that now resolves somewhere private is not called; the log says why.
      const outcome = refusal ? { ok: false, status: null, answer: refusal.in("en") } : await post(setting, event, now);
      const at = Date.now();
      const givenUp = !outcome.ok && now + retryDelay(event.attempts) - event.queued_at > RETRY_FOR_MS;
      const status = outcome.ok ? "sent" : givenUp ? "failed" : "pending";
      await env.DB.prepare(
        `UPDATE store_events SET status = ?1, next_attempt_at = ?2, last_attempt_at = ?3, last_status = ?4, last_answer = ?5, sent_at = ?6 WHERE id = ?7`,
      )
        .bind(status, status === "pending" ? now + retryDelay(event.attempts) : null, at, outcome.status, outcome.answer, outcome.ok ? at : null, event.id)
        .run();
      report[outcome.ok ? "sent" : givenUp ? "failed" : "retrying"] += 1;
    }
    // A failure keeps the later events of its subject waiting: the next round finds only others.
    if (refusal) break;
  }
  return report;
}

/** How long the log keeps delivered and failed events. */
const KEPT_MS = 30 * 24 * 60 * 60_000;

/** Removes delivered and failed events older than 30 days (the cron); pending ones stay. */
export async function removeOldStoreEvents(d1: D1Database, now: number): Promise<number> {
  const result = await d1.prepare("DELETE FROM store_events WHERE status IN ('sent', 'failed') AND created_at < ?1").bind(now - KEPT_MS).run();
  return result.meta.changes ?? 0;
}

// ---------------------------------------------------------------- the admin's log

type LogRow = Claimed & { status: string; subject: string; next_attempt_at: number | null; last_attempt_at: number | null; last_status: number | null; last_answer: string | null; sent_at: number | null };

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The delivery log, newest first, one page at a time by keyset (`before`: ids below it). */
export async function listStoreEvents(d1: D1Database, { limit, before }: { limit: number; before?: number }) {
  const { results } = await d1
    .prepare(
      `SELECT id, event_id, type, subject, data, status, attempts, queued_at, created_at, next_attempt_at, last_attempt_at, last_status, last_answer, sent_at
       FROM store_events WHERE id < ?1 ORDER BY id DESC LIMIT ?2`,
    )
    .bind(before ?? Number.MAX_SAFE_INTEGER, limit + 1)
    .all<LogRow>();
  const shown = results.slice(0, limit);
  const items = shown.map((row) => ({
    id: row.id,
    event_id: row.event_id,
    type: row.type,
    subject: row.subject,
    data: JSON.parse(row.data) as Record<string, unknown>,
    status: row.status,
    attempts: row.attempts,
    last_status: row.last_status,
    last_answer: row.last_answer,
    created_at: iso(row.created_at),
    last_attempt_at: iso(row.last_attempt_at),
    next_attempt_at: iso(row.next_attempt_at),
    sent_at: iso(row.sent_at),
  }));
  return { items, next_before: results.length > limit ? shown[shown.length - 1].id : null };
}

/** "Send again": the event is queued again now, for another 24 hours of tries. */
export async function sendAgain(d1: D1Database, id: number, now = Date.now()): Promise<void> {
  const row = await d1
    .prepare("UPDATE store_events SET status = 'pending', attempts = 0, next_attempt_at = ?1, queued_at = ?1, sent_at = NULL WHERE id = ?2 RETURNING id")
    .bind(now, Number.isSafeInteger(id) ? id : 0)
    .first();
  if (!row) throw new NotFoundError(WEBHOOK_MESSAGES.deliveryNotFound);
}

/** What the admin's settings screen shows of the webhook (app/owner/WebhookSettings.tsx). */
export type WebhookSetting = Awaited<ReturnType<typeof webhookSettings>>;
export type WebhookLog = Awaited<ReturnType<typeof listStoreEvents>>["items"];
