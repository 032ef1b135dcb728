import type { catalogueWords } from "../../vi/catalogue/catalogue";
import type { EnglishOf } from "../../words";

export const catalogue: EnglishOf<typeof catalogueWords> = {
  size: "Size",
  downloads: "Downloads",
  downloadCount: (count: number, shown: string) => `${shown} ${count === 1 ? "download" : "downloads"}`,
  updated: "Updated",
  openTestFlight: "Open TestFlight",
  installViaSafari: "Install with Safari",
  download: (type: string) => `Download ${type}`,
};
