// What the licensing rules say and the limits they keep: pure text and numbers, so the schemas,
// the rules (key-admin.ts, key-check.ts, key-devices.ts) and the screens share one home. Every
// message is declared with its code and both texts (workers/shared/message.ts, decision 0044): the
// codes are the ones the API answered before they were declared, the Vietnamese the spec's.
import { count, dateTime, number } from "../shared/english/format";
import { formatDateTime } from "../shared/format";
import { defineMessages, Message } from "../shared/message";
import { BAN_REASON_MESSAGES, EXTEND_MESSAGES } from "../shared/licensing/key-changes";

// A refused line's reason, said alone (the example a refusal names) and after its line number.
const foreignVi = (shown: string, characters: string) => `${shown} có ký tự ngoài bảng ký tự (${characters})`;
const foreignEn = (shown: string, characters: string) => `${shown} has characters outside the alphabet (${characters})`;
const INVISIBLE_VI = "key chỉ gồm ký tự ẩn";
const INVISIBLE_EN = "the key is only hidden characters";
const lookAlikeVi = (sent: string, stored: string) => `${sent} trông giống key đã có ${stored}`;
const lookAlikeEn = (sent: string, stored: string) => `${sent} looks like the existing key ${stored}`;

/** The admin's key management (workers/licensing/key-admin.ts, routes/admin-keys.ts). */
export const KEY_ADMIN_MESSAGES = defineMessages({
  appNotFound: { code: "app_id_invalid", vi: "ID ứng dụng không hợp lệ", en: "Invalid app ID" },
  keyTypeNotFound: { code: "key_type_not_found", vi: "Loại key không tồn tại", en: "This key type does not exist" },
  pricingExists: {
    code: "pricing_exists",
    vi: (type: string) => `Bảng giá cho loại key "${type}" đã tồn tại! Bạn có thể chỉnh sửa hoặc kích hoạt lại.`,
    en: (type: string) => `A price for key type "${type}" already exists! You can edit it or turn it back on.`,
  },
  pricingNotFound: { code: "pricing_not_found", vi: "Không tìm thấy bảng giá", en: "Price not found" },
  pricingRequired: { code: "pricing_incomplete", vi: "Vui lòng điền đầy đủ thông tin!", en: "Please fill in all the details!" },
  pricingDeletion: { code: "pricing_not_deletable", vi: "Không thể xóa bảng giá. Hãy tạm dừng bảng giá thay vì xóa.", en: "A price cannot be deleted. Pause it instead." },
  keysRequired: { code: "keys_required", vi: "Vui lòng nhập danh sách key!", en: "Please enter the list of keys!" },
  keyNotFound: { code: "key_not_found", vi: "Key không tồn tại", en: "This key does not exist" },
  imported: { code: "imported", vi: "Keys imported successfully!", en: "Keys imported successfully!" },
  statusUpdated: { code: "status_updated", vi: "Key status updated successfully!", en: "Key status updated successfully!" },
  activated: { code: "activated", vi: "Key activated successfully!", en: "Key activated successfully!" },
  deactivated: { code: "deactivated", vi: "Key deactivated successfully!", en: "Key deactivated successfully!" },
  selectKeys: { code: "keys_not_selected", vi: "Vui lòng chọn ít nhất một key để xóa!", en: "Please select at least one key to delete!" },
  onlyAvailable: { code: "key_not_in_stock", vi: "Chỉ key có sẵn mới có thể thu hồi", en: "Only keys in stock can be withdrawn" },
  batchNotFound: { code: "batch_not_found", vi: "Không tìm thấy lô key", en: "Key batch not found" },
  onlyRevoked: { code: "key_not_revoked", vi: "Chỉ key đã thu hồi mới có thể kích hoạt lại", en: "Only withdrawn keys can be put back on sale" },
  deviceReset: { code: "device_reset", vi: "Đã gỡ thiết bị của key", en: "The key's device has been removed" },
  noDevice: { code: "key_not_on_device", vi: "Key chưa được kích hoạt trên thiết bị nào", en: "This key has not been activated on any device" },
  extended: { code: "extended", vi: (days: number) => `Đã gia hạn key thêm ${days} ngày`, en: (days: number) => `Key extended by ${count(days, "day")}` },
  lifetime: { code: "key_lifetime", vi: "Key vĩnh viễn không thể gia hạn", en: "A lifetime key cannot be extended" },
  notActivated: {
    code: "key_not_activated",
    vi: "Key chưa được kích hoạt: thời hạn chỉ bắt đầu tính từ lần kích hoạt đầu tiên",
    en: "This key has not been activated yet: its term only starts at its first activation",
  },
  banned: { code: "banned", vi: "Đã khóa key", en: "Key banned" },
  unbanned: { code: "unbanned", vi: "Đã mở khóa key", en: "Key unbanned" },
  alreadyBanned: { code: "key_banned", vi: "Key đã bị khóa", en: "This key is banned" },
  notBanned: { code: "key_not_banned", vi: "Key chưa bị khóa", en: "This key is not banned" },
  onlySold: { code: "key_not_sold", vi: "Chỉ key đã bán mới có thể bị khóa", en: "Only sold keys can be banned" },
  badStatus: { code: "status_invalid", vi: "Trạng thái không hợp lệ", en: "Invalid status" },
  tooManyLines: { code: "too_many_keys", vi: (max: number) => `Tối đa ${max} key mỗi lần nhập`, en: (max: number) => `At most ${number(max)} keys per import` },
  caseTwinsInText: {
    code: "keys_case_twins",
    vi: (total: number, [first, second]: [string, string]) =>
      `Có ${total} key chỉ khác key khác ở chữ hoa/thường hoặc ký tự ẩn (ví dụ ${first} và ${second}). Key được kiểm tra không phân biệt chữ hoa/thường và bỏ qua ký tự ẩn nên đó là cùng một key: hãy chỉ giữ một.`,
    en: (total: number, [first, second]: [string, string]) =>
      `${count(total, "key differs", "keys differ")} from another key only in upper or lower case or in hidden characters (for example ${first} and ${second}). Keys are checked ignoring case and hidden characters, so these are the same key: keep only one.`,
  },
  caseTwinsInStock: {
    code: "keys_case_twins_in_stock",
    vi: (total: number, [stored, sent]: [string, string]) =>
      `Có ${total} key đã có trong kho nếu không phân biệt chữ hoa/thường và ký tự ẩn (ví dụ ${sent} trùng với ${stored}). Key được kiểm tra không phân biệt chữ hoa/thường và bỏ qua ký tự ẩn: hãy bỏ các key này khỏi danh sách.`,
    en: (total: number, [stored, sent]: [string, string]) =>
      `${count(total, "key is", "keys are")} already in stock once case and hidden characters are ignored (for example ${sent} matches ${stored}). Keys are checked ignoring case and hidden characters: remove these keys from the list.`,
  },
  // Issue 41 item 2 (workers/licensing/key-alphabet.ts): each refused line is named by its number
  // (lineNumbers) and the first one's reason is the example (foreignReason, invisibleReason).
  outsideAlphabet: {
    code: "keys_outside_alphabet",
    vi: (total: number, lines: Message | string, example: Message | string, extra: string) =>
      `Có ${total} key có ký tự ngoài bảng ký tự của cửa hàng (${lines}; ví dụ ${example}). Key chỉ được gồm chữ cái A–Z, chữ số, "-" và "_"${extra ? `, thêm ${extra}` : ""}: chữ Kirin hay Hy Lạp trông như chữ Latinh, dấu cách, emoji hay ký tự ẩn khiến người mua gõ ra một key khác. Hãy sửa hoặc bỏ các dòng này.`,
    en: (total: number, lines: Message | string, example: Message | string, extra: string) =>
      `${count(total, "key has", "keys have")} characters outside the store's alphabet (${lines}; for example ${example}). Keys may only contain the letters A–Z, digits, "-" and "_"${extra ? `, plus ${extra}` : ""}: Cyrillic or Greek letters look like Latin ones, and spaces, emoji or hidden characters make buyers type a different key. Fix or remove these lines.`,
  },
  foreignLine: {
    code: "key_line_outside_alphabet",
    vi: (line: number, shown: string, characters: string) => `Dòng ${line}: ${foreignVi(shown, characters)}`,
    en: (line: number, shown: string, characters: string) => `Line ${line}: ${foreignEn(shown, characters)}`,
  },
  foreignReason: { code: "key_reason_outside_alphabet", vi: foreignVi, en: foreignEn },
  invisibleLine: { code: "key_line_invisible", vi: (line: number) => `Dòng ${line}: ${INVISIBLE_VI}`, en: (line: number) => `Line ${line}: ${INVISIBLE_EN}` },
  invisibleReason: { code: "key_reason_invisible", vi: INVISIBLE_VI, en: INVISIBLE_EN },
  lookAlikesInStock: {
    code: "keys_look_alike",
    vi: (total: number, lines: Message | string, example: Message | string) =>
      `Có ${total} key trông giống key đã có trong kho (${lines}; ví dụ ${example}): chữ Kirin hay Hy Lạp trông như chữ Latinh. Người mua gõ theo những gì họ thấy nên đó là cùng một key: hãy bỏ các dòng này, hoặc xóa key cũ trong kho.`,
    en: (total: number, lines: Message | string, example: Message | string) =>
      `${count(total, "key looks", "keys look")} like keys already in stock (${lines}; for example ${example}): Cyrillic or Greek letters look like Latin ones. Buyers type what they see, so these are the same key: remove these lines, or delete the old keys from stock.`,
  },
  lookAlikeLine: {
    code: "key_line_look_alike",
    vi: (line: number, sent: string, stored: string) => `Dòng ${line}: ${lookAlikeVi(sent, stored)}`,
    en: (line: number, sent: string, stored: string) => `Line ${line}: ${lookAlikeEn(sent, stored)}`,
  },
  lookAlikeReason: { code: "key_reason_look_alike", vi: lookAlikeVi, en: lookAlikeEn },
  /** "dòng 3, dòng 7, …": the refused lines a refusal names, "…" when there are more. */
  lineNumbers: {
    code: "key_lines",
    vi: (lines: readonly number[], more: boolean) => lines.map((line) => `dòng ${line}`).join(", ") + (more ? ", …" : ""),
    en: (lines: readonly number[], more: boolean) => lines.map((line) => `line ${line}`).join(", ") + (more ? ", …" : ""),
  },
  moreLines: { code: "more_lines", vi: (total: number) => `… và ${total} dòng khác`, en: (total: number) => `… and ${count(total, "more line", "more lines")}` },
  duplicatesRefused: {
    code: "keys_duplicate",
    vi: (total: number) => `Có ${total} key bị trùng. Bật "bỏ qua key trùng" để nhập các key còn lại.`,
    en: (total: number) => `${count(total, "key is a duplicate", "keys are duplicates")}. Turn on "skip duplicate keys" to import the rest.`,
  },
  // What a change that succeeded answers (routes/admin-keys.ts).
  pricingAdded: { code: "pricing_added", vi: "Đã thêm bảng giá", en: "Price added" },
  pricingUpdated: { code: "pricing_updated", vi: "Đã cập nhật bảng giá", en: "Price updated" },
  keyDeleted: { code: "key_deleted", vi: "Đã xóa key", en: "Key deleted" },
  keysDeleted: { code: "keys_deleted", vi: (deleted: number) => `Đã xóa ${deleted} key`, en: (deleted: number) => `Deleted ${count(deleted, "key")}` },
  keysCleared: { code: "keys_cleared", vi: (deleted: number) => `Đã dọn ${deleted} key`, en: (deleted: number) => `Cleared ${count(deleted, "key")}` },
  /** A batch's name when the admin gives none: stored, in the store's language, to the minute of Vietnam's clock. */
  batchName: { code: "key_batch_name", vi: (minute: string) => `Nhập ${minute}`, en: (minute: string) => `Import ${minute}` },
});

