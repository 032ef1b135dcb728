// The profile's words (docs/product.md §2 "Profile"): the account tab, the tabs, the lists' states
// and the e-mail switch; the layout and the purchases tab have their own (profile-layout.ts,
// purchases.ts). Vietnamese, the specification's; English twin: app/i18n/en/profile.ts.
import { SESSION_EXPIRED_MESSAGE } from "@workers/shared/error-texts";
import { defineWords } from "../../words";

export const profileWords = defineWords("profile", {
  loadFailed: "Lỗi khi tải dữ liệu người dùng",
  retry: "Thử lại",
  sessionExpired: SESSION_EXPIRED_MESSAGE,
  loading: "Đang tải...",
  tabProfile: "Hồ sơ",
  tabWallet: "Ví tiền",
  tabPurchases: "Lịch sử mua hàng",
  tabs: "Hồ sơ và ví tiền",
  joined: (date: string) => `Tham gia ngày ${date}`,
  google: "Tài khoản Google",
  balance: "Số dư",
  stats: "Thống kê",
  walletBalance: "Số dư ví",
  spent: "Tổng đã chi",
  keys: "Key đã mua",
  account: "Thông tin tài khoản",
  security: "Bảo mật",
  changePassword: "Đổi mật khẩu",
  createPassword: "Tạo mật khẩu",
  username: "Tên đăng nhập",
  firstName: "Họ",
  lastName: "Tên",
  lastLogin: "Đăng nhập gần nhất",
  notSet: "Chưa cập nhật",
  mail: "Nhận email thông báo",
  mailHint: "Email nhắc khi key sắp hết hạn và khi ứng dụng bạn đã mua có bản cập nhật mới.",
  mailFailed: "Không thể lưu cài đặt email. Vui lòng thử lại.",
  moveFailed: "Không thể đổi thiết bị. Vui lòng thử lại.",
});
