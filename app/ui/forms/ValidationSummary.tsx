// A refused form's field errors in one list (docs/product.md §8).
import { fieldErrorLines, validationSummary } from "@workers/shared/error-messages";
import { formsWords } from "~/i18n/vi/forms";
import { Alert } from "~/ui/Alert";
import { summaryLineId } from "~/ui/Field";
import { useWords } from "~/i18n/words";

/**
 * The field errors of a submission the server refused, listed under 'Vui lòng sửa các lỗi sau:'
 * (docs/product.md §8); nothing when no field is at fault. `labels` names fields the shared list does not.
 * The heading and the shared list's names are in the page's language; the messages are the server's.
 * `shownBelow`: the fields whose error the form already says under the field, left out so that
 * nothing is said twice (issue 53 item 4).
 */
export function ValidationSummary({ errors, labels, shownBelow = [] }: { errors: Record<string, string[]> | null | undefined; labels?: Record<string, string>; shownBelow?: readonly string[] }) {
  const words = useWords(formsWords);
  const left = errors ? Object.fromEntries(Object.entries(errors).filter(([field]) => !shownBelow.includes(field))) : errors;
  const named = { ...Object.fromEntries(Object.keys(left ?? {}).map((field) => [field, words.fieldLabel(field)])), ...labels };
  const summary = validationSummary(left, named);
  if (!summary) return null;
  // Each field's line carries an id, so a field whose error is said here (TextField's `summarized`) names it.
  const lines = Object.entries(left ?? {}).flatMap(([field, messages]) => (field === "non_field_errors" ? [] : fieldErrorLines({ [field]: messages }, named).map((line) => ({ field, line }))));
  return (
    <Alert title={summary.lines.length > 0 ? words.summaryHeading : words.summaryFallback} testId="validation-summary">
      {lines.length > 0 && (
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {lines.map(({ field, line }) => (
            <li key={field} id={summaryLineId(field)}>
              {line}
            </li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
