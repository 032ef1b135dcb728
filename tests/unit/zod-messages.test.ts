// The Vietnamese fallback for zod checks a schema gives no words to (workers/shared/zod-messages.ts).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { saidOfIssue, textOf } from "../../workers/shared/message";
import { zodIssue as vietnameseIssue } from "../../workers/shared/zod-messages";

/** An issue's message as the validator reads it (a declared message travels as its token), in Vietnamese. */
const vietnamese = (message: string | undefined) => (message === undefined ? undefined : textOf(saidOfIssue(message), "vi"));

function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value, { error: vietnameseIssue });
  return result.success ? undefined : vietnamese(result.error.issues[0]?.message);
}

describe("zod's fallback messages", () => {
  it("says what is wrong in Vietnamese, in the store's words", () => {
    expect(firstMessage(z.string().max(3), "abcd")).toBe("Tối đa 3 ký tự");
    expect(firstMessage(z.string().min(8), "abc")).toBe("Tối thiểu 8 ký tự");
    expect(firstMessage(z.string().min(1), "")).toBe("Vui lòng nhập trường này");
    expect(firstMessage(z.object({ name: z.string() }), {})).toBe("Vui lòng nhập trường này");
    expect(firstMessage(z.number().max(1_000_000), 2_000_000)).toBe("Tối đa 1.000.000");
    expect(firstMessage(z.number().int().positive(), 0)).toBe("Phải lớn hơn 0");
    expect(firstMessage(z.array(z.number()).max(2), [1, 2, 3])).toBe("Tối đa 2 mục");
    expect(firstMessage(z.enum(["VND", "USD"]), "EUR")).toBe("Chỉ nhận: VND, USD");
    expect(firstMessage(z.email(), "not-an-address")).toBe("Email không hợp lệ");
    expect(firstMessage(z.number(), "abc")).toBe("Giá trị không hợp lệ");
  });

  it("answers a too-long value as too long, not as missing, where the schema names only the missing case", async () => {
    const { registerSchema } = await import("../../workers/accounts/schemas/auth");
    const tooLongName = registerSchema.safeParse({ username: "ten_dai", email: "a@b.vn", first_name: "x".repeat(51), last_name: "Lê", password: "mat-khau-123", password_confirm: "mat-khau-123" }, { error: vietnameseIssue });
    expect(vietnamese(tooLongName.error?.issues.find((issue) => issue.path[0] === "first_name")?.message)).toBe("Tối đa 50 ký tự");
  });

  it("never replaces a schema's own message", () => {
    expect(firstMessage(z.string().max(3, "Tên quá dài"), "abcd")).toBe("Tên quá dài");
    expect(firstMessage(z.number({ error: "Vui lòng nhập số tiền" }), undefined)).toBe("Vui lòng nhập số tiền");
  });
});
