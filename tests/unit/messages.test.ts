// Messages by code (docs/decisions/0044-messages-by-code.md): a message is declared once with its
// code and both its texts, a rule throws it with its arguments, and the answer speaks the reader's
// language. The code and the English come from the declaration, never from the Vietnamese text: a
// reworded Vietnamese text keeps both.
import { describe, expect, it } from "vitest";
import { refusalAnswer } from "../../workers/platform/http/refusals";
import { ConflictError, fieldError, NotFoundError, RateLimitedError, ValidationError } from "../../workers/platform/errors";
import { HttpError, MESSAGES } from "../../workers/platform/http/api-errors";
import { hasVietnameseLetters } from "../../workers/shared/lang";
import { defineMessages, Message } from "../../workers/shared/message";
import { KEY_ADMIN_MESSAGES, KEY_DEVICE_MESSAGES } from "../../workers/licensing/messages";

const request = (lang: "vi" | "en") => new Request("https://store.test/api/x", { headers: { "Accept-Language": lang === "en" ? "en-US,en;q=0.9" : "vi" } });

function answered(error: Error, lang: "vi" | "en") {
  return refusalAnswer(error, request(lang)).body as { code: string; message: string; errors?: Record<string, string[]> };
}

describe("a declared message", () => {
  const SAID = defineMessages({
    codeInvalid: { code: "promotion_code_invalid", vi: "Mã khuyến mãi không hợp lệ", en: "This promotion code is invalid" },
    tooMany: { code: "rate_limited", vi: (seconds: number) => `Thử lại sau ${seconds} giây.`, en: (seconds: number) => `Try again in ${seconds} seconds.` },
  });

  it("carries its code and renders each language, a template with its arguments", () => {
    expect(SAID.codeInvalid.code).toBe("promotion_code_invalid");
    expect(SAID.codeInvalid.in("vi")).toBe("Mã khuyến mãi không hợp lệ");
    expect(SAID.codeInvalid.in("en")).toBe("This promotion code is invalid");
    const message = SAID.tooMany(42);
    expect(message).toBeInstanceOf(Message);
    expect(message.code).toBe("rate_limited");
    expect(message.args).toEqual([42]);
    expect(message.in("en")).toBe("Try again in 42 seconds.");
    // Printed without a choice (a log line, a body not rendered yet): the store's language.
    expect(String(message)).toBe("Thử lại sau 42 giây.");
    expect(JSON.stringify({ message })).toBe('{"message":"Thử lại sau 42 giây."}');
  });

  it("is refused by the typecheck without a language, or with a template beside a text", () => {
    defineMessages({
      // @ts-expect-error: no English
      missing: { code: "x", vi: "Thiếu" },
    });
    defineMessages({
      // @ts-expect-error: the English takes a text where the Vietnamese takes a number
      mismatched: { code: "x", vi: (count: number) => `${count} mục`, en: (name: string) => name },
    });
    defineMessages({
      // @ts-expect-error: a template beside a text
      shape: { code: "x", vi: (count: number) => `${count} mục`, en: "items" },
    });
    // @ts-expect-error: a template is called with its arguments
    SAID.tooMany("soon");
  });
});

describe("a refusal that carries a declared message", () => {
  it("answers the message's code, in the reader's language, as a domain error, a field error or an HTTP error", () => {
    expect(answered(new NotFoundError(MESSAGES.appNotFound), "vi")).toMatchObject({ code: "app_not_found", message: "Không tìm thấy ứng dụng" });
    expect(answered(new NotFoundError(MESSAGES.appNotFound), "en")).toMatchObject({ code: "app_not_found", message: "App not found" });
    expect(answered(new HttpError(404, MESSAGES.fileNotFound), "en")).toMatchObject({ code: "file_not_found", message: "This app has no file to download yet" });
    expect(answered(fieldError("app", MESSAGES.appNotFound), "en")).toMatchObject({ code: "app_not_found", message: "App not found", errors: { app: ["App not found"] } });
    const limited = refusalAnswer(new RateLimitedError(MESSAGES.tooManyRequests, 30), request("en"));
    expect(limited).toMatchObject({ status: 429, headers: { "Retry-After": "30" }, body: { code: "rate_limited", message: "Too many requests. Please try again later." } });
  });

  it("keeps its code and its English when its Vietnamese is reworded", () => {
    // The same declaration, its Vietnamese written another way: nothing keyed by the old sentence.
    const REWORDED = defineMessages({
      appNotFound: { code: MESSAGES.appNotFound.code, vi: "Ứng dụng này không có trong cửa hàng", en: MESSAGES.appNotFound.in("en") },
      serverErrorWithId: { code: MESSAGES.serverErrorWithId.code, vi: (id: string) => `Máy chủ gặp sự cố (mã ${id}).`, en: (id: string) => MESSAGES.serverErrorWithId(id).in("en") },
    });
    expect(answered(new ConflictError(REWORDED.appNotFound), "en")).toMatchObject({ code: "app_not_found", message: "App not found" });
    expect(answered(new ConflictError(REWORDED.appNotFound), "vi")).toMatchObject({ code: "app_not_found", message: "Ứng dụng này không có trong cửa hàng" });
    expect(answered(new ConflictError(REWORDED.serverErrorWithId("abc-1")), "en")).toMatchObject({
      code: "server_error",
      message: "Something went wrong on our server. Please try again later. Error id: abc-1",
    });
  });

  it("is a different thing from a text: a Vietnamese text nobody declared keeps only its status's code", () => {
    expect(answered(new ConflictError("Ứng dụng này không có trong cửa hàng"), "en")).toMatchObject({ code: "conflict", message: "Ứng dụng này không có trong cửa hàng" });
  });
});

