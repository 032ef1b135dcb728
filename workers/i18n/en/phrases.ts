// The English of the store's one-off Vietnamese words: what a schema, a route or a package reader
// says once, without a dictionary of its own (keyed by the Vietnamese text itself), and the shapes
// of the texts those words are built into. tests/unit/english.test.ts finds every Vietnamese text
// in workers/ and fails when neither a dictionary nor this page knows it.
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
  // money
  ["Số tiền không hợp lệ", "Invalid amount"],
  ["ID người dùng không hợp lệ", "Invalid user ID"],
  ["Vui lòng nhập ghi chú", "Please enter a note"],
  ["Phiên kết nối ví không hợp lệ hoặc đã hết hạn", "The wallet connection ticket is invalid or has expired", "live_ticket_invalid"],
  ["Phải là số dương", "Must be a positive number"],
  ["Phần trăm từ 1 đến 100", "The percentage must be from 1 to 100"],
  ["Thời hạn từ 1 đến 365 ngày", "The duration must be from 1 to 365 days"],
  ["Phần trăm phải là số nguyên", "The percentage must be a whole number"],
  ["Vui lòng nhập tên khuyến mãi", "Please enter the promotion's name"],
  ["Mã chỉ gồm chữ, số, gạch ngang", "The code may only contain letters, digits and hyphens"],
  ["Vui lòng nhập số tiền tối thiểu", "Please enter the minimum amount"],
  ["Số tiền nạp tối thiểu không hợp lệ", "Invalid minimum top-up amount"],
  ["Ngày bắt đầu không hợp lệ", "Invalid start date"],
  ["Ngày kết thúc không hợp lệ", "Invalid end date"],
  ["Vui lòng nhập số tiền thưởng", "Please enter the bonus amount"],
  ["Vui lòng thêm ít nhất một mức", "Please add at least one tier"],
  ["Phải lớn hơn số tiền nạp tối thiểu", "Must be greater than the minimum top-up amount"],
  // money/cards.ts and vietqr.ts: a card's or a transfer's state, as its answers show it
  ["Đang xử lý", "Processing"],
  ["Thành công", "Successful"],
  ["Thất bại", "Failed"],
  ["Thẻ không hợp lệ", "Invalid card"],
  ["Thẻ đã được sử dụng", "Card already used"],
  ["Sai mệnh giá", "Wrong card value"],
  ["Lỗi hệ thống", "System error"],
  ["Đang chờ thanh toán", "Awaiting payment"],
  ["Đã thanh toán", "Paid"],
  ["Đã hủy", "Cancelled"],
  ["Đã hết hạn", "Expired"],
  // lib/packages: why a package cannot be read (inside "Tệp IPA không hợp lệ: …")
  ["Tệp không phải IPA hợp lệ", "The file is not a valid IPA"],
  ["Tệp không phải DEB hợp lệ", "The file is not a valid DEB"],
  ["Không tìm thấy tệp control trong DEB", "No control file found in the DEB"],
  ["Tệp control của DEB thiếu trường Package", "The DEB's control file has no Package field"],
  [
    "Định dạng control.tar.zst (zstd) chưa được hỗ trợ: hãy đóng gói DEB bằng xz hoặc gzip (dpkg-deb -Zxz hoặc -Zgzip)",
    "The control.tar.zst (zstd) format is not supported yet: build the DEB with xz or gzip (dpkg-deb -Zxz or -Zgzip)",
  ],
  ["đầu tệp", "the file's header"],
  ["đầu mục ar", "an ar member's header"],
  ["bảng tên ar", "the ar name table"],
  ["tên mục ar", "an ar member's name"],
  ["tên mục ar quá dài", "an ar member's name is too long"],
  ["tên mục ar dài hơn mục", "an ar member's name is longer than the member"],
  ["tệp bị cắt cụt", "the file is cut short"],
  ["control.tar hỏng", "control.tar is damaged"],
  ["control.tar bị cắt cụt", "control.tar is cut short"],
  ["Không tìm thấy Info.plist trong IPA", "No Info.plist found in the IPA"],
  ["Không đọc được Info.plist trong IPA", "Could not read the IPA's Info.plist"],
  ["Không đọc được Info.plist trong IPA (không phải dict)", "Could not read the IPA's Info.plist (it is not a dict)"],
  ["Không đọc được Info.plist (plist hỏng)", "Could not read Info.plist (the plist is damaged)"],
  ["Không xác định được thời lượng video", "Could not tell how long the video is"],
  ["Tệp có kích thước hoặc vị trí vượt giới hạn", "The file has a size or position beyond the limit"],
  ["Mục lục của tệp zip quá lớn", "The zip file's directory is too large"],
  ["mục lục zip", "the zip directory"],
  ["mục lục zip hỏng", "damaged zip directory"],
  ["đầu mục zip", "a zip entry's header"],
  ["cuối tệp zip", "the end of the zip file"],
  ["zip nhiều phần không được hỗ trợ", "multi-part zip files are not supported"],
  ["ZIP64 hỏng", "damaged ZIP64 record"],
  ["thiếu ZIP64", "missing ZIP64 record"],
  ["mục lục nằm ngoài tệp", "the directory lies outside the file"],
  ["Tệp zip có quá nhiều mục (hơn 100.000)", "The zip file has too many entries (over 100,000)"],
  ["phần đệm sau stream sai", "wrong padding after the stream"],
  ["dữ liệu bị cắt cụt", "the data is cut short"],
  ["dữ liệu LZMA hỏng", "damaged LZMA data"],
  ["có dữ liệu thừa sau dữ liệu LZMA", "extra data after the LZMA data"],
  ["số nguyên độ dài thay đổi sai", "wrong variable-length integer"],
  ["kích thước vượt giới hạn", "size beyond the limit"],
  ["không phải định dạng xz", "not in the xz format"],
  ["dữ liệu thừa sau stream xz", "extra data after the xz stream"],
  ["CRC32 của đầu stream sai", "wrong CRC32 of the stream header"],
  ["cờ stream không được hỗ trợ", "unsupported stream flags"],
  ["chỉ mục không khớp với số khối", "the index does not match the number of blocks"],
  ["chỉ mục không khớp với các khối", "the index does not match the blocks"],
  ["CRC32 của chỉ mục sai", "wrong CRC32 of the index"],
  ["CRC32 của cuối stream sai", "wrong CRC32 of the stream footer"],
  ["kích thước chỉ mục ở cuối stream sai", "wrong index size in the stream footer"],
  ["cờ ở cuối stream khác đầu stream", "the stream footer's flags differ from its header's"],
  ["thiếu dấu kết thúc stream", "missing end-of-stream mark"],
  ["CRC32 của đầu khối sai", "wrong CRC32 of the block header"],
  ["cờ khối không được hỗ trợ", "unsupported block flags"],
  ["LZMA2 lặp", "repeated LZMA2"],
  ["thuộc tính LZMA2 sai", "wrong LZMA2 properties"],
  ["phần đệm đầu khối sai", "wrong block header padding"],
  ["kích thước nén của khối sai", "wrong compressed size of the block"],
  ["kích thước giải nén của khối sai", "wrong uncompressed size of the block"],
  ["CRC32 của dữ liệu sai", "wrong CRC32 of the data"],
  ["CRC64 của dữ liệu sai", "wrong CRC64 of the data"],
  ["SHA-256 của dữ liệu sai", "wrong SHA-256 of the data"],
  ["phần đệm sai", "wrong padding"],
  ["kích thước từ điển LZMA2 sai", "wrong LZMA2 dictionary size"],
  ["LZMA2 không bắt đầu bằng việc đặt lại từ điển", "LZMA2 does not start with a dictionary reset"],
  ["LZMA2 thiếu thuộc tính LZMA", "LZMA2 is missing its LZMA properties"],
  ["khối LZMA2 hỏng", "damaged LZMA2 block"],
  ["mã điều khiển LZMA2 sai", "wrong LZMA2 control code"],
  ["thuộc tính LZMA sai", "wrong LZMA properties"],
  ["thuộc tính LZMA không được hỗ trợ", "unsupported LZMA properties"],
  ["dữ liệu LZMA dài hơn kích thước đã khai báo", "the LZMA data is longer than its declared size"],
  ["khoảng cách LZMA vượt ra ngoài từ điển", "an LZMA distance reaches outside the dictionary"],
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
  // lib/packages: a reason in brackets after what the file is not, and the readers' own shapes.
  { regex: /^Tệp bị cắt cụt hoặc hỏng \(([\s\S]+) nằm ngoài tệp\)$/, english: (what) => `The file is cut short or damaged (${what} lies outside the file)`, samples: ["Tệp bị cắt cụt hoặc hỏng (mục lục zip nằm ngoài tệp)"] },
  { regex: /^Tệp bị cắt cụt hoặc hỏng \(không đọc đủ ([\s\S]+)\)$/, english: (what) => `The file is cut short or damaged (could not read all of ${what})`, samples: ["Tệp bị cắt cụt hoặc hỏng (không đọc đủ đầu tệp)"] },
  { regex: /^([\s\S]+) quá lớn khi giải nén \(giới hạn (\d+) MB\)$/, english: (what, limit) => `${what} is too large once decompressed (limit ${limit} MB)`, samples: ["control.tar.gz quá lớn khi giải nén (giới hạn 16 MB)"] },
  {
    regex: /^Không giải nén được ([\s\S]+?): kiểu kiểm tra xz (0x[0-9a-f]+) chưa được hỗ trợ$/,
    english: (what, check) => `Could not decompress ${what}: xz check type ${check} is not supported yet`,
    samples: ["Không giải nén được control.tar.xz: kiểu kiểm tra xz 0x4 chưa được hỗ trợ"],
  },
  {
    regex: /^Không giải nén được ([\s\S]+?): bộ lọc xz ([\s\S]+) chưa được hỗ trợ \(chỉ hỗ trợ LZMA2\)$/,
    english: (what, filter) => `Could not decompress ${what}: the xz filter ${filter} is not supported yet (only LZMA2 is)`,
    samples: ["Không giải nén được control.tar.xz: bộ lọc xz BCJ chưa được hỗ trợ (chỉ hỗ trợ LZMA2)"],
  },
  { regex: /^Không giải nén được ([\s\S]+?) \(([\s\S]+)\)$/, english: (what, why) => `Could not decompress ${what} (${why})`, samples: ["Không giải nén được control.tar.xz (dữ liệu LZMA hỏng)"] },
  { regex: /^Không giải nén được ([\s\S]+)$/, english: (what) => `Could not decompress ${what}`, samples: ["Không giải nén được control.tar.gz"] },
  { regex: /^Định dạng ([\s\S]+) chưa được hỗ trợ \(chỉ hỗ trợ control\.tar\.xz, control\.tar\.gz, control\.tar\.lzma và control\.tar\)$/, english: (name) => `The ${name} format is not supported yet (only control.tar.xz, control.tar.gz, control.tar.lzma and control.tar are)`, samples: ["Định dạng control.tar.bz2 chưa được hỗ trợ (chỉ hỗ trợ control.tar.xz, control.tar.gz, control.tar.lzma và control.tar)"] },
  { regex: /^Tệp ([\s\S]+) trong gói bị mã hoá, không đọc được$/, english: (name) => `The file ${name} in the package is encrypted and cannot be read`, samples: ["Tệp Payload/A.app/Info.plist trong gói bị mã hoá, không đọc được"] },
  { regex: /^Tệp ([\s\S]+) trong gói quá lớn để đọc$/, english: (name) => `The file ${name} in the package is too large to read`, samples: ["Tệp Payload/A.app/Info.plist trong gói quá lớn để đọc"] },
  { regex: /^Tệp ([\s\S]+) dùng kiểu nén (\d+) chưa được hỗ trợ$/, english: (name, method) => `The file ${name} uses compression method ${method}, which is not supported yet`, samples: ["Tệp Payload/A.app/Info.plist dùng kiểu nén 12 chưa được hỗ trợ"] },
  { regex: /^kích thước ([\s\S]+) sai$/, english: (name) => `wrong size of ${name}`, samples: ["kích thước Payload/A.app/Info.plist sai"] },
  { regex: /^đầu mục ([\s\S]+) hỏng$/, english: (name) => `damaged entry header of ${name}`, samples: ["đầu mục Payload/A.app/Info.plist hỏng"] },
  { regex: /^CRC của ([\s\S]+) sai$/, english: (name) => `wrong CRC of ${name}`, samples: ["CRC của Payload/A.app/Info.plist sai"] },
  { regex: /^([\s\S]+) quá lớn$/, english: (name) => `${name} is too large`, samples: ["control.tar.xz quá lớn"] },
];

