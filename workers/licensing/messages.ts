// What the licensing rules say and the limits they keep: pure text and numbers, so the schemas,
// the rules (key-admin.ts, key-check.ts, key-devices.ts) and the screens share one home. The key
// check's messages are declared with their code and both texts (workers/shared/message.ts).
import { count, dateTime } from "../shared/english/format";
import { formatDateTime } from "../shared/format";
import { defineMessages, Message } from "../shared/message";

export const KEY_ADMIN_MESSAGES = {
  appNotFound: "ID ứng dụng không hợp lệ",
  keyTypeNotFound: "Loại key không tồn tại",
  pricingExists: (type: string) => `Bảng giá cho loại key "${type}" đã tồn tại! Bạn có thể chỉnh sửa hoặc kích hoạt lại.`,
  pricingNotFound: "Không tìm thấy bảng giá",
  pricingRequired: "Vui lòng điền đầy đủ thông tin!",
  pricingDeletion: "Không thể xóa bảng giá. Hãy tạm dừng bảng giá thay vì xóa.",
  keysRequired: "Vui lòng nhập danh sách key!",
  keyNotFound: "Key không tồn tại",
  imported: "Keys imported successfully!",
  statusUpdated: "Key status updated successfully!",
  activated: "Key activated successfully!",
  deactivated: "Key deactivated successfully!",
  selectKeys: "Vui lòng chọn ít nhất một key để xóa!",
  onlyAvailable: "Chỉ key có sẵn mới có thể thu hồi",
  batchNotFound: "Không tìm thấy lô key",
  onlyRevoked: "Chỉ key đã thu hồi mới có thể kích hoạt lại",
  deviceReset: "Đã gỡ thiết bị của key",
  noDevice: "Key chưa được kích hoạt trên thiết bị nào",
  extended: (days: number) => `Đã gia hạn key thêm ${days} ngày`,
  lifetime: "Key vĩnh viễn không thể gia hạn",
  notActivated: "Key chưa được kích hoạt: thời hạn chỉ bắt đầu tính từ lần kích hoạt đầu tiên",
  banned: "Đã khóa key",
  unbanned: "Đã mở khóa key",
  alreadyBanned: "Key đã bị khóa",
  notBanned: "Key chưa bị khóa",
  onlySold: "Chỉ key đã bán mới có thể bị khóa",
  badStatus: "Trạng thái không hợp lệ",
  tooManyLines: (max: number) => `Tối đa ${max} key mỗi lần nhập`,
  caseTwinsInText: (count: number, [first, second]: [string, string]) =>
    `Có ${count} key chỉ khác key khác ở chữ hoa/thường hoặc ký tự ẩn (ví dụ ${first} và ${second}). Key được kiểm tra không phân biệt chữ hoa/thường và bỏ qua ký tự ẩn nên đó là cùng một key: hãy chỉ giữ một.`,
  caseTwinsInStock: (count: number, [stored, sent]: [string, string]) =>
    `Có ${count} key đã có trong kho nếu không phân biệt chữ hoa/thường và ký tự ẩn (ví dụ ${sent} trùng với ${stored}). Key được kiểm tra không phân biệt chữ hoa/thường và bỏ qua ký tự ẩn: hãy bỏ các key này khỏi danh sách.`,
  // Issue 41 item 2 (workers/licensing/key-alphabet.ts): each refused line is named by its number in the text.
  outsideAlphabet: (count: number, lines: string, example: string, extra: string) =>
    `Có ${count} key có ký tự ngoài bảng ký tự của cửa hàng (${lines}; ví dụ ${example}). Key chỉ được gồm chữ cái A–Z, chữ số, "-" và "_"${extra ? `, thêm ${extra}` : ""}: chữ Kirin hay Hy Lạp trông như chữ Latinh, dấu cách, emoji hay ký tự ẩn khiến người mua gõ ra một key khác. Hãy sửa hoặc bỏ các dòng này.`,
  foreignLine: (line: number, shown: string, characters: string) => `Dòng ${line}: ${shown} có ký tự ngoài bảng ký tự (${characters})`,
  invisibleLine: (line: number) => `Dòng ${line}: key chỉ gồm ký tự ẩn`,
  lookAlikesInStock: (count: number, lines: string, example: string) =>
    `Có ${count} key trông giống key đã có trong kho (${lines}; ví dụ ${example}): chữ Kirin hay Hy Lạp trông như chữ Latinh. Người mua gõ theo những gì họ thấy nên đó là cùng một key: hãy bỏ các dòng này, hoặc xóa key cũ trong kho.`,
  lookAlikeLine: (line: number, sent: string, stored: string) => `Dòng ${line}: ${sent} trông giống key đã có ${stored}`,
  moreLines: (count: number) => `… và ${count} dòng khác`,
  duplicatesRefused: (count: number) => `Có ${count} key bị trùng. Bật "bỏ qua key trùng" để nhập các key còn lại.`,
} as const;

