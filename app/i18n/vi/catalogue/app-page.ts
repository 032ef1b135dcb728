// An app page's own words: its facts, sections, gallery and full-screen viewer, and the page of a
// missing app (Vietnamese, the specification's; English twin: app/i18n/en/app-page.ts). App names
// and descriptions are the shop's own words and are not here.
import { defineWords } from "../../words";

export const appPageWords = defineWords("appPage", {
  breadcrumb: "Đường dẫn trang",
  home: "← Trang chủ",
  version: "Phiên bản",
  minimumIos: "iOS tối thiểu",
  description: "Mô tả",
  features: "Tính năng",
  support: "Hỗ trợ",
  supportIntro: "Gặp vấn đề khi cài đặt? Liên hệ với chúng tôi.",
  testFlightMissing: "This is not a TestFlight app or URL is missing",
  downloadFor: (appName: string) => `Tải ${appName} cho iOS`,
  media: "Hình ảnh & video",
  viewFullScreen: "Xem ảnh toàn màn hình",
  thumbnails: "Ảnh thu nhỏ",
  thumbnailImage: (position: number) => `Ảnh ${position}`,
  thumbnailVideo: (position: number) => `Video ${position}`,
  imageOf: (appName: string, position: number) => `${appName}: ảnh ${position}`,
  previousImage: "Ảnh trước",
  nextImage: "Ảnh sau",
  notFound: "Không tìm thấy ứng dụng",
  notFoundMessage: "Ứng dụng bạn tìm không tồn tại hoặc đã bị gỡ.",
  paused: "Ứng dụng đang tạm dừng",
  pausedKeys: "Thời hạn key đã mua được giữ nguyên và cộng lại khi ứng dụng hoạt động trở lại. Tạm ngừng bán key trong thời gian này.",
});
