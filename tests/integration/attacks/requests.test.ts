// Attacks on the request layer (issue #13, items 11 and 12): bodies too large to read, answers a
// shared cache could keep, plain-HTTP downgrades, and one IPv6 /64 posing as many addresses.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp, person, request, unique } from "../../factories";
import { MAX_KEY_LENGTH } from "../../../workers/licensing/messages";

type Body = Record<string, any>;

async function answer(response: Response) {
  return { status: response.status, headers: response.headers, body: (await response.json()) as Body };
}

/** A JSON body of about `bytes` bytes that is otherwise a valid key check. */
function bigKeyCheck(bytes: number): string {
  return JSON.stringify({ key_code: "NO-SUCH-KEY", device_id: "device-1", padding: "a".repeat(bytes) });
}

/** A body with no known length (sent chunked); counts what the server pulls from it. */
function countingStream(total: number, chunk = 16 * 1024) {
  const state = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= total) return controller.close();
      const size = Math.min(chunk, total - state.pulled);
      state.pulled += size;
      controller.enqueue(new TextEncoder().encode(" ".repeat(size)));
    },
  });
  return { stream, state };
}

function expectTooLarge(result: { status: number; body: Body }) {
  expect(result.status).toBe(413);
  expect(result.body.success).toBe(false);
  expect(result.body.message).toMatch(/quá lớn/);
}

describe("attack: bodies too large to read", () => {
  it("posts a 2 MB JSON body to the public key check", async () => {
    const result = await answer(await request("/api/keys/check/", { method: "POST", headers: { "Content-Type": "application/json" }, body: bigKeyCheck(2 * 1024 * 1024) }));
    expectTooLarge(result);
  });

  it("streams a 2 MB body without Content-Length (chunked) to the key check", async () => {
    const { stream, state } = countingStream(2 * 1024 * 1024);
    const result = await answer(await request("/api/keys/check/", { method: "POST", headers: { "Content-Type": "application/json" }, body: stream, duplex: "half" } as RequestInit));
    expectTooLarge(result);
    // Reading stops at the limit: the rest of the stream is never pulled.
    expect(state.pulled).toBeLessThanOrEqual(64 * 1024 + 16 * 1024);
  });

  it("announces 2 MB in Content-Length and is refused before a byte is read", async () => {
    const { stream, state } = countingStream(2 * 1024 * 1024, 4 * 1024);
    const result = await answer(
      await exports.default.fetch(
        new Request("http://store.test/api/keys/check/", {
          method: "POST",
          headers: { "Content-Type": "application/json", "Content-Length": String(2 * 1024 * 1024) },
          body: stream,
          duplex: "half",
        } as RequestInit),
      ),
    );
    expectTooLarge(result);
    // The runtime buffers a chunk or two ahead; reading the body would pull past 64 KB.
    expect(state.pulled).toBeLessThanOrEqual(16 * 1024);
  });

  it("posts 2 MB to the bank and card webhooks", async () => {
    const body = JSON.stringify({ id: 1, content: "x".repeat(2 * 1024 * 1024) });
    for (const path of ["/api/webhooks/sepay/", "/api/webhooks/casso/", "/api/webhooks/cards/"]) {
      const result = await answer(await request(path, { method: "POST", headers: { "Content-Type": "application/json", Authorization: `Apikey ${env.SEPAY_API_KEY}` }, body }));
      expectTooLarge(result);
    }
  });

  it("posts 100 KB to signed-in and admin routes", async () => {
    const user = await person();
    const admin = await person("staff");
    const padding = "x".repeat(100 * 1024);
    const attempts: [string, string, string][] = [
      ["/api/vietqr/create/", user.token, JSON.stringify({ amount: 100_000, padding })],
      ["/api/keys/purchase/", user.token, JSON.stringify({ pricing_id: 1, padding })],
      ["/api/auth/check-availability/", user.token, JSON.stringify({ username: "x", padding })],
      ["/api/promotions/", admin.token, JSON.stringify({ name: "X", padding })],
      ["/api/admin/users/1/adjust-balance/", admin.token, JSON.stringify({ amount: 1, padding })],
    ];
    for (const [path, token, body] of attempts) {
      const result = await answer(await request(path, { method: "POST", headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` }, body }));
      expect(result.status, path).toBe(413);
      expect(result.body).toMatchObject({ success: false, message: expect.stringMatching(/quá lớn/) });
    }
  });

  it("sends a key import larger than 10,000 keys of the longest length", async () => {
    const admin = await person("staff");
    const line = "K".repeat(MAX_KEY_LENGTH);
    const keys_text = Array.from({ length: 12_000 }, () => line).join("\n");
    const result = await answer(
      await request("/api/keys/bulk-import/", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${admin.token}` },
        body: JSON.stringify({ app_url: "no-such-app", key_type: "1day", keys_text }),
      }),
    );
    expectTooLarge(result);
  });
});

