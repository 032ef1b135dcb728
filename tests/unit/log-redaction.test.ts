// The one redaction rule (workers/lib/redact.ts) as the log writer (workers/lib/log.ts) applies it:
// what an attacker reading the logs would look for, and what the operator still needs to read.
import { afterEach, describe, expect, it, vi } from "vitest";
import { errorText, logEvent } from "../../workers/lib/log";
import { REDACTED, redact } from "../../workers/lib/redact";

afterEach(() => vi.restoreAllMocks());

function logged(write: () => void): string {
  const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
  const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  write();
  return [...error.mock.calls, ...warn.mock.calls].flat().map(String).join("\n");
}

const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiIsImVwb2NoIjozfQ.c2lnbmF0dXJlLWJ5dGVzLWhlcmUtMTIzNDU2";
const opaque = "Qm9iLXJlZnJlc2gtdG9rZW4tMzItYnl0ZXMtbG9uZzE"; // 43 base64url characters, as randomToken() gives

describe("attack: reading the logs for secrets", () => {
  it("a field named as a secret is written as [redacted], however it is spelt", () => {
    const line = logged(() =>
      logEvent("error", "probe", { card_code: "123456", cardSerial: "7788", new_password: "hunter2", refresh_token: "r", mfa_secret: "JBSW", "x-api-key": "k", state: "s", otp: "123456" }),
    );
    for (const secret of ["123456", "7788", "hunter2", '"r"', "JBSW", '"k"', '"s"']) expect(line).not.toContain(secret);
    expect(JSON.parse(line)).toMatchObject({ card_code: REDACTED, cardSerial: REDACTED, new_password: REDACTED, otp: REDACTED });
  });

  it("a reset, unsubscribe or OAuth link in an error keeps its path and loses its query", () => {
    const line = logged(() =>
      logEvent("error", "probe", {
        error: `mail API answered 422: https://shop.vn/reset-password?token=${opaque} and /unsubscribe?token=1.0.${opaque} and /auth/google/callback?code=4/0Abc&state=xyz`,
      }),
    );
    expect(line).not.toContain(opaque);
    expect(line).not.toContain("4/0Abc");
    expect(line).not.toContain("xyz");
    expect(line).toContain(`https://shop.vn/reset-password?${REDACTED}`);
    expect(line).toContain(`/auth/google/callback?${REDACTED}`);
  });

  it("a D1 error's bound values are redacted in the message and the stack, and D1's reason stays", () => {
    const failed = new Error(`Failed query: insert into "card_topups" ("card_serial", "card_code") values (?, ?)\nparams: 59000001234567,881234567890123`, {
      cause: new Error("D1_ERROR: UNIQUE constraint failed: card_topups.telco, card_topups.card_serial: SQLITE_CONSTRAINT"),
    });
    const line = logged(() => logEvent("error", "internal_error", { error: errorText(failed), stack: failed.stack }));
    expect(line).not.toContain("59000001234567");
    expect(line).not.toContain("881234567890123");
    expect(JSON.parse(line).error).toBe(
      `D1_ERROR: UNIQUE constraint failed: card_topups.telco, card_topups.card_serial: SQLITE_CONSTRAINT; from Error: Failed query: insert into "card_topups" ("card_serial", "card_code") values (?, ?)\nparams: ${REDACTED}`,
    );
  });

  it("a JWT, a bearer header, a card's digits and an opaque token inside free text are redacted", () => {
    const text = `Authorization: Bearer ${jwt}; lease ${jwt}; card 59000001234567 refused; device ${opaque}; {"password":"p@ss w0rd","login":"an"}; code=991122`;
    const out = redact(text);
    for (const secret of [jwt, "59000001234567", opaque, "p@ss w0rd", "991122"]) expect(out).not.toContain(secret);
    expect(out).toContain('"login":"an"');
  });

  it("a mail API's refusal naming the buyer's address keeps only its domain", () => {
    const refusal = new Error('mail API answered 422: {"message":"The to field is invalid: \\"nguyen.van.an+shop@gmail.com\\" bounced","to":["nguyen.van.an+shop@gmail.com"]}');
    const line = logged(() => logEvent("error", "mail_not_sent", { mail_id: 12, error: errorText(refusal) }));
    expect(line).not.toContain("nguyen.van.an");
    expect(line).toContain(`${REDACTED}@gmail.com`);
    expect(JSON.parse(line)).toMatchObject({ event: "mail_not_sent", mail_id: 12 });
  });

  it("what the operator reads stays: events, ids, times, counts, constraint names", () => {
    const text = "cron_failed at 2031-01-01T10:00:00.000Z: user 42 balance 5000000, UNIQUE constraint failed: card_topups.card_serial: SQLITE_CONSTRAINT";
    expect(redact(text)).toBe(text);
    const line = logged(() => logEvent("warn", "cron_run", { reencryptedSecrets: 2, had_password: true, user_id: 7 }));
    expect(JSON.parse(line)).toEqual({ level: "warn", event: "cron_run", reencryptedSecrets: 2, had_password: true, user_id: 7 });
  });
});
