// The API's English beside its Vietnamese (docs/decisions/0044-messages-by-code.md and 0068): every
// text the server can say is declared once with its code and both languages (defineMessages), and
// nothing turns a Vietnamese text into English. Held here: every declared catalogue speaks both
// languages (a template with its arguments, numbers in English form), one Vietnamese text has one
// English wherever it is declared, and no Vietnamese text is written in workers/ outside a
// declaration (the source scan: a schema, a rule or a route says a Message, never a sentence).
// The Worker's answers themselves are held in tests/integration/attacks/bad-input.test.ts and
// english.test.ts; a reworded message keeping its code and English in tests/unit/messages.test.ts.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES, USER_ADMIN_MESSAGES } from "../../workers/accounts/messages";
import { APP_ADMIN_MESSAGES, UPLOAD_MESSAGES } from "../../workers/catalogue/messages";
import { PACKAGE_MESSAGES } from "../../workers/lib/packages/messages";
import { APP_PAUSE_MESSAGES, BUYER_MAIL_MESSAGES, KEY_ADMIN_MESSAGES, KEY_BULK_MESSAGES, KEY_CHECK_MESSAGES, KEY_DEVICE_MESSAGES, PAUSE_MAIL_MESSAGES, TRIAL_MESSAGES } from "../../workers/licensing/messages";
import { CARD_MESSAGES, CARD_REFUSALS, CRYPTO_HISTORY_MESSAGES, CRYPTO_MESSAGES, LEDGER_MESSAGES, PACKAGE_MANAGER_MESSAGES, PROMOTION_MESSAGES, REVIEW_MESSAGES, TOPUP_HISTORY_MESSAGES, WALLET_MESSAGES } from "../../workers/money/messages";
import { EXPORT_MESSAGES, WALLET_NOTICES } from "../../workers/owner/messages";
import { MESSAGES } from "../../workers/platform/http/api-errors";
import { APP_FORM_MESSAGES, FILE_MESSAGES } from "../../workers/shared/app-form";
import { dateTime, vnd } from "../../workers/shared/english/format";
import { FIELD_MESSAGES } from "../../workers/shared/fields";
import { hasVietnameseLetters, langOfAcceptLanguage } from "../../workers/shared/lang";
import { Message, type MessageSpec } from "../../workers/shared/message";
import { TOPUP_MESSAGES } from "../../workers/shared/money/messages";
import { ZOD_MESSAGES } from "../../workers/shared/zod-messages";

const root = join(import.meta.dirname, "..", "..");
const CODE = /^[a-z][a-z0-9_]*$/;
const LONG = 7_919_123;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith(".ts") ? [path] : [];
  });
}

/** workers/ files (relative to the root) that declare messages. */
const DECLARING = sourceFiles(join(root, "workers"))
  .map((path) => relative(root, path).replaceAll("\\", "/"))
  .filter((file) => file !== "workers/shared/message.ts" && readFileSync(join(root, file), "utf8").includes("defineMessages("));

// Every module that declares messages, and the modules of the pages' Vietnamese twins of declared texts.
const modules = import.meta.glob(
  ["../../workers/**/messages.ts", "../../workers/shared/{error-messages,error-texts,zod-messages,app-form,fields,catalogue/app-form-fields,licensing/key-changes}.ts", "../../workers/shared/money/{pricing,topup,promotion-form}.ts", "../../workers/platform/http/api-errors.ts"],
  { eager: true },
);
const fileOf = (key: string) => key.replace(/^(\.\.\/)+/, "");

type Entry = { name: string; spec: MessageSpec; template?: (...args: never[]) => Message };
const isDeclared = (value: unknown): value is Message | { spec: MessageSpec } => value instanceof Message || (typeof value === "function" && typeof (value as { spec?: unknown }).spec === "object");

