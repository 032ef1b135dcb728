// Every Vietnamese dictionary of the store beside its English twin (workers/i18n/en/), each text
// with its code: the one phrasebook the answers are translated with (refusals.ts). A new message
// is declared with defineMessages where it is said (workers/shared/message.ts) and its catalogue
// registered here, a template with its probe arguments.
import { AUTH_MESSAGES, MAIL_PREFERENCE_MESSAGES, MFA_MESSAGES, SECOND_FACTOR_MESSAGES, USER_ADMIN_MESSAGES } from "../accounts/messages";
import { APP_ADMIN_MESSAGES, UPLOAD_MESSAGES } from "../catalogue/messages";
import { APP_PAUSE_MESSAGES, BAN_MESSAGES, BUYER_MAIL_MESSAGES, KEY_ADMIN_MESSAGES, KEY_BULK_MESSAGES, KEY_CHECK_MESSAGES, KEY_DEVICE_MESSAGES, KEY_INPUT_MESSAGES, PAUSE_MAIL_MESSAGES, TRIAL_MESSAGES } from "../licensing/messages";
import { CARD_MESSAGES, CARD_STATES, VIETQR_STATES, CRYPTO_HISTORY_MESSAGES, CRYPTO_MESSAGES, PACKAGE_MANAGER_MESSAGES, PROMOTION_MESSAGES, REVIEW_MESSAGES, TOPUP_HISTORY_MESSAGES, VIETQR_MESSAGES, WALLET_MESSAGES, WEBHOOK_MESSAGES } from "../money/messages";
import { DEPOSIT_CHANNELS, EXPORT_MESSAGES, QUERY_MESSAGES, SETTINGS_MESSAGES, WALLET_NOTICES, WEBHOOK_MESSAGES as SHOP_WEBHOOK_MESSAGES } from "../owner/messages";
import { PACKAGE_MESSAGES } from "../lib/packages/messages";
import { MESSAGES } from "../platform/http/api-errors";
import { APP_FORM_HINTS, APP_FORM_MESSAGES, FILE_MESSAGES } from "../shared/app-form";
import { FIELD_MESSAGES, NAME_MESSAGES, TEXT_MESSAGES } from "../shared/fields";
import { PURCHASE_MESSAGES, TOPUP_MESSAGES } from "../shared/money/messages";
import { ZOD_MESSAGES } from "../shared/zod-messages";
import { PHRASES, SHAPES } from "./en/phrases";
import { Phrasebook } from "./phrasebook";

const LONG = 7_919_123;

/**
 * The store's phrasebook, built on first use (a refusal), not when an isolate starts: the key
 * check's hot path never needs it.
 */
export function phrasebook(): Phrasebook {
  built ??= build();
  return built;
}

let built: Phrasebook | undefined;

