// The words the catalogue's shared pieces carry to both the home page and the app pages: a card's
// facts and the app page's download button (Vietnamese, the specification's; English twin:
// app/i18n/en/catalogue.ts). They ride in the "catalogue" chunk (vite.config.ts). Each page's own
// words are in home.ts and app-page.ts; app names and descriptions are the shop's own words.
import { defineWords } from "../../words";

export const catalogueWords = defineWords("catalogue", {
  size: "Dung lượng",
  downloads: "Lượt tải",
  /** `shown`: the count as the page writes it. */
  downloadCount: (_count: number, shown: string) => `${shown} lượt tải`,
  updated: "Cập nhật",
  openTestFlight: "Mở TestFlight",
  installViaSafari: "Cài đặt qua Safari",
  download: (type: string) => `Tải xuống ${type}`,
});