/** What the key inputs' checks say (workers/licensing/schemas/keys.ts, schemas/health.ts); an extension's days are the key screen's rule too (workers/shared/licensing/key-changes.ts). */
export const KEY_INPUT_MESSAGES = {
  ...EXTEND_MESSAGES,
  ...defineMessages({
    pricingInvalid: { code: "pricing_invalid", vi: "Vui lòng chọn gói key hợp lệ", en: "Please choose a valid key option" },
    keyTypeRequired: { code: "choose_key", vi: "Vui lòng chọn loại key", en: "Please choose a key type" },
    bundleIdRequired: { code: "bundle_id_required", vi: "Vui lòng gửi bundle_id của ứng dụng (ví dụ com.example.mymod)", en: "Please send the app's bundle_id (for example com.example.mymod)" },
    nonceInvalid: { code: "nonce_invalid", vi: "nonce phải gồm 8–64 ký tự ASCII in được, không có khoảng trắng", en: "nonce must be 8–64 printable ASCII characters, without spaces" },
    /** The key check's `version` (decision 0031): digits and dots, e.g. 1.2.3. */
    versionInvalid: {
      code: "version_invalid",
      vi: "Phiên bản (version) chỉ gồm chữ số và dấu chấm, ví dụ 1.2.3",
      en: "The version (version) may only contain digits and dots, for example 1.2.3",
    },
    priceInvalid: { code: "price_invalid", vi: "Giá phải là số nguyên", en: "The price must be a whole number" },
    priceNegative: { code: "price_negative", vi: "Giá không được âm", en: "The price cannot be negative" },
    priceTooHigh: { code: "price_too_high", vi: "Giá tối đa là 1.000.000.000", en: "The price can be at most 1,000,000,000" },
    healthDaysInvalid: { code: "days_invalid", vi: "Số ngày phải là số nguyên", en: "The number of days must be a whole number" },
    healthDaysRange: { code: "days_out_of_range", vi: "Số ngày phải từ 1 đến 90", en: "The number of days must be from 1 to 90" },
  }),
};

