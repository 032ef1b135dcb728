// No secret in a log line (workers/lib/redact.ts, docs/operations.md#what-a-log-line-never-carries):
// each test runs a flow that handles a secret until it fails and is logged, reads everything written
// to the console meanwhile, and looks for the secret. A failure is forced with a trigger that refuses
// only this test's row, so the store other files share is untouched.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { verifyPassword } from "../../workers/accounts/passwords";
import { unsubscribeToken } from "../../workers/accounts/mail-preferences";
import { person, unique } from "../factories";
import { call } from "../requests";

afterEach(() => vi.restoreAllMocks());

/** Everything written to the console from now on, as one text (errors with their stack and cause). */
function captureLog(): () => string {
  const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) => vi.spyOn(console, level));
  const text = (value: unknown): string =>
    value instanceof Error ? `${value.stack}\n${value.message}\n${text(value.cause ?? "")}` : typeof value === "string" ? value : JSON.stringify(value) ?? String(value);
  return () => spies.flatMap((spy) => spy.mock.calls.flat().map(text)).join("\n");
}

/** Runs `flow` while D1 refuses the writes `when` picks out on `table` (a real D1 error). */
async function refusing<T>(table: string, event: "INSERT" | "UPDATE", when: string, flow: () => Promise<T>): Promise<T> {
  const name = `log_redaction_${unique().replace(/\W/g, "_")}`;
  await env.DB.prepare(`CREATE TRIGGER ${name} BEFORE ${event} ON ${table} WHEN ${when} BEGIN SELECT RAISE(ABORT, 'refused for tests/integration/log-redaction.test.ts'); END`).run();
  try {
    return await flow();
  } finally {
    await env.DB.prepare(`DROP TRIGGER ${name}`).run();
  }
}

function digits(length: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(length)), (byte) => byte % 10).join("");
}

const internalError = /"event":"internal_error"/;

describe("attack: reading the logs for secrets", () => {
  it("a card insert that fails does not write the card's code or serial to the log", async () => {
    const buyer = await person();
    const serial = `9${digits(13)}`;
    const code = `8${digits(14)}`;
    const log = captureLog();

    const answer = await refusing("card_topups", "INSERT", `NEW.card_serial = '${serial}'`, () =>
      call("/api/cards/create/", { token: buyer.token, body: { telco: "VIETTEL", card_serial: serial, card_code: code, card_value: 10_000 } }),
    );

    expect(answer.status).toBe(500);
    expect(log()).toMatch(internalError);
    expect(log()).not.toContain(code);
    expect(log()).not.toContain(serial);
    // What the operator needs stays: the statement and D1's reason.
    expect(log()).toContain('insert into \\"card_topups\\"');
    expect(log()).toContain("refused for tests/integration/log-redaction.test.ts");
  });

  it("a registration whose insert fails writes neither the password nor a hash that verifies as it to the log", async () => {
    const username = unique("reg").replace(/-/g, "_").slice(0, 28);
    const password = `Pw-${unique("secret")}`;
    const log = captureLog();

    const answer = await refusing("users", "INSERT", `NEW.username = '${username}'`, () =>
      call("/api/auth/register/", { body: { username, email: `${username}@example.com`, first_name: "Log", last_name: "Test", password, password_confirm: password } }),
    );

    expect(answer.status).toBe(500);
    expect(log()).toMatch(internalError);
    expect(log()).not.toContain(password);
    const hashes = log().match(/scrypt\$[^\s",\\]+/g) ?? [];
    const opening = await Promise.all(hashes.map((hash) => verifyPassword(password, hash)));
    expect(hashes.filter((_, index) => opening[index])).toEqual([]);
  });

  it("a password typed into the login box is not written to the log when the sign-in fails", async () => {
    const typed = `mk${digits(6)}-${unique("pw").toLowerCase()}`;
    const log = captureLog();

    const answer = await refusing("rate_limits", "INSERT", `instr(NEW.key, '${typed}') > 0`, () => call("/api/auth/login/", { body: { login: typed, password: "whatever-1" } }));

    expect(answer.status).toBe(500);
    expect(log()).toMatch(internalError);
    expect(log()).not.toContain(typed);
  });

  it("a wrong password is not written to the log when the sign-in fails", async () => {
    const owner = await person();
    const wrong = `Wrong-${unique("pw")}`;
    const log = captureLog();

    const answer = await refusing("rate_limits", "INSERT", `NEW.key LIKE '%user:${owner.id}'`, () => call("/api/auth/login/", { body: { login: owner.username, password: wrong } }));

    expect(answer.status).toBe(500);
    expect(log()).toMatch(internalError);
    expect(log()).not.toContain(wrong);
  });

  it("a reset link the mail API refuses, quoting it, does not write its token to the log", async () => {
    const owner = await person();
    const mailApi = "https://mail.test/emails";
    const original = globalThis.fetch;
    const tokens: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url !== mailApi) return original(input, init);
      const { text } = JSON.parse(String(init?.body)) as { text: string };
      const link = /https?:\/\/\S+/.exec(text)?.[0] ?? "";
      tokens.push(new URL(link).searchParams.get("token") ?? "");
      return Response.json({ message: `Link not allowed: ${link}` }, { status: 422 });
    });
    const log = captureLog();

    const answer = await call("/api/auth/forgot-password/", {
      body: { email: owner.email },
      env: { ...env, MAIL_TRANSPORT: "resend", MAIL_API_URL: mailApi, MAIL_API_KEY: "re_test_key" } as Env,
    });

    expect(answer.status).toBe(200);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatch(/^[\w-]{43}$/);
    expect(log()).toContain("mail API answered 422");
    expect(log()).not.toContain(tokens[0]);
    expect(log()).toMatch(/"event":"mail_not_sent"/);
  });

  it("a request whose address carries ?token= and fails does not write the token to the log", async () => {
    const buyer = await person();
    const token = await unsubscribeToken(env.JWT_SECRET, buyer.id, buyer.mailLinkGeneration);
    const log = captureLog();

    const answer = await refusing("users", "UPDATE", `OLD.id = ${buyer.id}`, () => call(`/api/mail/unsubscribe/?token=${encodeURIComponent(token)}`, { method: "POST" }));

    expect(answer.status).toBe(500);
    expect(log()).toMatch(internalError);
    expect(log()).not.toContain(token.split(".")[2]);
  });
});
