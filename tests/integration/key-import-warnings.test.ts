// The import warns about codes an attacker could guess against the key check (issue #16 item 3),
// and imports them all the same.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { licenseKeys } from "../../workers/db/schema";
import { api, createApp, db, person } from "../factories";

async function importCodes(codes: string[]) {
  const admin = await person("staff");
  const app = await createApp();
  const result = await api("/api/keys/bulk-import/", { token: admin.token, body: { app_url: app.url, key_type: "7days", keys_text: codes.join("\n") } });
  const stored = await db.select().from(licenseKeys).where(eq(licenseKeys.appId, app.id));
  return { ...result, stored: stored.length };
}

describe("POST /api/keys/bulk-import/ guessable codes", () => {
  it("warns about short codes and numbered runs without refusing them", async () => {
    const result = await importCodes(["ABC123", "SHOPKEY-000009", "SHOPKEY-000010", "SHOPKEY-000011", "Q7ZK2M9XW4PLR8TD"]);
    expect(result.status).toBe(200);
    expect(result.body.data.imported_count).toBe(5);
    expect(result.stored).toBe(5);
    expect(result.body.data.warnings).toEqual([
      "1 key ngắn hơn 12 ký tự: dễ bị đoán thử. Nên dùng key ngẫu nhiên dài từ 12 ký tự.",
      "3 key có dạng tuần tự (ví dụ SHOPKEY-000009, SHOPKEY-000010): biết một key là đoán được key khác.",
    ]);
  });

  it("says nothing about long random codes, even ones with digits", async () => {
    const result = await importCodes(["K3Y9-ZQ2W-8XPL-4MRT", "K3Y9-ZQ2W-8XPL-5MRT-B", "7HF2-QQ9D-LLX0-2KZA"]);
    expect(result.body.data.warnings).toEqual([]);
  });
});
