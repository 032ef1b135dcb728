// The words of the trial offer on an app page (issue 55 item 3, app/licensing/TrialOffer.tsx);
// English twin: app/i18n/en/catalogue/trial.ts.
import { defineWords } from "../../words";

export const trialWords = defineWords("trial", {
  heading: "Dùng thử miễn phí",
  intro: (hours: number) => `Nhận một key dùng thử ${hours} giờ, tính từ lần kích hoạt đầu tiên. Mỗi tài khoản và mỗi thiết bị chỉ được dùng thử một lần.`,
  tryIt: "Dùng thử",
  signIn: "Đăng nhập để dùng thử",
  claiming: "Đang nhận key...",
  yourKey: "Key dùng thử của bạn:",
  keyLabel: "key dùng thử",
  copied: "Đã sao chép key!",
  failed: "Không thể nhận key dùng thử. Vui lòng thử lại.",
});
