// The product's error messages (docs/product.md §8), and turning a failed answer's body into one message for a toast,
// in the product's order: message, detail, first non_field_errors, errors as "Label: message" lines,
// any string value. Shared: the API answers with the same words the screens fall back on. The words
// live apart, re-exported here: the four one-line texts in error-texts.ts, the rest in
// refusals/words.ts, so a page that shows one of them does not load this rule (decision 0081).
import { FALLBACK_ERROR } from "./error-texts";
import { FIELD_LABELS, VALIDATION_FALLBACK, VALIDATION_HEADING } from "./refusals/words";

export { FALLBACK_ERROR, NETWORK_ERROR, SERVER_UNREACHABLE, SESSION_EXPIRED_MESSAGE } from "./error-texts";
export { ACCESS_DENIED_MESSAGE, FIELD_LABELS, SECOND_FACTOR_REQUIRED_MESSAGE, VALIDATION_FALLBACK, VALIDATION_HEADING } from "./refusals/words";

function firstString(value: unknown): string | null {
  if (typeof value === "string" && value.trim()) return value;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = firstString(item);
      if (found) return found;
    }
  }
  return null;
}

/** "Label: message" for each field error, in the order the server sent them; a form may name its own fields. */
export function fieldErrorLines(errors: unknown, labels: Record<string, string> = {}): string[] {
  if (!errors || typeof errors !== "object" || Array.isArray(errors)) return [];
  const lines: string[] = [];
  for (const [field, value] of Object.entries(errors)) {
    const message = firstString(value);
    if (message) lines.push(field === "non_field_errors" ? message : `${labels[field] ?? FIELD_LABELS[field] ?? field}: ${message}`);
  }
  return lines;
}

/**
 * A refused submission's field errors as the product's list (docs/product.md §8): "Label: message" lines under the
 * heading, or the fallback alone when none can be read. Null when no field is at fault: errors
 * about the whole form (non_field_errors) are the form's own alert, not this list.
 */
export function validationSummary(errors: Record<string, unknown> | null | undefined, labels?: Record<string, string>): { heading: string; lines: string[] } | null {
  const fields = Object.entries(errors ?? {}).filter(([field]) => field !== "non_field_errors");
  if (fields.length === 0) return null;
  const lines = fieldErrorLines(Object.fromEntries(fields), labels);
  return lines.length ? { heading: VALIDATION_HEADING, lines } : { heading: VALIDATION_FALLBACK, lines: [] };
}

export function extractErrorMessage(body: unknown): string {
  if (typeof body === "string" && body.trim()) return body;
  if (!body || typeof body !== "object") return FALLBACK_ERROR;
  const record = body as Record<string, unknown>;
  const direct = firstString(record.message) ?? firstString(record.detail) ?? firstString(record.non_field_errors);
  if (direct) return direct;
  const lines = fieldErrorLines(record.errors);
  if (lines.length) return lines.join("\n");
  for (const value of Object.values(record)) {
    const found = firstString(value);
    if (found) return found;
  }
  return FALLBACK_ERROR;
}