export const MAX_IMPORT_LINES = 20_000;

export const MAX_KEY_LENGTH = 200;

export const KEY_DEVICE_MESSAGES = {
  purchaseNotFound: "Không tìm thấy đơn hàng",
  notActivated: "Key chưa được kích hoạt trên thiết bị nào",
  banned: "Key đã bị khóa",
  expired: "Key đã hết hạn",
  reset: "Đã gỡ thiết bị. Key sẽ được kích hoạt trên thiết bị kiểm tra tiếp theo.",
  tooSoon: (hours: number, wait: string) => `Mỗi key chỉ được đổi thiết bị một lần trong ${hours} giờ. Vui lòng thử lại sau ${wait}.`,
} as const;

/** The longest device and bundle ids a check takes (workers/licensing/schemas/keys.ts); longer ones are not echoed. */
export const MAX_DEVICE_ID = 200;

export const MAX_BUNDLE_ID = 255;
/** The key check's `version` (decision 0031): digits and dots, e.g. 1.2.3. */
export const VERSION_INVALID = "Phiên bản (version) chỉ gồm chữ số và dấu chấm, ví dụ 1.2.3";

/** What the key check says (docs/licensing.md): each answer's reason, and the refusal of a caller over its limit. */
/**
 * What the key check answers a mod, in the language its body asks for (signed as sent). The expiry
 * is the value, each language writing it its own way.
 */
export const KEY_CHECK_MESSAGES = defineMessages({
  active: { code: "key_active", vi: "Key hợp lệ", en: "Valid key" },
  activated: { code: "key_activated", vi: "Key đã được kích hoạt trên thiết bị này", en: "Key activated on this device" },
  not_found: { code: "key_not_found", vi: "Key không tồn tại", en: "This key does not exist" },
  revoked: { code: "key_revoked", vi: "Key đã bị thu hồi", en: "This key has been revoked" },
  expired: { code: "key_expired", vi: "Key đã hết hạn", en: "This key has expired" },
  other_device: { code: "key_other_device", vi: "Key đã được kích hoạt trên thiết bị khác", en: "This key is activated on another device" },
  // The shop's own reason for the pause (issue 55 item 1), in the mod's language: both are given, each language picks its own.
  paused: { code: "key_paused", vi: (reason: string, _reasonEn: string) => reason, en: (_reason: string, reasonEn: string) => reasonEn },
  // Issue 55 (docs/licensing.md §5): the shop's own reason, in the mod's language when the shop gave one in English.
  device_banned: {
    code: "key_device_banned",
    vi: (reason: string) => `Thiết bị này đã bị cửa hàng chặn: ${reason}`,
    en: (reason: string) => `This device has been banned by the shop: ${reason}`,
  },
  ip_banned: {
    code: "key_ip_banned",
    vi: (reason: string) => `Địa chỉ mạng này đã bị cửa hàng chặn: ${reason}`,
    en: (reason: string) => `This network address has been banned by the shop: ${reason}`,
  },
  trial_used: { code: "key_trial_used", vi: "Thiết bị này đã dùng thử ứng dụng này rồi", en: "This device has already had a trial of this app" },
  activeUntil: {
    code: "key_active_until",
    vi: (expires: string) => `Key hợp lệ đến ${formatDateTime(expires)}`,
    en: (expires: string) => `Valid key until ${dateTime(expires)}`,
  },
  tooMany: {
    code: "rate_limited",
    vi: (seconds: number) => `Quá nhiều yêu cầu. Vui lòng thử lại sau ${seconds} giây.`,
    en: (seconds: number) => `Too many requests. Please try again in ${count(seconds, "second")}.`,
  },
});

/**
 * The shop's own words in both languages (a pause's reason), as an argument of a declared message:
 * said in the reader's language like the message around it (workers/shared/message.ts).
 */
export function shopWords(vi: string, en: string): Message {
  return new Message({ code: "shop_words", vi, en });
}

