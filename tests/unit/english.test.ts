// The API's English beside its Vietnamese (docs/decisions/0041-english-beside-vietnamese-api.md):
// every Vietnamese text the server can say has English and, where it is a refusal's message, a code.
// A text is caught without English wherever it is written: in a dictionary (tsc refuses a twin
// missing a key; the walk below refuses a dictionary nobody registered), as a template (its probes
// and samples must come back as English), or as a one-off literal anywhere in workers/ (the source
// scan refuses one that neither a dictionary nor workers/i18n/en/phrases.ts knows). The Worker's
// answers themselves are held in tests/integration/attacks/bad-input.test.ts and english.test.ts.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { hasVietnameseLetters } from "../../workers/shared/lang";
import { phrasebook } from "../../workers/i18n/registry";
import { PACKAGE_MESSAGES } from "../../workers/lib/packages/messages";
import { FILE_MESSAGES } from "../../workers/shared/app-form";
import { dateTime, vnd } from "../../workers/shared/english/format";
import { langOfAcceptLanguage } from "../../workers/shared/lang";

const root = join(import.meta.dirname, "..", "..");
const PHRASEBOOK = phrasebook();
const CODE = /^[a-z][a-z0-9_]*$/;

describe("the phrasebook", () => {
  it("has English without Vietnamese letters for every registered text, and a snake_case code where it names one", () => {
    const wrong = PHRASEBOOK.entries.filter(({ known }) => !known.english.trim() || hasVietnameseLetters(known.english) || (known.code !== null && !CODE.test(known.code)));
    expect(wrong.map(({ name }) => name)).toEqual([]);
    expect(PHRASEBOOK.entries.length).toBeGreaterThan(300);
  });

  it("gives one text one English, wherever it is registered again", () => {
    const first = new Map<string, string>();
    const disagree: string[] = [];
    for (const { name, vietnamese, known } of PHRASEBOOK.entries) {
      const seen = first.get(vietnamese);
      if (seen === undefined) first.set(vietnamese, known.english);
      else if (seen !== known.english) disagree.push(`${name}: "${known.english}" ≠ "${seen}"`);
    }
    expect(disagree).toEqual([]);
  });

  it("reads every template's output back into English, numbers in English form", () => {
    const wrong = PHRASEBOOK.samples.filter(({ vietnamese }) => {
      const known = PHRASEBOOK.lookUp(vietnamese);
      return known === null || hasVietnameseLetters(known.english);
    });
    expect(wrong).toEqual([]);
    expect(PHRASEBOOK.samples.length).toBeGreaterThan(60);
    expect(PHRASEBOOK.lookUp("Tối đa 1.000 ký tự")).toEqual({ code: "too_long", english: "At most 1,000 characters" });
    expect(PHRASEBOOK.lookUp("Tối đa 1.000")?.english).toBe("At most 1,000");
    expect(PHRASEBOOK.lookUp("Số dư không đủ. Cần 120.000\u00a0₫, số dư hiện tại 5.000\u00a0₫. Vui lòng nạp thêm tiền vào ví.")).toEqual({
      code: "insufficient_balance",
      english: `Insufficient balance. You need ${vnd(120_000)} and your balance is ${vnd(5000)}. Please top up your wallet.`,
    });
    expect(PHRASEBOOK.lookUp("Số tiền tối thiểu là 10.000\u00a0₫")?.english).toBe("The minimum amount is 10,000\u00a0₫");
    expect(PHRASEBOOK.lookUp("Mỗi key chỉ được đổi thiết bị một lần trong 24 giờ. Vui lòng thử lại sau 1 giờ 1 phút.")?.english).toBe(
      "A key can change device once every 24 hours. Please try again in 1 hour 1 minute.",
    );
    // A package reader's reason is a Message inside the refusal's Message (issue 51: no text is looked up), said in the same language.
    const reason = PACKAGE_MESSAGES.because(PACKAGE_MESSAGES.notIpa, PACKAGE_MESSAGES.zipDirectoryDamaged);
    expect(FILE_MESSAGES.badPackage("IPA", reason).in("en")).toBe("Invalid IPA file: The file is not a valid IPA (damaged zip directory)");
    expect(PHRASEBOOK.lookUp("Có lỗi xảy ra ở máy chủ. Vui lòng thử lại sau. Mã lỗi: abc-123")).toEqual({
      code: "server_error",
      english: "Something went wrong on our server. Please try again later. Error id: abc-123",
    });
  });

  it("knows nothing it was not told: a text no entry has is no English", () => {
    expect(PHRASEBOOK.lookUp("Một câu chưa ai dịch")).toBeNull();
    // A bracketed reason is English only when both parts are known.
    expect(PHRASEBOOK.lookUp("Tệp không phải IPA hợp lệ (một lý do mới)")).toBeNull();
  });
});

