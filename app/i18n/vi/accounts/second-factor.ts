// The second factor: the sign-in's second step (/login/verify) and its pieces
// (app/accounts/SecondFactor.tsx, the code fields; SecondFactorSetup.tsx, the enrolment steps and
// the recovery codes; also on the security page). English twin: app/i18n/en/second-factor.ts.
import { defineWords } from "../../words";

export const secondFactorWords = defineWords("secondFactor", {
  verifyTitle: "Xác thực hai lớp",
  verifyDescription: "Nhập mã 6 số trong ứng dụng xác thực của bạn, hoặc một mã khôi phục.",
  enrolTitle: "Bật xác thực hai lớp",
  enrolDescription: "Tài khoản quản trị cần xác thực hai lớp. Thêm tài khoản vào ứng dụng xác thực trên điện thoại để tiếp tục.",
  enrolledTitle: "Đã bật xác thực hai lớp",
  enrolledDescription: "Từ nay, mỗi lần đăng nhập bạn sẽ nhập mã từ ứng dụng xác thực.",
  savedContinue: "Tôi đã lưu mã, tiếp tục",
  noChallenge: "Vui lòng đăng nhập bằng mật khẩu trước.",
  loading: "Đang tải...",
  verifying: "Đang xác thực...",
  confirm: "Xác nhận",
  signedIn: "Đăng nhập thành công!",
  backToLogin: "Quay lại đăng nhập",
  stepOpen: "Mở ứng dụng xác thực (Google Authenticator, Microsoft Authenticator, 2FAS…).",
  stepScan: "Quét mã QR bên dưới (trên chính điện thoại này: bấm nút mở ứng dụng), hoặc nhập khóa bí mật bằng tay.",
  stepCode: "Nhập mã 6 số ứng dụng hiển thị để xác nhận.",
  qrAlt: "Mã QR để thêm tài khoản vào ứng dụng xác thực",
  openApp: "Mở ứng dụng xác thực",
  secret: "Khóa bí mật (nhập bằng tay)",
  /** What the copy button copies: "Sao chép khóa bí mật". */
  secretName: "khóa bí mật",
  secretCopied: "Đã sao chép khóa bí mật",
  code: "Mã xác thực",
  codeHint: "Mã 6 số trong ứng dụng xác thực.",
  recoveryCode: "Mã khôi phục",
  recoveryCodeHint: "Một mã dạng xxxxx-xxxxx trong danh sách bạn đã lưu. Mỗi mã dùng được một lần.",
  useAppCode: "Dùng mã trong ứng dụng xác thực",
  useRecoveryCode: "Dùng mã khôi phục",
  recoveryCodes: "Mã khôi phục",
  recoveryCodesNote: "Lưu các mã này ở nơi an toàn. Mỗi mã thay cho mã xác thực một lần khi bạn mất điện thoại. Các mã chỉ hiển thị lần này.",
  /** What the copy button copies: "Sao chép mã khôi phục". */
  recoveryCodesName: "mã khôi phục",
  recoveryCodesCopied: "Đã sao chép mã khôi phục",
  download: "Tải xuống",
  /** The downloaded file: its first line and its name. */
  fileHeading: "Mã khôi phục xác thực hai lớp (mỗi mã dùng một lần)",
  fileName: "ma-khoi-phuc.txt",
});