/** Each exported catalogue's messages (a catalogue spread into another is walked again: the same specs). */
const declared: Entry[] = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports as Record<string, unknown>).flatMap(([name, value]) =>
    value !== null && typeof value === "object" && !Array.isArray(value) && Object.values(value).some(isDeclared)
      ? Object.entries(value as Record<string, unknown>)
          .filter(([, entry]) => isDeclared(entry))
          .map(([key, entry]) => ({
            name: `${fileOf(file)} ${name}.${key}`,
            spec: (entry as { spec: MessageSpec }).spec,
            template: typeof entry === "function" ? (entry as (...args: never[]) => Message) : undefined,
          }))
      : [],
  ),
);
const specs = new Set(declared.map(({ spec }) => spec));

/**
 * Arguments each template is rendered with here, one set per form it takes. A template's argument
 * that is itself a message is a Message (said in the same language); names and values are as a
 * buyer or an admin would send them.
 */
const lines = KEY_ADMIN_MESSAGES.lineNumbers([3, 7], false);
const SAMPLES = new Map<unknown, readonly (readonly unknown[])[]>([
  [MESSAGES.serverErrorWithId, [["3f1c9a7e-0b2d-4c55-9e61-2a7d8f0c4b19"]]],
  [AUTH_MESSAGES.tooMany, [[LONG]]],
  [USER_ADMIN_MESSAGES.endAllUnconfirmed, [["END ALL SESSIONS"]]],
  [ZOD_MESSAGES.tooLong, [[LONG]]],
  [ZOD_MESSAGES.tooShort, [[LONG]]],
  [ZOD_MESSAGES.tooMany, [[LONG]]],
  [ZOD_MESSAGES.tooFew, [[LONG]]],
  [ZOD_MESSAGES.below, [[LONG]]],
  [ZOD_MESSAGES.above, [[LONG]]],
  [ZOD_MESSAGES.atMost, [[LONG]]],
  [ZOD_MESSAGES.atLeast, [[LONG]]],
  [ZOD_MESSAGES.oneOf, [["VND, USD"]]],
  [FIELD_MESSAGES.pageSizeRange, [[LONG]]],
  [APP_FORM_MESSAGES.tooLong, [[LONG]]],
  [APP_FORM_MESSAGES.updateFailed, [[], [MESSAGES.appNotFound]]],
  [FILE_MESSAGES.appFileForType, [[".ipa, .deb"]]],
  [FILE_MESSAGES.tooBig, [[FILE_MESSAGES.ipa, "500MB"]]],
  [FILE_MESSAGES.notWhatItClaims, [["anh.png"]]],
  [FILE_MESSAGES.badPackage, [["IPA", PACKAGE_MESSAGES.because(PACKAGE_MESSAGES.notIpa, PACKAGE_MESSAGES.zipDirectoryDamaged)]]],
  [UPLOAD_MESSAGES.badPartSize, [[LONG]]],
  [UPLOAD_MESSAGES.missingParts, [[[1, 2, 3]], [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]]]],
  [PACKAGE_MESSAGES.controlFormat, [["control.tar.bz2"]]],
  [PACKAGE_MESSAGES.memberTooLarge, [["control.tar.xz"]]],
  [PACKAGE_MESSAGES.encrypted, [["Payload/A.app/Info.plist"]]],
  [PACKAGE_MESSAGES.entryTooLarge, [["Payload/A.app/Info.plist"]]],
  [PACKAGE_MESSAGES.compression, [["Payload/A.app/Info.plist", 12]]],
  [PACKAGE_MESSAGES.because, [[PACKAGE_MESSAGES.notIpa, PACKAGE_MESSAGES.zipDirectoryDamaged]]],
  [PACKAGE_MESSAGES.cutShort, [["mvhd"]]],
  [PACKAGE_MESSAGES.shortRead, [["mvhd"]]],
  [PACKAGE_MESSAGES.tooLargeUnpacked, [["control.tar.gz", 16]]],
  [PACKAGE_MESSAGES.cannotDecompress, [["control.tar.gz"]]],
  [PACKAGE_MESSAGES.cannotDecompressBecause, [["control.tar.xz", PACKAGE_MESSAGES.zipDirectoryDamaged]]],
  [PACKAGE_MESSAGES.xzCheck, [["control.tar.xz", "0x4"]]],
  [PACKAGE_MESSAGES.xzFilter, [["control.tar.xz", "BCJ x86"]]],
  [PACKAGE_MESSAGES.wrongSize, [["Payload/A.app/Info.plist"]]],
  [PACKAGE_MESSAGES.entryHeaderDamaged, [["Payload/A.app/Info.plist"]]],
  [PACKAGE_MESSAGES.wrongCrc, [["Payload/A.app/Info.plist"]]],
  [APP_ADMIN_MESSAGES.tooManyMedia, [[LONG]]],
  [APP_ADMIN_MESSAGES.badIpa, [[PACKAGE_MESSAGES.notIpa]]],
  [KEY_ADMIN_MESSAGES.pricingExists, [["VIP 30"]]],
  [KEY_ADMIN_MESSAGES.extended, [[LONG]]],
  [KEY_ADMIN_MESSAGES.tooManyLines, [[LONG]]],
  [KEY_ADMIN_MESSAGES.caseTwinsInText, [[LONG, ["ABC-1", "abc-1"]]]],
  [KEY_ADMIN_MESSAGES.caseTwinsInStock, [[LONG, ["ABC-1", "abc-1"]]]],
  [
    KEY_ADMIN_MESSAGES.outsideAlphabet,
    [
      [LONG, lines, KEY_ADMIN_MESSAGES.foreignReason("ABC‐1", "U+2010"), ""],
      [LONG, lines, KEY_ADMIN_MESSAGES.invisibleReason, "Ω"],
    ],
  ],
  [KEY_ADMIN_MESSAGES.foreignLine, [[LONG, "ABC‐1", "U+2010"]]],
  [KEY_ADMIN_MESSAGES.foreignReason, [["ABC‐1", "U+2010"]]],
  [KEY_ADMIN_MESSAGES.invisibleLine, [[LONG]]],
  [KEY_ADMIN_MESSAGES.lookAlikesInStock, [[LONG, lines, KEY_ADMIN_MESSAGES.lookAlikeReason("KEY-Α", "KEY-A")]]],
  [KEY_ADMIN_MESSAGES.lookAlikeLine, [[LONG, "KEY-Α", "KEY-A"]]],
  [KEY_ADMIN_MESSAGES.lookAlikeReason, [["KEY-Α", "KEY-A"]]],
  [
    KEY_ADMIN_MESSAGES.lineNumbers,
    [
      [[3, 7], false],
      [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], true],
    ],
  ],
  [KEY_ADMIN_MESSAGES.moreLines, [[LONG]]],
  [KEY_ADMIN_MESSAGES.duplicatesRefused, [[LONG]]],
  [KEY_ADMIN_MESSAGES.keysDeleted, [[LONG]]],
  [KEY_ADMIN_MESSAGES.keysCleared, [[LONG]]],
  [KEY_ADMIN_MESSAGES.batchName, [["2026-12-02 14:55"]]],
  [KEY_DEVICE_MESSAGES.tooSoon, [[24, KEY_DEVICE_MESSAGES.waitHoursMinutes(3, 5)]]],
  [KEY_DEVICE_MESSAGES.waitHours, [[LONG]]],
  [KEY_DEVICE_MESSAGES.waitMinutes, [[LONG]]],
  [KEY_DEVICE_MESSAGES.waitHoursMinutes, [[LONG, 59]]],
  [KEY_CHECK_MESSAGES.activeUntil, [["2026-11-25T07:05:09Z"]]],
  [KEY_CHECK_MESSAGES.device_banned, [["Key sharing"]]],
  [KEY_CHECK_MESSAGES.ip_banned, [["Key sharing"]]],
  [KEY_CHECK_MESSAGES.tooMany, [[LONG]]],
  [KEY_CHECK_MESSAGES.paused, [["Bảo trì", "MAINTENANCE"]]],
  [APP_PAUSE_MESSAGES.resumed, [[LONG]]],
  [APP_PAUSE_MESSAGES.reasonTooLong, [[LONG]]],
  [PAUSE_MAIL_MESSAGES.pausedSubject, [["iGameHub", "LQ Mod"]]],
  [PAUSE_MAIL_MESSAGES.paused, [["LQ Mod", "MAINTENANCE"]]],
  [PAUSE_MAIL_MESSAGES.resumedSubject, [["iGameHub", "LQ Mod"]]],
  [PAUSE_MAIL_MESSAGES.resumed, [["LQ Mod"]]],
  [BUYER_MAIL_MESSAGES.greeting, [["khach_hang"]]],
  [BUYER_MAIL_MESSAGES.expirySubject, [["iGameHub", "LQ Mod"]]],
  [BUYER_MAIL_MESSAGES.expires, [["LQ Mod", "…ABCD", new Date("2026-11-25T07:05:09Z")]]],
  [BUYER_MAIL_MESSAGES.buyAgainToKeepUsing, [["Buy a new key"]]],
  [BUYER_MAIL_MESSAGES.updateSubject, [["LQ Mod", "2.0.1"]]],
  [BUYER_MAIL_MESSAGES.newVersion, [["LQ Mod", "2.0.1"]]],
  [BUYER_MAIL_MESSAGES.boughtAt, [["iGameHub"]]],
  [KEY_BULK_MESSAGES.previewed, [[LONG]]],
  [KEY_BULK_MESSAGES.applied, [[LONG]]],
  [KEY_BULK_MESSAGES.tooMany, [[LONG]]],
  [TOPUP_MESSAGES.minimum, [[LONG]]],
  [TOPUP_MESSAGES.maximum, [[LONG]]],
  [TOPUP_MESSAGES.step, [[LONG]]],
  [TOPUP_MESSAGES.failed, [[CARD_REFUSALS.invalid_card]]],
  [TRIAL_MESSAGES.tooMany, [[LONG]]],
  [PROMOTION_MESSAGES.limitBelowUsed, [[LONG]]],
  [CARD_MESSAGES.tooMany, [[LONG]]],
  [REVIEW_MESSAGES.sameTransferCredited, [[LONG]]],
  [REVIEW_MESSAGES.credited, [[LONG, "khach_hang"]]],
  [WALLET_MESSAGES.insufficient, [[LONG, 1_234_567]]],
  [WALLET_MESSAGES.wouldGoNegative, [[LONG]]],
  [WALLET_MESSAGES.appPaused, [["MAINTENANCE"]]],
  [TOPUP_HISTORY_MESSAGES.cardFee, [[LONG, 22]]],
  [TOPUP_HISTORY_MESSAGES.wrongValue, [[LONG, 1_234_567, 22, 345_678]]],
  [TOPUP_HISTORY_MESSAGES.refused, [[CARD_REFUSALS.invalid_card]]],
  [TOPUP_HISTORY_MESSAGES.lateTransfer, [["IGHABCDEFGH"]]],
  [TOPUP_HISTORY_MESSAGES.creditedByShop, [["NOTE"]]],
  [TOPUP_HISTORY_MESSAGES.dismissedByShop, [["NOTE"]]],
  [CRYPTO_MESSAGES.amount, [[2, 1_000]]],
  [CRYPTO_MESSAGES.inDebt, [[LONG]]],
  [CRYPTO_MESSAGES.credited, [[LONG]]],
  [CRYPTO_HISTORY_MESSAGES.gateway, [["confirming"]]],
  [WALLET_NOTICES.deposit, [[LONG]]],
  [WALLET_NOTICES.refund, [[LONG]]],
  [WALLET_NOTICES.channel, [["VietQR"]]],
  [WALLET_NOTICES.code, [["IGHABCDEFGH"]]],
  [WALLET_NOTICES.payment, [["5077125051"]]],
  [WALLET_NOTICES.inDebt, [[LONG]]],
  [WALLET_NOTICES.soldOut, [["LQ Mod – VIP"]]],
  [WALLET_NOTICES.lowStock, [["LQ Mod – VIP"]]],
  [PACKAGE_MANAGER_MESSAGES.priceFrom, [["20.000\u00a0₫"]]],
  [EXPORT_MESSAGES.tooManyRows, [[LONG]]],
  [LEDGER_MESSAGES.vietqr, [["IGHABCDEFGH"]]],
  [LEDGER_MESSAGES.card, [["VIETTEL", 100_000, "4321", 20, 80_000], ["MOBIFONE", 50_000, "9999", null, 40_000], ["VINAPHONE", 100_000, "1234", 20, 90_000]]],
  [LEDGER_MESSAGES.cardWrongValue, [["VIETTEL", 100_000, "9999", 50_000, 20, 20_000]]],
  [LEDGER_MESSAGES.transferByHand, [["NOTE"], [""]]],
  [LEDGER_MESSAGES.cardByHand, [["NOTE"], [""]]],
  [LEDGER_MESSAGES.purchase, [["7 days", "LQ Mod", "7days"], ["VIP", "LQ Mod", null]]],
  [LEDGER_MESSAGES.bonus, [["BONUS20"]]],
  [LEDGER_MESSAGES.adjustment, [["NOTE"], [""]]],
  [LEDGER_MESSAGES.crypto, [[1_234, null, "5077125051"], [1_234, "rest", "5077125051"], [1_234, "partial", "5077125051"]]],
  [LEDGER_MESSAGES.cryptoByHand, [["5077125051", "NOTE"], ["5077125051", ""]]],
  [LEDGER_MESSAGES.cryptoRefund, [["5077125051", LONG, 0], ["5077125051", LONG, 345_678]]],
  [LEDGER_MESSAGES.debtRepaid, [[LONG]]],
]);