describe("every message module", () => {
  const modules = import.meta.glob(["../../workers/**/messages.ts", "../../workers/shared/{error-messages,error-texts,zod-messages,app-form,fields}.ts", "../../workers/shared/money/{pricing,topup}.ts", "../../workers/platform/{errors,http/api-errors}.ts"], { eager: true });

  it("registers each of its dictionaries, and each of its own texts is known", () => {
    const unknown: string[] = [];
    for (const [file, exports] of Object.entries(modules)) {
      for (const [name, value] of Object.entries(exports as Record<string, unknown>)) {
        if (typeof value === "string" && hasVietnameseLetters(value) && PHRASEBOOK.lookUp(value) === null) unknown.push(`${file} ${name}`);
        if (typeof value !== "object" || value === null || Array.isArray(value)) continue;
        const members = Object.values(value);
        const words = members.some((member) => typeof member === "function" || (typeof member === "string" && hasVietnameseLetters(member)));
        // Labels (FIELD_LABELS) are a screen's, not a message: no function, and not every member a
        // sentence. So are the purchase box's option states (PRICING_STATE_WORDS), whose English
        // twin is the pages' (app/i18n/en/catalogue/purchase.ts).
        if (words && members.every((member) => typeof member === "string" || typeof member === "function") && !PHRASEBOOK.dictionaries.has(value) && name !== "FIELD_LABELS" && name !== "PRICING_STATE_WORDS") {
          unknown.push(`${file} ${name} (a dictionary workers/i18n/registry.ts does not register)`);
        }
      }
    }
    expect(unknown).toEqual([]);
    expect(Object.keys(modules).length).toBeGreaterThan(10);
  });
});

// ---------------------------------------------------------------- the source scan

/**
 * Files whose Vietnamese never reaches an API refusal: the owner's Telegram notices, the mails
 * (their English is beside them), CSV headers, ledger descriptions, audit labels, configuration
 * errors for the operator, the feeds, the development outbox and the unavailable page.
 */
const NOT_ANSWERS = new Set([
  "workers/platform/config.ts",
  "workers/platform/mailer.ts",
  "workers/platform/dev-outbox.ts",
  "workers/index.ts",
  "workers/owner/notifications.ts",
  "workers/accounts/admin-notices.ts",
  "workers/owner/ops-alarms.ts",
  "workers/owner/ops-watch.ts",
  "workers/db/statements/notifications.ts",
  "workers/catalogue/missing-files.ts",
  "workers/owner/exports.ts",
  "workers/shared/audit-actions.ts",
  "workers/shared/money/money-labels.ts",
  "workers/shared/format.ts",
  "workers/shared/weak-keys.ts",
  "workers/shared/search.ts",
  "workers/money/vietqr-payload.ts",
  "workers/money/wallet/money.ts",
  "workers/catalogue/feeds.ts",
  "workers/catalogue/web-manifest.ts",
  "workers/i18n/en/phrases.ts",
  // The labels and the heading the screens put above field errors; its messages are held by the module walk above.
  "workers/shared/error-messages.ts",
]);