/**
 * "Known text (known reason)", as the package readers write a reason after what the file is not:
 * both parts English, or the shape is not this text's (null).
 */
export const BRACKETED: Shape = {
  regex: /^([\s\S]+) \(([\s\S]+)\)$/,
  english: (what, why) => `${what} (${why})`,
  samples: [
    "Tệp không phải IPA hợp lệ (mục lục zip hỏng)",
    "Tệp không phải IPA hợp lệ (kích thước Payload/A.app/Info.plist sai)",
    "Tệp không phải IPA hợp lệ (đầu mục Payload/A.app/Info.plist hỏng)",
    "Tệp không phải IPA hợp lệ (CRC của Payload/A.app/Info.plist sai)",
    "Tệp không phải IPA hợp lệ (zip nhiều phần không được hỗ trợ)",
    "Tệp không phải IPA hợp lệ (ZIP64 hỏng)",
    "Tệp không phải IPA hợp lệ (thiếu ZIP64)",
    "Tệp không phải IPA hợp lệ (mục lục nằm ngoài tệp)",
    "Tệp không phải DEB hợp lệ (tên mục ar quá dài)",
    "Tệp không phải DEB hợp lệ (tên mục ar dài hơn mục)",
    "Tệp không phải DEB hợp lệ (tệp bị cắt cụt)",
    "Không tìm thấy tệp control trong DEB (control.tar hỏng)",
    "Không tìm thấy tệp control trong DEB (control.tar bị cắt cụt)",
  ],
};