/** What a template's output must never show: a value it could not write, or a token's mark (workers/shared/message.ts). */
const LEAKED = /undefined|null|NaN|\[object|\uE000/;

/** Each template's output on its samples, in both languages. */
const rendered = declared.flatMap(({ name, template }) =>
  template ? (SAMPLES.get(template) ?? []).map((args) => ({ name, message: (template as (...args: unknown[]) => Message)(...args) })) : [],
);

describe("every declared catalogue", () => {
  it("is walked: every module of workers/ that declares messages is among the modules read here", () => {
    const walked = new Set(Object.keys(modules).map(fileOf));
    expect(DECLARING.filter((file) => !walked.has(file))).toEqual([]);
    expect(DECLARING.length).toBeGreaterThan(10);
  });

  it("gives each message a snake_case code and both languages, the English without Vietnamese letters", () => {
    const wrong = declared.filter(({ spec }) => !CODE.test(spec.code) || typeof spec.en !== typeof spec.vi || (typeof spec.en === "string" && (!spec.en.trim() || hasVietnameseLetters(spec.en) || !(spec.vi as string).trim())));
    expect(wrong.map(({ name }) => name)).toEqual([]);
    expect(specs.size).toBeGreaterThan(300);
  });

  it("gives one Vietnamese text one English, wherever it is declared again", () => {
    const first = new Map<string, { name: string; english: string }>();
    const disagree: string[] = [];
    for (const { name, spec } of declared) {
      if (typeof spec.vi !== "string") continue;
      const seen = first.get(spec.vi);
      if (seen === undefined) first.set(spec.vi, { name, english: spec.en as string });
      else if (seen.english !== spec.en) disagree.push(`${name}: "${spec.en}" ≠ ${seen.name}: "${seen.english}"`);
    }
    expect(disagree).toEqual([]);
  });

  it("renders every template in both languages with its arguments: English without Vietnamese letters, nothing leaked", () => {
    const templates = declared.filter(({ template }) => template !== undefined);
    expect(templates.filter(({ template }) => !SAMPLES.has(template)).map(({ name }) => `${name} (no samples here)`)).toEqual([]);
    const wrong = rendered.filter(({ message }) => hasVietnameseLetters(message.in("en")) || LEAKED.test(message.in("en")) || LEAKED.test(message.in("vi")) || !message.in("vi").trim());
    expect(wrong.map(({ name, message }) => `${name}: ${message.in("en")} / ${message.in("vi")}`)).toEqual([]);
    expect(rendered.length).toBeGreaterThan(100);
  });

  it("writes numbers, amounts and times in the English form", () => {
    expect(ZOD_MESSAGES.tooLong(1000).in("en")).toBe("At most 1,000 characters");
    expect(ZOD_MESSAGES.tooLong(1000).code).toBe("too_long");
    expect(ZOD_MESSAGES.atMost(1000).in("en")).toBe("At most 1,000");
    const short = WALLET_MESSAGES.insufficient(120_000, 5000);
    expect([short.code, short.in("en")]).toEqual(["insufficient_balance", `Insufficient balance. You need ${vnd(120_000)} and your balance is ${vnd(5000)}. Please top up your wallet.`]);
    expect(short.in("vi")).toBe("Số dư không đủ. Cần 120.000\u00a0₫, số dư hiện tại 5.000\u00a0₫. Vui lòng nạp thêm tiền vào ví.");
    expect(TOPUP_MESSAGES.minimum(10_000).in("en")).toBe("The minimum amount is 10,000\u00a0₫");
    expect(KEY_DEVICE_MESSAGES.tooSoon(24, KEY_DEVICE_MESSAGES.waitHoursMinutes(1, 1)).in("en")).toBe("A key can change device once every 24 hours. Please try again in 1 hour 1 minute.");
    // A package reader's reason is a Message inside the refusal's Message, said in the same language.
    const reason = PACKAGE_MESSAGES.because(PACKAGE_MESSAGES.notIpa, PACKAGE_MESSAGES.zipDirectoryDamaged);
    expect(FILE_MESSAGES.badPackage("IPA", reason).in("en")).toBe("Invalid IPA file: The file is not a valid IPA (damaged zip directory)");
    const failed = MESSAGES.serverErrorWithId("abc-123");
    expect([failed.code, failed.in("en")]).toEqual(["server_error", "Something went wrong on our server. Please try again later. Error id: abc-123"]);
  });
});

describe("every words module", () => {
  it("holds its words as declared catalogues: an exported Vietnamese text is a declared one, a dictionary of sentences is declared", () => {
    const vietnamese = new Set(declared.flatMap(({ spec }) => (typeof spec.vi === "string" ? [spec.vi] : [])));
    const undeclared: string[] = [];
    for (const [file, exports] of Object.entries(modules)) {
      for (const [name, value] of Object.entries(exports as Record<string, unknown>)) {
        // The heading the screens put above field errors is a page's word (its English is app/i18n/en/forms.ts), as FIELD_LABELS below are.
        if (typeof value === "string" && hasVietnameseLetters(value) && !vietnamese.has(value) && name !== "VALIDATION_HEADING") undeclared.push(`${fileOf(file)} ${name}`);
        if (typeof value !== "object" || value === null || Array.isArray(value)) continue;
        const members = Object.values(value);
        const words = members.some((member) => typeof member === "function" || (typeof member === "string" && hasVietnameseLetters(member)));
        // Labels (FIELD_LABELS) are a screen's, not a message: no function, and not every member a
        // sentence. So are the purchase box's option states (PRICING_STATE_WORDS), whose English
        // twin is the pages' (app/i18n/en/catalogue/purchase.ts).
        if (words && !members.every(isDeclared) && members.every((member) => typeof member === "string" || typeof member === "function") && name !== "FIELD_LABELS" && name !== "PRICING_STATE_WORDS") {
          undeclared.push(`${fileOf(file)} ${name} (a dictionary, not declared with defineMessages)`);
        }
      }
    }
    expect(undeclared).toEqual([]);
  });
});

// ---------------------------------------------------------------- the source scan

/**
 * Files whose Vietnamese never reaches an API answer: the owner's Telegram notices, the mails'
 * layout, CSV headers, ledger descriptions, audit labels, configuration errors for the operator,
 * the feeds, the development outbox and the unavailable page.
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
  // The labels and the heading the screens put above field errors (re-exported by error-messages.ts); its messages are held by the module walk above.
  "workers/shared/refusals/words.ts",
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

/**
 * Where a Vietnamese text may stand outside a defineMessages call: the modules that declare
 * messages (a text or a template a declaration takes) and the pages' Vietnamese twins of declared
 * messages (error-texts.ts, the 402's words in pricing.ts). Each such text must be a declared one.
 */
const WORDS_FILES = new Set([...DECLARING, "workers/shared/error-texts.ts", "workers/shared/money/pricing.ts"]);

type Found = { file: string; line: number; text: string; template: boolean; declaration: boolean };

/** Every string and template literal in workers/ with a Vietnamese letter in its own text. */
function vietnameseLiterals(): Found[] {
  const found: Found[] = [];
  for (const path of sourceFiles(join(root, "workers"))) {
    const file = relative(root, path).replaceAll("\\", "/");
    if (NOT_ANSWERS.has(file)) continue;
    const source = ts.createSourceFile(file, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
    const inDeclaration = (node: ts.Node): boolean => {
      for (let up = node.parent; up; up = up.parent) if (ts.isCallExpression(up) && up.expression.getText(source) === "defineMessages") return true;
      return false;
    };
    const visit = (node: ts.Node) => {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && hasVietnameseLetters(node.text)) found.push({ file, line, text: node.text, template: false, declaration: inDeclaration(node) });
      if (ts.isTemplateExpression(node)) {
        const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
        if (parts.some(hasVietnameseLetters)) found.push({ file, line, text: parts.join("{}"), template: true, declaration: inDeclaration(node) });
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
  const said = [...declared.flatMap(({ spec }) => (typeof spec.vi === "string" ? [spec.vi] : [])), ...rendered.map(({ message }) => message.in("vi"))];

  it("is declared: written in a declaration, or in a words module as the text of a declared message", () => {
    const escapeRegex = (text: string) => text.replace(/[.*+?^$(){}|[\]\\]/g, "\\$&");
    const isDeclaredText = ({ text, template }: Found) => {
      if (!template) return said.includes(text);
      // A template in the middle of a message (a list of lines, a reason) is matched inside one.
      const within = new RegExp(text.split("{}").map(escapeRegex).join("[\\s\\S]*"));
      return said.some((output) => within.test(output));
    };
    const outside = literals.filter((found) => !found.declaration && (!WORDS_FILES.has(found.file) || !isDeclaredText(found)));
    expect(outside.map(({ file, line, text }) => `${file}:${line} ${JSON.stringify(text)}`)).toEqual([]);
    expect(literals.length).toBeGreaterThan(200);
  });

  it("reaches zod as a message's token, never as a declared message's text in one language", () => {
    // A schema that gave zod MESSAGE.in("vi") would answer that Vietnamese to an English reader.
    const schemas = sourceFiles(join(root, "workers"))
      .map((path) => relative(root, path).replaceAll("\\", "/"))
      .filter((file) => file.includes("/schemas/") || file === "workers/shared/fields.ts" || file === "workers/shared/zod-messages.ts");
    const said = schemas.flatMap((file) => readFileSync(join(root, file), "utf8").split("\n").flatMap((text, index) => (/\.in\("(vi|en)"\)/.test(text) ? [`${file}:${index + 1}`] : [])));
    expect(said).toEqual([]);
    expect(schemas.length).toBeGreaterThan(20);
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
