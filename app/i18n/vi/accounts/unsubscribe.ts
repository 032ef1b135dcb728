// The page a buyer notice's unsubscribe link opens (/unsubscribe; English twin: app/i18n/en/unsubscribe.ts).
import { MAIL_PREFERENCE_MESSAGES } from "@workers/accounts/messages";
import { FALLBACK_ERROR } from "@workers/shared/error-texts";
import { defineWords } from "../../words";

export const unsubscribeWords = defineWords("unsubscribe", {
  title: "Hủy nhận email thông báo",
  explained: "Bạn sẽ không nhận email nhắc key sắp hết hạn và email báo bản cập nhật mới nữa. Bạn có thể bật lại bất cứ lúc nào trong trang Hồ sơ.",
  /** A link without its token: the API's own words for a link it refuses. */
  linkInvalid: MAIL_PREFERENCE_MESSAGES.linkInvalid.in("vi"),
  confirm: "Xác nhận hủy nhận email",
  working: "Đang xử lý...",
  home: "Về trang chủ",
  /** What went wrong when nothing better is known (docs/product.md §8). */
  failed: FALLBACK_ERROR,
});
