// The home page's words: the catalogue's search, its pages and its empty states (Vietnamese, the
// specification's; English twin: app/i18n/en/home.ts).
import { defineWords } from "../../words";

export const homeWords = defineWords("home", {
  description: "Tải ứng dụng iOS, game mod, IPA, TestFlight và tweak DEB (rootless, rootful, roothide). Mua key bản quyền bằng ví, nạp tiền qua VietQR hoặc thẻ cào.",
  intro: "Ứng dụng và game mod cho iOS: IPA, TestFlight, TIPA và tweak DEB cho rootless, rootful, roothide.",
  /** The specification writes the count as it is; `shown` is the page's own writing of it. */
  found: (count: number, _shown: string) => `Tìm thấy ${count} ứng dụng`,
  noMatch: "Không tìm thấy ứng dụng nào.",
  clearSearch: "Xoá tìm kiếm",
  emptyCatalogue: "Chưa có ứng dụng nào",
  emptyPage: "Trang này không có ứng dụng nào.",
  firstPage: "Về trang đầu",
  appList: "Danh sách ứng dụng",
  lastUpdated: (when: string) => `Cập nhật lần cuối: ${when}`,
  needHelp: "Cần hỗ trợ? Liên hệ với chúng tôi:",
  searchLabel: "Tìm ứng dụng",
  searchPlaceholder: "Tìm theo tên, nhà phát triển hoặc bundle ID...",
  typeLabel: "Loại ứng dụng",
  allTypes: "Tất cả loại",
  search: "Tìm kiếm",
  pagination: "Phân trang ứng dụng",
  previousPage: "← Trang trước",
  nextPage: "Trang sau →",
  pageOf: (page: number, pages: number) => `Trang ${page} / ${pages}`,
});
