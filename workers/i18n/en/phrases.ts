// The English of licensing's and money's one-off Vietnamese words not declared yet (keyed by the
// Vietnamese text itself), and the shapes of the texts those words are built into: what is left
// until those domains declare them where they are said (decision 0044), then this file goes. Every
// other one-off word is declared with defineMessages in its module's or domain's messages.
// tests/unit/english.test.ts finds every Vietnamese text in workers/ and fails when neither a
// dictionary nor this page knows it.
import { count, vnd } from "../../shared/english/format";

/** [Vietnamese, English, code?]: a code where the text is a refusal's whole message. */
export const PHRASES: readonly (readonly [string, string, string?])[] = [
  // licensing/schemas
  ["Vui lòng chọn gói key hợp lệ", "Please choose a valid key option"],
  ["Vui lòng gửi bundle_id của ứng dụng (ví dụ com.example.mymod)", "Please send the app's bundle_id (for example com.example.mymod)"],
  ["nonce phải gồm 8–64 ký tự ASCII in được, không có khoảng trắng", "nonce must be 8–64 printable ASCII characters, without spaces"],
  ["Giá phải là số nguyên", "The price must be a whole number"],
  ["Giá không được âm", "The price cannot be negative"],
  ["Giá tối đa là 1.000.000.000", "The price can be at most 1,000,000,000"],
  ["Số ngày gia hạn phải là số nguyên từ 1 đến 3650", "The number of days to extend by must be a whole number from 1 to 3,650"],
  // licensing/routes/admin-keys.ts (answers of a change that succeeded)
  ["Đã thêm bảng giá", "Price added"],
  ["Đã cập nhật bảng giá", "Price updated"],
  ["Đã xóa key", "Key deleted"],
  // licensing/key-admin.ts: the first refused line's reason, without its "Dòng N: "
  ["key chỉ gồm ký tự ẩn", "the key is only hidden characters"],
];

type Shape = { regex: RegExp; english: (...parts: string[]) => string | null; samples: string[]; code?: string };

/**
 * The shapes of texts built from the words above, or around a value: each capture comes in English
 * when it is a known text. `samples`: texts of that shape, which tests/unit/english.test.ts reads.
 */
export const SHAPES: readonly Shape[] = [
  // An amount as formatVND writes it, inside another message (a top-up's minimum).
  { regex: /^(-?\d[\d.]*)\u00a0₫$/, english: (amount) => vnd(Number(amount.replace(/\./g, ""))), samples: ["10.000\u00a0₫"] },
  // The wait before a key's device can change again (licensing/key-devices.ts).
  { regex: /^(\d+) giờ (\d+) phút$/, english: (hours, minutes) => `${count(Number(hours), "hour")} ${count(Number(minutes), "minute")}`, samples: ["3 giờ 5 phút"] },
  { regex: /^(\d+) giờ$/, english: (hours) => count(Number(hours), "hour"), samples: ["24 giờ"] },
  { regex: /^(\d+) phút$/, english: (minutes) => count(Number(minutes), "minute"), samples: ["1 phút"] },
  // The refused lines a key import names (licensing/key-admin.ts), and the first one's reason.
  { regex: /^(dòng \d+(?:, dòng \d+)*(?:, …)?)$/, english: (lines) => lines.replace(/dòng/g, "line"), samples: ["dòng 3, dòng 7, …"] },
  { regex: /^([\s\S]+) có ký tự ngoài bảng ký tự \(([\s\S]+)\)$/, english: (shown, characters) => `${shown} has characters outside the alphabet (${characters})`, samples: ["ABC‐1 có ký tự ngoài bảng ký tự (U+2010)"] },
  { regex: /^([\s\S]+) trông giống key đã có ([\s\S]+)$/, english: (sent, stored) => `${sent} looks like the existing key ${stored}`, samples: ["KEY-Α trông giống key đã có KEY-A"] },
  // admin-keys.ts's counts.
  { regex: /^Đã xóa (\d+) key$/, english: (deleted) => `Deleted ${count(Number(deleted), "key")}`, samples: ["Đã xóa 3 key"] },
  { regex: /^Đã dọn (\d+) key$/, english: (deleted) => `Cleared ${count(Number(deleted), "key")}`, samples: ["Đã dọn 3 key"] },
];
