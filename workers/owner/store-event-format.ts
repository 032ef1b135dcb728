// What a webhook delivery carries (docs/formats.md#store-events): the event as JSON, signed like
// Stripe's webhooks, or Discord's message format for a Discord incoming webhook. Pure, so the
// format is proved in Node as well as in the Worker.
import type { StoreEventType } from "../shared/enums";

export type StoreEvent = { id: string; type: StoreEventType; created_at: string; data: Record<string, unknown> };

/** The event's JSON body, its fields in this order. */
export function eventBody(event: StoreEvent): string {
  return JSON.stringify({ id: event.id, type: event.type, created_at: event.created_at, data: event.data });
}

function hex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** `X-Store-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the shop's secret>`. */
export async function signatureHeader(secret: string, body: string, unixSeconds: number): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${unixSeconds}.${body}`));
  return `t=${unixSeconds},v1=${hex(mac)}`;
}

const TITLES: Record<StoreEventType, string> = {
  "key.sold": "🛒 Key sold",
  "key.activated": "📱 Key activated",
  "key.device_reset": "🔄 Key device reset",
  "key.expired": "⌛ Key expired",
  "key.banned": "⛔ Key banned",
  "app.paused": "⏸️ App paused",
  "app.resumed": "▶️ App resumed",
  "topup.credited": "💰 Top-up credited",
};

/** A field's value as Discord shows it: objects by their name, id or masked code. */
function shown(value: unknown): string {
  if (value && typeof value === "object") {
    const named = value as Record<string, unknown>;
    return [named.name, named.masked, named.id === undefined ? undefined : `#${named.id}`].filter((part) => part !== undefined && part !== null).join(" ");
  }
  return String(value);
}

/** Discord's incoming-webhook message: a line of text and one embed with the event's fields. */
export function discordBody(event: StoreEvent): string {
  const fields = Object.entries(event.data)
    .slice(0, 20)
    .map(([name, value]) => ({ name, value: shown(value).slice(0, 1000) || "-", inline: true }));
  return JSON.stringify({
    content: `${TITLES[event.type]} (${event.type})`,
    embeds: [{ title: event.type, fields, footer: { text: event.id }, timestamp: event.created_at }],
    allowed_mentions: { parse: [] },
  });
}
