import type { homeWords } from "../../vi/catalogue/home";
import type { EnglishOf } from "../../words";

export const home: EnglishOf<typeof homeWords> = {
  description: "Download iOS apps, modded games, IPA, TestFlight and DEB tweaks (rootless, rootful, roothide). Buy licence keys with your wallet; top up with VietQR or a phone card.",
  intro: "Apps and modded games for iOS: IPA, TestFlight, TIPA and DEB tweaks for rootless, rootful and roothide.",
  found: (count: number, shown: string) => `${shown} ${count === 1 ? "app" : "apps"} found`,
  noMatch: "No apps found.",
  clearSearch: "Clear the search",
  emptyCatalogue: "No apps yet",
  emptyPage: "There are no apps on this page.",
  firstPage: "Go to the first page",
  appList: "Apps",
  lastUpdated: (when: string) => `Last updated: ${when}`,
  needHelp: "Need help? Contact us:",
  searchLabel: "Search apps",
  searchPlaceholder: "Search by name, developer or bundle ID...",
  typeLabel: "App type",
  allTypes: "All types",
  search: "Search",
  pagination: "App pages",
  previousPage: "← Previous page",
  nextPage: "Next page →",
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
};