/** The longest reason a pause takes (in each language): a mod shows it on one screen. */
export const MAX_PAUSE_REASON = 500;

/** Pausing and resuming an app (issue 55 item 1, workers/licensing/app-pause.ts). */
export const APP_PAUSE_MESSAGES = defineMessages({
  paused: { code: "app_paused", vi: "Đã tạm dừng ứng dụng: thời hạn của mọi key đang chạy được giữ nguyên", en: "App paused: every running key keeps its remaining time" },
  resumed: {
    code: "app_resumed",
    vi: (keys: number) => `Đã tiếp tục ứng dụng: ${keys} key được cộng lại thời gian tạm dừng`,
    en: (keys: number) => `App resumed: ${count(keys, "key")} given back the time of the pause`,
  },
  alreadyPaused: { code: "app_already_paused", vi: "Ứng dụng đang tạm dừng", en: "The app is already paused" },
  notPaused: { code: "app_not_paused", vi: "Ứng dụng không tạm dừng (có thể quản trị viên khác vừa tiếp tục)", en: "The app is not paused (another admin may have just resumed it)" },
  reasonRequired: { code: "pause_reason_required", vi: "Vui lòng nhập lý do tạm dừng", en: "Please give the reason for the pause" },
  reasonHidden: { code: "pause_reason_hidden", vi: "Lý do chứa ký tự điều khiển hoặc ký tự ẩn", en: "The reason contains control or hidden characters" },
  reasonTooLong: {
    code: "pause_reason_too_long",
    vi: (max: number) => `Lý do tối đa ${max} ký tự`,
    en: (max: number) => `The reason is at most ${count(max, "character")}`,
  },
});

/**
 * The mail a buyer with a key of a paused app receives at the pause and at the resume, in the
 * buyer's language (workers/licensing/buyer-mails.ts; docs/decisions/0056-pause-mails.md).
 */
export const PAUSE_MAIL_MESSAGES = defineMessages({
  greeting: { code: "pause_mail_greeting", vi: (name: string) => `Xin chào ${name},`, en: (name: string) => `Hello ${name},` },
  pausedSubject: {
    code: "pause_mail_paused_subject",
    vi: (site: string, app: string) => `${site}: ${app} đang tạm dừng`,
    en: (site: string, app: string) => `${site}: ${app} is paused`,
  },
  paused: { code: "pause_mail_paused", vi: (app: string, reason: string) => `${app} đang tạm dừng: ${reason}`, en: (app: string, reason: string) => `${app} is paused: ${reason}` },
  pausedKeys: {
    code: "pause_mail_paused_keys",
    vi: "Key của bạn không bị trừ thời gian trong lúc tạm dừng: khi ứng dụng hoạt động trở lại, key có thời hạn được cộng lại đúng thời gian tạm dừng.",
    en: "Your key loses no time during the pause: when the app is back, a timed key is given back exactly the time of the pause.",
  },
  resumedSubject: {
    code: "pause_mail_resumed_subject",
    vi: (site: string, app: string) => `${site}: ${app} đã hoạt động trở lại`,
    en: (site: string, app: string) => `${site}: ${app} is back`,
  },
  resumed: { code: "pause_mail_resumed", vi: (app: string) => `${app} đã hoạt động trở lại.`, en: (app: string) => `${app} is back.` },
  resumedKeys: {
    code: "pause_mail_resumed_keys",
    vi: "Key có thời hạn của bạn đã được cộng lại đúng thời gian tạm dừng.",
    en: "Your timed key has been given back exactly the time of the pause.",
  },
  appLink: { code: "pause_mail_app_link", vi: "Xem ứng dụng", en: "See the app" },
});

/** Changing many keys at once (issue 55 item 4, workers/licensing/key-bulk.ts). */
export const KEY_BULK_MESSAGES = defineMessages({
  previewed: { code: "key_bulk_previewed", vi: (keys: number) => `${keys} key sẽ được thay đổi`, en: (keys: number) => `${count(keys, "key")} will be changed` },
  applied: { code: "key_bulk_applied", vi: (keys: number) => `Đã thay đổi ${keys} key`, en: (keys: number) => `${count(keys, "key")} changed` },
  tokenInvalid: {
    code: "key_bulk_token_invalid",
    vi: "Bản xem trước không hợp lệ hoặc đã hết hạn: hãy xem trước lại",
    en: "This preview is not valid or has expired: preview the change again",
  },
  alreadyApplied: { code: "key_bulk_already_applied", vi: "Thay đổi này đã được áp dụng", en: "This change has already been applied" },
  daysRequired: {
    code: "key_bulk_days_required",
    vi: "Số ngày phải là số nguyên từ 1 đến 3650",
    en: "The number of days must be a whole number from 1 to 3650",
  },
  tooMany: {
    code: "key_bulk_too_many",
    vi: (max: number) => `Tối đa ${max} key mỗi lần thay đổi: hãy thu hẹp bộ lọc`,
    en: (max: number) => `At most ${count(max, "key")} per change: narrow the filter`,
  },
  badFilter: { code: "key_bulk_bad_filter", vi: "Bộ lọc không hợp lệ", en: "The filter is not valid" },
});

