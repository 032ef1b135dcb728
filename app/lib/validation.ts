// The browser pre-checks a form with the same zod schema the API validates it with
// (workers/schemas), for quick feedback only: the server decides.
import type { z } from "zod";
import type { FieldErrors } from "./api";

/** The first message per field, keyed like the API's `errors`; empty when the values pass. */
export function checkWith(schema: z.ZodType, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = typeof issue.path[0] === "string" ? issue.path[0] : "non_field_errors";
    errors[field] ??= [issue.message];
  }
  return errors;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** Moves focus to the first field with an error, so keyboard and screen-reader users land on it. */
export function focusFirstError(form: HTMLFormElement | null, errors: FieldErrors, order: readonly string[]) {
  const field = order.find((name) => errors[name]?.length);
  if (!field || !form) return;
  const input = form.elements.namedItem(field);
  if (input instanceof HTMLElement) input.focus();
}