/** Single texts that are no answer, in files that otherwise may answer: the file, and the text with {} for each value. */
const NOT_ANSWER_TEXTS = new Set([
  // The admin bootstrap's configuration error, logged for the operator.
  "workers/accounts/accounts.ts Cấu hình không hợp lệ (invalid configuration): ADMIN_EMAIL: địa chỉ này đã thuộc về một tài khoản không phải quản trị (user id {}); ",
  "workers/accounts/accounts.ts cửa hàng không tự nâng quyền tài khoản đó (refusing to promote an existing account). ",
  "workers/accounts/accounts.ts Hãy đặt ADMIN_EMAIL khác, hoặc để một quản trị viên cấp quyền cho tài khoản đó.",
  // The notes a parked card or a closed one keeps for the admin.
  "workers/money/cards.ts Thẻ {} serial {}, mệnh giá {}: {}",
  "workers/money/cards.ts {}\nCó thể cộng: {}",
  "workers/money/cards.ts cổng thẻ chưa trả lời sau 24 giờ",
  "workers/money/cards.ts cổng thẻ báo thành công sau khi thẻ đã đóng ({})",
  "workers/money/transfer-review.ts Quản trị viên đã đóng thẻ: {}",
  // Why a crypto payment is parked, and the owner's notice of it (Telegram, Vietnamese).
  "workers/money/crypto.ts 🅿️ Thanh toán crypto {} chờ duyệt (đơn #{}): {}\nNgười dùng: {user}\nCó thể cộng: {}",
  "workers/money/crypto.ts giá hóa đơn không khớp ({} {}, đơn {} usd)",
  "workers/money/crypto.ts khoản nạp thêm vào cùng địa chỉ (thanh toán gốc {})",
  "workers/money/crypto.ts thanh toán thứ hai cho cùng hóa đơn (đã có {})",
  "workers/money/crypto.ts tiền đến sau khi đơn đã đóng ({})",
  "workers/money/crypto.ts số tiền cổng trả về không đọc được",
  // A pricing's stock, and a card's estimate, as the screens label them.
  "workers/shared/money/pricing.ts Tạm dừng",
  "workers/shared/money/pricing.ts Hết hàng",
  "workers/shared/money/pricing.ts Sắp hết (còn {})",
  "workers/shared/money/pricing.ts Còn {} key",
  "workers/shared/money/topup.ts {} trừ phí {}% còn {}",
  "workers/shared/money/topup.ts {}, cổng thẻ trừ thêm {} vì khai sai mệnh giá",
  "workers/shared/money/topup.ts {}, cổng thẻ trả thêm {}",
  // The check's "valid until", whose English the check writes itself (KEY_CHECK_MESSAGES.activeUntil).
  "workers/licensing/key-check.ts {} đến {}",
]);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith(".ts") ? [path] : [];
  });
}

type Found = { file: string; line: number; text: string; template: boolean };

/** Every string and template literal in workers/ with a Vietnamese letter in its own text. */
function vietnameseLiterals(): Found[] {
  const found: Found[] = [];
  for (const path of sourceFiles(join(root, "workers"))) {
    const file = relative(root, path).replaceAll("\\", "/");
    if (NOT_ANSWERS.has(file)) continue;
    const source = ts.createSourceFile(file, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && hasVietnameseLetters(node.text)) found.push({ file, line, text: node.text, template: false });
      if (ts.isTemplateExpression(node)) {
        const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
        if (parts.some(hasVietnameseLetters)) found.push({ file, line, text: parts.join("{}"), template: true });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe("every Vietnamese text in workers/", () => {
  // Code page 437, which a zip's names may be written in, is a table of letters, not words.
  const cp437 = (file: string, text: string) => file === "workers/lib/packages/zip.ts" && text.startsWith("ÇüéâäàåçêëèïîìÄÅÉ");
  const literals = vietnameseLiterals().filter(({ file, text }) => !NOT_ANSWER_TEXTS.has(`${file} ${text}`) && !cp437(file, text));
  const shown = [...PHRASEBOOK.entries.map((entry) => entry.vietnamese), ...PHRASEBOOK.samples.map((sample) => sample.vietnamese)];

  it("is known to the phrasebook, as a text or as a template one of its samples was written by", () => {
    const escapeRegex = (text: string) => text.replace(/[.*+?^$(){}|[\]\\]/g, "\\$&");
    const unknown = literals.filter(({ text, template }) => {
      if (!template) return PHRASEBOOK.lookUp(text) === null;
      const shape = new RegExp(`^${text.split("{}").map(escapeRegex).join("[\\s\\S]*")}$`);
      // A template in the middle of a message (a list of lines, a reason) is matched inside one.
      const within = new RegExp(text.split("{}").map(escapeRegex).join("[\\s\\S]*"));
      return !shown.some((said) => shape.test(said) || (within.test(said) && PHRASEBOOK.lookUp(said) !== null));
    });
    expect(unknown.map(({ file, line, text }) => `${file}:${line} ${JSON.stringify(text)}`)).toEqual([]);
    expect(literals.length).toBeGreaterThan(200);
  });
});

describe("the reader's language", () => {
  it("is English only when Accept-Language puts English first", () => {
    expect(["en", "en-US,en;q=0.9", "EN-gb", "vi;q=0.5, en-GB", "fr;q=0.1, en"].map(langOfAcceptLanguage)).toEqual(["en", "en", "en", "en", "en"]);
    expect(["", null, undefined, "vi", "vi-VN,vi;q=0.9,en;q=0.8", "fr, en;q=0.9", "*", "en;q=0, vi", "english", "en;q=abc"].map(langOfAcceptLanguage)).toEqual(
      Array(10).fill("vi"),
    );
  });

  it("writes a time on Vietnam's clock in English", () => {
    expect(dateTime("2026-11-25T07:05:09Z")).toBe("14:05, 25 Nov 2026 (UTC+7)");
  });
});