export const MAX_IMPORT_LINES = 20_000;

export const MAX_KEY_LENGTH = 200;

/** A buyer's own key and device (workers/licensing/key-devices.ts). */
export const KEY_DEVICE_MESSAGES = defineMessages({
  purchaseNotFound: { code: "order_not_found", vi: "Không tìm thấy đơn hàng", en: "Order not found" },
  notActivated: { code: "key_not_on_device", vi: "Key chưa được kích hoạt trên thiết bị nào", en: "This key has not been activated on any device" },
  banned: { code: "key_banned", vi: "Key đã bị khóa", en: "This key is banned" },
  expired: { code: "key_expired", vi: "Key đã hết hạn", en: "This key has expired" },
  reset: { code: "reset", vi: "Đã gỡ thiết bị. Key sẽ được kích hoạt trên thiết bị kiểm tra tiếp theo.", en: "Device removed. The key will be activated on the next device that checks it." },
  // `wait`: waitHours, waitMinutes or waitHoursMinutes, said in the same language.
  tooSoon: {
    code: "rate_limited",
    vi: (hours: number, wait: Message | string) => `Mỗi key chỉ được đổi thiết bị một lần trong ${hours} giờ. Vui lòng thử lại sau ${wait}.`,
    en: (hours: number, wait: Message | string) => `A key can change device once every ${count(hours, "hour")}. Please try again in ${wait}.`,
  },
  waitHours: { code: "wait_hours", vi: (hours: number) => `${hours} giờ`, en: (hours: number) => count(hours, "hour") },
  waitMinutes: { code: "wait_minutes", vi: (minutes: number) => `${minutes} phút`, en: (minutes: number) => count(minutes, "minute") },
  waitHoursMinutes: {
    code: "wait_hours_minutes",
    vi: (hours: number, minutes: number) => `${hours} giờ ${minutes} phút`,
    en: (hours: number, minutes: number) => `${count(hours, "hour")} ${count(minutes, "minute")}`,
  },
});