describe("body limits keep the routes that need more", () => {
  it("reads a key import of 10,000 keys of the longest length (its own cap)", async () => {
    const admin = await person("staff");
    const line = "K".repeat(MAX_KEY_LENGTH);
    const keys_text = Array.from({ length: 10_000 }, (_, index) => `${line.slice(0, MAX_KEY_LENGTH - 5)}${String(index).padStart(5, "0")}`).join("\n");
    const result = await answer(
      await request("/api/keys/bulk-import/", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${admin.token}` },
        body: JSON.stringify({ app_url: "no-such-app", key_type: "1day", keys_text, description: "d".repeat(1000) }),
      }),
    );
    // Read and checked: the app does not exist.
    expect(result.status).toBe(404);
  });

  it("takes an upload part larger than 64 KB", async () => {
    const admin = await person("staff");
    const size = 200 * 1024;
    const started = await answer(
      await request("/api/uploads/", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${admin.token}` },
        body: JSON.stringify({ filename: "a.ipa", size, kind: "app_file" }),
      }),
    );
    expect(started.status).toBe(201);
    const part = await answer(await request(`/api/uploads/${started.body.upload_id}/parts/1/`, { method: "PUT", headers: { Authorization: `Bearer ${admin.token}` }, body: new Uint8Array(size) }));
    expect(part.status).toBe(200);
  });
});

describe("attack: reading a user's data from a shared cache", () => {
  it("finds signed-in answers without Cache-Control: no-store", async () => {
    const user = await person();
    const admin = await person("staff");
    const reads: [string, string][] = [
      ["/api/auth/me/", user.token],
      ["/api/auth/wallet/balance/", user.token],
      ["/api/auth/wallet/transactions/", user.token],
      ["/api/auth/purchase/history/", user.token],
      ["/api/vietqr/history/", user.token],
      ["/api/vietqr/stats/", user.token],
      ["/api/cards/history/", user.token],
      ["/api/cards/stats/", user.token],
      ["/api/admin/users/", admin.token],
      ["/api/admin/bank-transfers/", admin.token],
      ["/api/promotions/", admin.token],
      ["/api/keys/batches/", admin.token],
      ["/api/apps/admin/list/", admin.token],
    ];
    for (const [path, token] of reads) {
      const response = await request(path, { headers: { Authorization: `Bearer ${token}` } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("no-store");
    }
  });

  it("finds fresh tokens from a login without Cache-Control: no-store", async () => {
    const name = unique("c").replace(/-/g, "_").slice(0, 28);
    const registered = await request("/api/auth/register/", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: name, email: `${name}@example.com`, first_name: "An", last_name: "Lê", password: "mat-khau-dai", password_confirm: "mat-khau-dai" }),
    });
    expect(registered.headers.get("cache-control")).toBe("no-store");
    const login = await request("/api/auth/login/", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ login: name, password: "mat-khau-dai" }) });
    expect(login.status).toBe(200);
    expect(login.headers.get("cache-control")).toBe("no-store");
  });

  it("keeps the public catalogue cacheable", async () => {
    await createApp();
    const list = await request("/api/apps/list/");
    expect(list.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
  });
});

describe("attack: downgrading a visitor to plain HTTP", () => {
  it("reads pages, the API and files over HTTPS without Strict-Transport-Security", async () => {
    const app = await createApp({ media: [{ mediaType: "image", body: new Uint8Array([137, 80, 78, 71]) }] });
    const media = `/api/media/media/${app.url}-0.png`; // the file createApp stored
    for (const path of ["/", `/${app.url}`, "/api/apps/list/", "/api/keys/types/", media, "/api/no-such-route"]) {
      const response = await exports.default.fetch(new Request(`https://store.test${path}`, { headers: { Accept: "text/html" } }));
      expect(response.headers.get("strict-transport-security"), path).toBe("max-age=31536000; includeSubDomains");
    }
  });

  it("keeps plain-HTTP local development free of it", async () => {
    for (const path of ["/", "/api/apps/list/"]) {
      const response = await exports.default.fetch(new Request(`http://127.0.0.1:8787${path}`));
      expect(response.headers.get("strict-transport-security"), path).toBeNull();
    }
  });
});

describe("attack: rotating IPv6 addresses inside one /64", () => {
  it("sends 11 password-reset requests from 11 addresses of one /64", async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
    const statuses: number[] = [];
    for (let index = 1; index <= 11; index++) {
      const response = await request("/api/auth/forgot-password/", {
        method: "POST",
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": `${prefix}:${index.toString(16)}::${index}` },
        body: JSON.stringify({ email: `${unique("v6")}@example.com` }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });
});