describe("every declared catalogue", () => {
  const modules = import.meta.glob(["../../workers/**/messages.ts", "../../workers/platform/http/api-errors.ts"], { eager: true });
  const declared = Object.entries(modules).flatMap(([file, exports]) =>
    Object.entries(exports as Record<string, unknown>).flatMap(([name, value]) =>
      value !== null && typeof value === "object" && Object.values(value).some((entry) => entry instanceof Message || typeof (entry as { spec?: unknown }).spec === "object")
        ? Object.entries(value as Record<string, { spec: { code: string; vi: unknown; en: unknown } }>).map(([key, entry]) => ({ name: `${file} ${name}.${key}`, spec: entry.spec }))
        : [],
    ),
  );

  it("gives each message a snake_case code, and English without Vietnamese letters", () => {
    expect(declared.length).toBeGreaterThan(70);
    const wrong = declared.filter(({ spec }) => !/^[a-z][a-z0-9_]*$/.test(spec.code) || (typeof spec.en === "string" && (!spec.en.trim() || hasVietnameseLetters(spec.en))) || typeof spec.en !== typeof spec.vi);
    expect(wrong.map(({ name }) => name)).toEqual([]);
  });
});

describe("licensing's declared messages", () => {
  it("keep their code and English when the Vietnamese is reworded", () => {
    const reworded = new Message({ ...KEY_ADMIN_MESSAGES.keyNotFound.spec, vi: "Không có key này trong kho" });
    expect(answered(new NotFoundError(reworded), "en")).toMatchObject({ code: "key_not_found", message: "This key does not exist" });
    expect(answered(new NotFoundError(reworded), "vi")).toMatchObject({ code: "key_not_found", message: "Không có key này trong kho" });

    // A template whose argument is itself a message: both said in the reader's language.
    const wait = KEY_DEVICE_MESSAGES.waitHoursMinutes(1, 1);
    const tooSoon = new Message({ ...KEY_DEVICE_MESSAGES.tooSoon.spec, vi: (hours: number, left: string) => `Đợi thêm ${left} (mỗi ${hours} giờ một lần).` }, [24, wait]);
    expect(answered(new RateLimitedError(tooSoon, 3660), "en")).toMatchObject({
      code: "rate_limited",
      message: "A key can change device once every 24 hours. Please try again in 1 hour 1 minute.",
    });
    expect(answered(new RateLimitedError(tooSoon, 3660), "vi").message).toBe("Đợi thêm 1 giờ 1 phút (mỗi 24 giờ một lần).");

    // A refused import line's reason and line numbers, reworded inside the refusal that names them.
    const lines = new Message({ ...KEY_ADMIN_MESSAGES.lineNumbers.spec, vi: (numbers: readonly number[]) => `các dòng ${numbers.join(", ")}` }, [[3, 7], false]);
    const refusal = KEY_ADMIN_MESSAGES.outsideAlphabet(2, lines, KEY_ADMIN_MESSAGES.invisibleReason, "");
    expect(answered(new ValidationError(refusal, { keys_text: [KEY_ADMIN_MESSAGES.invisibleLine(3)] }), "en")).toMatchObject({
      code: "keys_outside_alphabet",
      message: expect.stringMatching(/^2 keys have characters outside the store's alphabet \(line 3, line 7; for example the key is only hidden characters\)/),
      errors: { keys_text: ["Line 3: the key is only hidden characters"] },
    });
  });
});
