// The words of the form pieces every form shares (app/ui/Field.tsx) and of the browser's
// pre-checks (app/ui/forms/validation.ts). English twin: app/i18n/en/forms.ts.
import { FIELD_LABELS } from "@workers/shared/error-messages";
import { FALLBACK_ERROR } from "@workers/shared/error-texts";
import { defineWords } from "../words";

export const formsWords = defineWords("forms", {
  showPassword: "Hiện mật khẩu",
  hidePassword: "Ẩn mật khẩu",
  /** What went wrong when nothing better is known (docs/product.md §8). */
  unexpected: FALLBACK_ERROR,
  /** A field's name in the list of a refused submission and in a toast's "Label: message" line. */
  fieldLabel: (field: string) => FIELD_LABELS[field] ?? field,
  /** The heading of that list, as validationSummary words it (in Vietnamese, the store's language). */
  summaryHeading: (heading: string) => heading,
  /** A pre-check's message: the account schemas speak Vietnamese, the store's language. */
  message: (message: string) => message,
});
