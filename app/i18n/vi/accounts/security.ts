// The security page's words (/profile/security: the account's second factor and signed-in phones; English twin:
// app/i18n/en/security.ts). The code fields and recovery codes are app/i18n/vi/second-factor.ts.
import { defineWords } from "../../words";

export const securityWords = defineWords("security", {
  title: "Bảo mật",
  loading: "Đang tải cài đặt bảo mật...",
  loadFailed: "Lỗi khi tải cài đặt bảo mật",
  profile: "Hồ sơ",
  twoFactor: "Xác thực hai lớp",
  on: "Đang bật",
  off: "Chưa bật",
  /** The status line's parts after "Đang bật": since when, the codes left, whether it is required. */
  since: (date: string) => ` từ ${date}`,
  codesLeft: (count: number) => ` · còn ${count} mã khôi phục`,
  required: " · bắt buộc với tài khoản quản trị",
  confirm: "Xác nhận",
  cancel: "Hủy",
  requiredIntro: "Tài khoản quản trị cần xác thực hai lớp trước khi vào trang quản trị.",
  optionalIntro: "Bảo vệ tài khoản bằng mã 6 số từ ứng dụng xác thực trên điện thoại, ngoài mật khẩu.",
  currentPassword: "Mật khẩu hiện tại",
  passwordToEnable: "Nhập mật khẩu để xác nhận đây là bạn. Các thiết bị khác đang đăng nhập sẽ bị đăng xuất.",
  passwordToMove: "Cần khi đổi điện thoại xác thực.",
  noPassword: "Tài khoản chưa có mật khẩu: cần đăng nhập lại bằng Google trong vòng 10 phút trước khi bật hoặc đổi điện thoại xác thực.",
  enable: "Bật xác thực hai lớp",
  notVerified: "Phiên đăng nhập này chưa xác thực hai lớp. Hãy đăng nhập lại và nhập mã từ ứng dụng xác thực để vào trang quản trị.",
  signInAgain: "Đăng nhập lại",
  toAdmin: "Vào trang quản trị",
  changeIntro: "Nhập một mã mới từ ứng dụng xác thực (hoặc một mã khôi phục) để thay đổi.",
  newRecoveryCodes: "Tạo mã khôi phục mới",
  movePhone: "Đổi điện thoại xác thực",
  disable: "Tắt xác thực hai lớp",
  // The phones signed in through Sileo or Zebra (app/accounts/SignedInPhones.tsx).
  phonesTitle: "Điện thoại đã đăng nhập (Sileo / Zebra)",
  phonesEmpty: "Chưa có điện thoại nào đăng nhập.",
  phoneLine: (model: string, udidEnd: string, date: string) => `${model || "iPhone"} · …${udidEnd} · từ ${date}`,
  signOutPhone: "Đăng xuất",
});