function build(): Phrasebook {
  const book = new Phrasebook()
    .catalogue("MESSAGES", MESSAGES, { serverErrorWithId: [["3f1c9a7e-0b2d-4c55-9e61-2a7d8f0c4b19"]] })
    .catalogue("AUTH_MESSAGES", AUTH_MESSAGES, { tooMany: [[LONG]] })
    .catalogue("MFA_MESSAGES", MFA_MESSAGES, {})
    .catalogue("SECOND_FACTOR_MESSAGES", SECOND_FACTOR_MESSAGES, {})
    .catalogue("USER_ADMIN_MESSAGES", USER_ADMIN_MESSAGES, { endAllUnconfirmed: [["END ALL SESSIONS"]] })
    .catalogue("MAIL_PREFERENCE_MESSAGES", MAIL_PREFERENCE_MESSAGES, {})
    .catalogue("ZOD_MESSAGES", ZOD_MESSAGES, {
      tooLong: [[LONG]],
      tooShort: [[LONG]],
      tooMany: [[LONG]],
      tooFew: [[LONG]],
      below: [[LONG]],
      above: [[LONG]],
      atMost: [[LONG]],
      atLeast: [[LONG]],
      oneOf: [["VND, USD"]],
    })
    .catalogue("FIELD_MESSAGES", FIELD_MESSAGES, { pageSizeRange: [[LONG]] })
    .catalogue("TEXT_MESSAGES", TEXT_MESSAGES, {})
    .catalogue("NAME_MESSAGES", NAME_MESSAGES, {})
    .catalogue("APP_FORM_MESSAGES", APP_FORM_MESSAGES, {
      tooLong: [[LONG]],
      updateFailed: [[], ["Không tìm thấy ứng dụng"]],
    })
    .catalogue("APP_FORM_HINTS", APP_FORM_HINTS, {})
    .catalogue("FILE_MESSAGES", FILE_MESSAGES, {
      appFileForType: [[".ipa, .deb"]],
      tooBig: [["Tệp IPA", "500MB"]],
      notWhatItClaims: [["anh.png"]],
      badPackage: [["IPA", "Không tìm thấy Info.plist trong IPA"]],
    })
    .catalogue("UPLOAD_MESSAGES", UPLOAD_MESSAGES, {
      badPartSize: [[LONG]],
      missingParts: { samples: [[[1, 2, 3]], [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]]] },
    })
    .catalogue("PACKAGE_MESSAGES", PACKAGE_MESSAGES, {
      controlFormat: [["control.tar.bz2"]],
      memberTooLarge: [["control.tar.xz"]],
      encrypted: [["Payload/A.app/Info.plist"]],
      entryTooLarge: [["Payload/A.app/Info.plist"]],
      compression: [["Payload/A.app/Info.plist", 12]],
      // What the file is not, and why: both are messages, never looked up as one text.
      because: { samples: [] },
      cutShort: [["mục lục zip"]],
      shortRead: [["đầu tệp"]],
      tooLargeUnpacked: [["control.tar.gz", 16]],
      cannotDecompress: [["control.tar.gz"]],
      cannotDecompressBecause: [["control.tar.xz", "dữ liệu LZMA hỏng"]],
      xzCheck: [["control.tar.xz", "0x4"]],
      xzFilter: [["control.tar.xz", "BCJ x86"]],
      wrongSize: [["Payload/A.app/Info.plist"]],
      entryHeaderDamaged: [["Payload/A.app/Info.plist"]],
      wrongCrc: [["Payload/A.app/Info.plist"]],
    })
    .catalogue("APP_ADMIN_MESSAGES", APP_ADMIN_MESSAGES, {
      tooManyMedia: [[LONG]],
      badIpa: [["Không tìm thấy Info.plist trong IPA"]],
    })
    .catalogue("KEY_ADMIN_MESSAGES", KEY_ADMIN_MESSAGES, {
      pricingExists: [["VIP 30"]],
      extended: [[LONG]],
      tooManyLines: [[LONG]],
      caseTwinsInText: [[LONG, ["ABC-1", "abc-1"]]],
      caseTwinsInStock: [[LONG, ["ABC-1", "abc-1"]]],
      outsideAlphabet: [
        [LONG, "dòng 3, dòng 7", "ABC‐1 có ký tự ngoài bảng ký tự (U+2010)", ""],
        [LONG, "dòng 3, dòng 7", "key chỉ gồm ký tự ẩn", "Ω"],
      ],
      foreignLine: [[LONG, "ABC‐1", "U+2010"]],
      foreignReason: [["ABC‐1", "U+2010"]],
      invisibleLine: [[LONG]],
      lookAlikesInStock: [[LONG, "dòng 3", "KEY-Α trông giống key đã có KEY-A"]],
      lookAlikeLine: [[LONG, "KEY-Α", "KEY-A"]],
      lookAlikeReason: [["KEY-Α", "KEY-A"]],
      lineNumbers: { samples: [[[3, 7], false], [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], true]] },
      moreLines: [[LONG]],
      duplicatesRefused: [[LONG]],
      keysDeleted: [[LONG]],
      keysCleared: [[LONG]],
      batchName: [["2026-12-02 14:55"]],
    })
    .catalogue("KEY_INPUT_MESSAGES", KEY_INPUT_MESSAGES, {})
    .catalogue("KEY_DEVICE_MESSAGES", KEY_DEVICE_MESSAGES, {
      tooSoon: [[LONG, "3 giờ 5 phút"]],
      waitHours: [[LONG]],
      waitMinutes: [[LONG]],
      waitHoursMinutes: [[LONG, 59]],
    })
    .catalogue("KEY_CHECK_MESSAGES", KEY_CHECK_MESSAGES, {
      activeUntil: { samples: [["2026-11-25T07:05:09Z"]] },
      device_banned: [["Key sharing"]],
      ip_banned: [["Key sharing"]],
      tooMany: [[LONG]],
      paused: { samples: [] },
    })
    .catalogue("APP_PAUSE_MESSAGES", APP_PAUSE_MESSAGES, {
      resumed: [[LONG]],
      reasonTooLong: [[LONG]],
    })
    .catalogue("PAUSE_MAIL_MESSAGES", PAUSE_MAIL_MESSAGES, {
      greeting: [["khach_hang"]],
      pausedSubject: [["iGameHub", "LQ Mod"]],
      paused: [["LQ Mod", "MAINTENANCE"]],
      resumedSubject: [["iGameHub", "LQ Mod"]],
      resumed: [["LQ Mod"]],
    })
    .catalogue("BUYER_MAIL_MESSAGES", BUYER_MAIL_MESSAGES, {
      greeting: [["khach_hang"]],
      expirySubject: [["iGameHub", "LQ Mod"]],
      expires: [["LQ Mod", "…ABCD", new Date("2026-11-25T07:05:09Z")]],
      buyAgainToKeepUsing: [["Mua key mới"]],
      updateSubject: [["LQ Mod", "2.0.1"]],
      newVersion: [["LQ Mod", "2.0.1"]],
      boughtAt: [["iGameHub"]],
    })
    .catalogue("KEY_BULK_MESSAGES", KEY_BULK_MESSAGES, { previewed: [[LONG]], applied: [[LONG]], tooMany: [[LONG]] })
    .catalogue("PURCHASE_MESSAGES", PURCHASE_MESSAGES, {})
    .catalogue("TOPUP_MESSAGES", TOPUP_MESSAGES, {
      minimum: [[LONG]],
      maximum: [[LONG]],
      step: [[LONG]],
      failed: [["Thẻ không hợp lệ"]],
    })
    .catalogue("BAN_MESSAGES", BAN_MESSAGES, {})
    .catalogue("TRIAL_MESSAGES", TRIAL_MESSAGES, { tooMany: [[LONG]] })
    .catalogue("PROMOTION_MESSAGES", PROMOTION_MESSAGES, { limitBelowUsed: [[LONG]] })
    .catalogue("CARD_MESSAGES", CARD_MESSAGES, { tooMany: [[LONG]] })
    .catalogue("VIETQR_MESSAGES", VIETQR_MESSAGES, {})
    .catalogue("CARD_STATES", CARD_STATES, {})
    .catalogue("VIETQR_STATES", VIETQR_STATES, {})
    .catalogue("REVIEW_MESSAGES", REVIEW_MESSAGES, {
      sameTransferCredited: [[LONG]],
      credited: [[LONG, "khach_hang"]],
    })
    .catalogue("WALLET_MESSAGES", WALLET_MESSAGES, {
      insufficient: [[LONG, 1_234_567]],
      wouldGoNegative: [[LONG]],
      appPaused: [["MAINTENANCE"]],
    })
    .catalogue("TOPUP_HISTORY_MESSAGES", TOPUP_HISTORY_MESSAGES, {
      cardFee: [[LONG, 22]],
      wrongValue: [[LONG, 1_234_567, 22, 345_678]],
      refused: [["Thẻ không hợp lệ"]],
      lateTransfer: [["IGHABCDEFGH"]],
      creditedByShop: [["NOTE"]],
      dismissedByShop: [["NOTE"]],
    })
    .catalogue("WEBHOOK_MESSAGES", WEBHOOK_MESSAGES, {})
    .catalogue("CRYPTO_MESSAGES", CRYPTO_MESSAGES, {
      amount: [[2, 1_000]],
      inDebt: [[LONG]],
      credited: [[LONG]],
    })
    .catalogue("CRYPTO_HISTORY_MESSAGES", CRYPTO_HISTORY_MESSAGES, { gateway: [["confirming"]] })
    .catalogue("SETTINGS_MESSAGES", SETTINGS_MESSAGES, {})
    .catalogue("SHOP_WEBHOOK_MESSAGES", SHOP_WEBHOOK_MESSAGES, {})
    .catalogue("WALLET_NOTICES", WALLET_NOTICES, {
      deposit: [[LONG]],
      refund: [[LONG]],
      channel: [["VietQR"]],
      code: [["IGHABCDEFGH"]],
      payment: [["5077125051"]],
      inDebt: [[LONG]],
      soldOut: [["LQ Mod – VIP"]],
      lowStock: [["LQ Mod – VIP"]],
    })
    .catalogue("DEPOSIT_CHANNELS", DEPOSIT_CHANNELS, {})
    .catalogue("PACKAGE_MANAGER_MESSAGES", PACKAGE_MANAGER_MESSAGES, { priceFrom: [["20.000\u00a0₫"]] })
    .catalogue("EXPORT_MESSAGES", EXPORT_MESSAGES, { tooManyRows: [[LONG]] })
    .catalogue("QUERY_MESSAGES", QUERY_MESSAGES, {});

  for (const [vietnamese, english, code] of PHRASES) book.phrase(vietnamese, english, code ?? null);
  for (const shape of SHAPES) book.pattern(shape.regex, shape.english, shape.code ?? null, shape.samples);
  // The key check's expiry, as its Vietnamese writes a time on Vietnam's clock (HH:MM DD/MM/YYYY).
  book.pattern(
    /^Key hợp lệ đến (\d\d):(\d\d) (\d\d)\/(\d\d)\/(\d{4})$/,
    (hour, minute, day, month, year) => KEY_CHECK_MESSAGES.activeUntil(new Date(Date.UTC(+year, +month - 1, +day, +hour - 7, +minute)).toISOString()).in("en"),
    "key_active_until",
    [],
  );
  // The missing parts of an upload are listed as written, with "…" past ten.
  book.pattern(/^Còn thiếu phần: ([\d, ]+)(…?)$/, (parts, more) => `Parts still missing: ${parts}${more}`, "upload_missing_parts", []);
  return book;
}
