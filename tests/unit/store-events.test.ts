// The shop's webhook in pure code (docs/formats.md#store-events): which addresses are Discord's,
// and the message Discord gets instead of the signed event.
import { describe, expect, it } from "vitest";
import { discordBody } from "../../workers/owner/store-event-format";
import { isDiscordWebhook } from "../../workers/owner/webhook-address";

describe("a Discord incoming webhook", () => {
  it("is recognised at discord.com and discordapp.com (and ptb., canary.) under /api/webhooks/ only", () => {
    for (const url of ["https://discord.com/api/webhooks/123/abc", "https://discordapp.com/api/webhooks/1/x", "https://ptb.discord.com/api/webhooks/1/x", "https://canary.discord.com/api/webhooks/1/x"]) {
      expect([url, isDiscordWebhook(url)]).toEqual([url, true]);
    }
    for (const url of ["http://discord.com/api/webhooks/1/x", "https://discord.com/channels/1", "https://discord.com.evil.example/api/webhooks/1/x", "https://evildiscord.com/api/webhooks/1/x", "not a url"]) {
      expect([url, isDiscordWebhook(url)]).toEqual([url, false]);
    }
  });

  it("gets Discord's message: a line of text and one embed with the event's fields, no mentions", () => {
    const body = JSON.parse(
      discordBody({ id: "evt_1", type: "key.sold", created_at: "2026-12-02T08:00:00.000Z", data: { key: { id: 5, masked: "…ABCD", expires_at: null }, app: { id: 7 }, amount: 50000, currency: "VND" } }),
    );
    expect(body).toEqual({
      content: "🛒 Key sold (key.sold)",
      embeds: [
        {
          title: "key.sold",
          fields: [
            { name: "key", value: "…ABCD #5", inline: true },
            { name: "app", value: "#7", inline: true },
            { name: "amount", value: "50000", inline: true },
            { name: "currency", value: "VND", inline: true },
          ],
          footer: { text: "evt_1" },
          timestamp: "2026-12-02T08:00:00.000Z",
        },
      ],
      allowed_mentions: { parse: [] },
    });
  });
});
