// The words of the form pieces every form shares (app/ui/Field.tsx) and of the browser's
// pre-checks' list (app/ui/forms/validation.ts). English twin: app/i18n/en/forms.ts. The pre-checks'
// messages are the schemas' declared Messages (workers/shared/message.ts), said in the page's language.
import { FIELD_LABELS, VALIDATION_FALLBACK, VALIDATION_HEADING } from "@workers/shared/refusals/words";
import { FALLBACK_ERROR } from "@workers/shared/error-texts";
import { defineWords } from "../words";

export const formsWords = defineWords("forms", {
  showPassword: "Hiện mật khẩu",
  hidePassword: "Ẩn mật khẩu",
  /** What went wrong when nothing better is known (docs/product.md §8). */
  unexpected: FALLBACK_ERROR,
  /** A field's name in the list of a refused submission and in a toast's "Label: message" line. */
  fieldLabel: (field: string) => FIELD_LABELS[field] ?? field,
  /** The heading of that list (validationSummary's, workers/shared/refusals/words.ts), and the one without a line. */
  summaryHeading: VALIDATION_HEADING,
  summaryFallback: VALIDATION_FALLBACK,
});
