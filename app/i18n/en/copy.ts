import type { copyWords } from "../vi/copy";
import type { EnglishOf } from "../words";

export const copy: EnglishOf<typeof copyWords> = {
  copy: (what: string) => `Copy ${what}`,
  copied: (what: string) => `Copied ${what}`,
  failed: "Could not copy",
};