/** The longest device and bundle ids a check takes (workers/licensing/schemas/keys.ts); longer ones are not echoed. */
export const MAX_DEVICE_ID = 200;

export const MAX_BUNDLE_ID = 255;

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

/**
 * The expiry reminder and the update notice (workers/licensing/buyer-mails.ts, docs/decisions/
 * 0032-buyer-mails.md), and the greeting and the footer of every buyer mail, in the buyer's language. A template
 * whose mail has an HTML part is called there with the values already escaped (a name in <strong>).
 */
export const BUYER_MAIL_MESSAGES = defineMessages({
  greeting: { code: "buyer_mail_greeting", vi: (name: string) => `Xin chào ${name},`, en: (name: string) => `Hello ${name},` },
  expirySubject: {
    code: "buyer_mail_expiry_subject",
    vi: (site: string, app: string) => `${site}: key ${app} sắp hết hạn`,
    en: (site: string, app: string) => `${site}: your ${app} key expires soon`,
  },
  expires: {
    code: "buyer_mail_expires",
    vi: (app: string, hint: string, expiresAt: Date) => `Key ${hint} của ${app} sẽ hết hạn lúc ${formatDateTime(expiresAt)}.`,
    en: (app: string, hint: string, expiresAt: Date) => `Your ${app} key ${hint} expires on ${dateTime(expiresAt)}.`,
  },
  buyAgainAt: { code: "buyer_mail_buy_again_at", vi: "Để tiếp tục sử dụng, bạn có thể mua key mới tại:", en: "To keep using it, you can buy a new key here:" },
  buyAgain: { code: "buyer_mail_buy_again", vi: "Mua key mới", en: "Buy a new key" },
  /** After the link `buyAgain` names, in the HTML part. */
  buyAgainToKeepUsing: { code: "buyer_mail_buy_again_to_keep_using", vi: (link: string) => `${link} để tiếp tục sử dụng.`, en: (link: string) => `${link} to keep using it.` },
  updateSubject: {
    code: "buyer_mail_update_subject",
    vi: (app: string, version: string) => `Bản cập nhật mới: ${app} ${version}`,
    en: (app: string, version: string) => `New version: ${app} ${version}`,
  },
  newVersion: {
    code: "buyer_mail_new_version",
    vi: (app: string, version: string) => `${app} vừa có phiên bản mới: ${version}.`,
    en: (app: string, version: string) => `${app} has a new version: ${version}.`,
  },
  updateAt: { code: "buyer_mail_update_at", vi: "Xem thay đổi và tải bản cập nhật tại:", en: "See what changed and download the update here:" },
  update: { code: "buyer_mail_update", vi: "Xem và tải bản cập nhật", en: "See and download the update" },
  boughtAt: {
    code: "buyer_mail_bought_at",
    vi: (site: string) => `Bạn nhận email này vì đã mua key tại ${site}.`,
    en: (site: string) => `You are receiving this email because you bought a key at ${site}.`,
  },
  unsubscribeAt: { code: "buyer_mail_unsubscribe_at", vi: "Không muốn nhận email thông báo nữa? Hủy nhận tại:", en: "Don't want these notices any more? Unsubscribe here:" },
  unsubscribe: { code: "buyer_mail_unsubscribe", vi: "Hủy nhận email thông báo", en: "Unsubscribe from these notices" },
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

/** The admin's bans of a phone or an address range (workers/licensing/bans.ts); a reason's rule is the key screen's too (workers/shared/licensing/key-changes.ts). */
export const BAN_MESSAGES = {
  ...BAN_REASON_MESSAGES,
  ...defineMessages({
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
    untilInvalid: { code: "ban_until_invalid", vi: "Thời điểm hết chặn không hợp lệ", en: "Invalid end of the ban" },
    untilPast: { code: "ban_until_past", vi: "Thời điểm hết chặn phải ở tương lai", en: "The end of the ban must be in the future" },
    appNotFound: { code: "ban_app_not_found", vi: "Không tìm thấy ứng dụng", en: "App not found" },
  }),
};

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