/** At most this many keys change in one bulk change; a preview stays valid this long. */
export const MAX_BULK_KEYS = 20_000;
export const BULK_PREVIEW_LIFETIME_MS = 15 * 60_000;

/** The most a ban's reason holds: a line the mod shows, like an app's announcement. */
export const MAX_BAN_REASON = 280;

/** The admin's bans of a phone or an address range (workers/licensing/bans.ts). */
export const BAN_MESSAGES = defineMessages({
  notFound: { code: "ban_not_found", vi: "Không tìm thấy lệnh chặn", en: "Ban not found" },
  lifted: { code: "ban_lifted", vi: "Đã gỡ lệnh chặn", en: "Ban lifted" },
  created: { code: "ban_created", vi: "Đã chặn", en: "Banned" },
  alreadyLifted: { code: "ban_already_lifted", vi: "Lệnh chặn đã được gỡ", en: "This ban has already been lifted" },
  deviceRequired: { code: "ban_device_required", vi: "Vui lòng nhập mã thiết bị (device id)", en: "Please enter the device id" },
  deviceInvalid: { code: "ban_device_invalid", vi: "Mã thiết bị không hợp lệ (tối đa 200 ký tự)", en: "Invalid device id (at most 200 characters)" },
  cidrInvalid: {
    code: "ban_cidr_invalid",
    vi: "Địa chỉ IP hoặc dải CIDR không hợp lệ, ví dụ 203.0.113.0/24 hoặc 2001:db8::/32",
    en: "Invalid IP address or CIDR range, e.g. 203.0.113.0/24 or 2001:db8::/32",
  },
  reasonRequired: { code: "ban_reason_required", vi: "Vui lòng nhập lý do chặn", en: "Please enter the reason for the ban" },
  reasonInvalid: {
    code: "ban_reason_invalid",
    vi: "Lý do chặn là một dòng tối đa 280 ký tự, không có ký tự điều khiển",
    en: "The reason is one line of at most 280 characters, without control characters",
  },
  untilInvalid: { code: "ban_until_invalid", vi: "Thời điểm hết chặn không hợp lệ", en: "Invalid end of the ban" },
  untilPast: { code: "ban_until_past", vi: "Thời điểm hết chặn phải ở tương lai", en: "The end of the ban must be in the future" },
  appNotFound: { code: "ban_app_not_found", vi: "Không tìm thấy ứng dụng", en: "App not found" },
});

/** A trial key's shortest and longest length in hours (the admin's trial setting; 0 turns trials off). */
export const TRIAL_HOURS = { min: 1, max: 24 * 90 } as const;

/** Trials as the admin sets them and a buyer claims one (workers/licensing/trials.ts). */
export const TRIAL_MESSAGES = defineMessages({
  hoursInvalid: {
    code: "trial_hours_invalid",
    vi: "Thời gian dùng thử là số giờ nguyên từ 1 đến 2160, hoặc 0 để tắt",
    en: "The trial length is a whole number of hours from 1 to 2160, or 0 to turn trials off",
  },
  saved: { code: "trial_saved", vi: "Đã lưu thời gian dùng thử", en: "Trial length saved" },
  off: { code: "trial_off", vi: "Ứng dụng này không có bản dùng thử", en: "This app offers no trial" },
  claimed: { code: "trial_claimed", vi: "Đã nhận key dùng thử", en: "Your trial key is ready" },
  tooMany: {
    code: "rate_limited",
    vi: (seconds: number) => `Quá nhiều yêu cầu. Vui lòng thử lại sau ${seconds} giây.`,
    en: (seconds: number) => `Too many requests. Please try again in ${count(seconds, "second")}.`,
  },
});
