// The profile layout's words (app/routes/profile/route.tsx): its title, its loading and failed
// states. Apart from the profile's own words so each route's chunk carries only its own
// (Vietnamese, the specification's; English twin: app/i18n/en/profileLayout.ts).
import { defineWords } from "../../words";

export const profileLayoutWords = defineWords("profileLayout", {
  title: "Hồ sơ",
  loading: "Đang tải hồ sơ...",
  loadFailed: "Lỗi khi tải dữ liệu người dùng",
  noUser: "Không có dữ liệu người dùng.",
  retry: "Thử lại",
});
