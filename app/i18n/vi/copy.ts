// The copy button's words (app/ui/CopyButton.tsx; English twin: app/i18n/en/copy.ts).
import { defineWords } from "../words";

export const copyWords = defineWords("copy", {
  /** Its name: "Sao chép {what}", once copied "Đã sao chép {what}". */
  copy: (what: string) => `Sao chép ${what}`,
  copied: (what: string) => `Đã sao chép ${what}`,
  failed: "Không thể sao chép",
});
