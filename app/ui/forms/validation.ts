// The browser pre-checks a form with the same zod schema the API validates it with
// (workers/schemas), for quick feedback only: the server decides. A schema's message is a declared
// Message (its token, workers/shared/message.ts), said in the page's language.
import { saidOfIssue } from "@workers/shared/message";
import { useEffect, useState } from "react";
import type { z } from "zod";
import { type Locale, localeOf } from "~/i18n/locale";
import type { FieldErrors } from "../../platform/api";

/** The first message per field in `locale`, keyed like the API's `errors`; empty when the values pass. */
export function checkWith(schema: z.ZodType, values: unknown, locale: Locale): FieldErrors {
  const result = schema.safeParse(values);
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = typeof issue.path[0] === "string" ? issue.path[0] : "non_field_errors";
    // A declared message travels through zod as its token (workers/shared/message.ts).
    const said = saidOfIssue(issue.message);
    errors[field] ??= [typeof said === "string" ? said : said.in(locale)];
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

type AuthSchemas = typeof import("@workers/accounts/schemas/auth");
let authSchemas: Promise<AuthSchemas> | null = null;

/**
 * zod and the account schemas, fetched when a form is first used rather than with the page: they
 * are a quarter of the login page's JavaScript, and only someone typing needs them.
 */
export function loadAuthSchemas(): Promise<AuthSchemas> {
  authSchemas ??= import("@workers/accounts/schemas/auth").catch((error) => {
    authSchemas = null; // a failed fetch may succeed next time
    throw error;
  });
  return authSchemas;
}

/**
 * The pre-check of a form against one of the account schemas, in the language of the page it runs
 * on (a submit, in the browser); none (the server decides) if they can't load.
 */
export async function precheckWith(pick: (schemas: AuthSchemas) => z.ZodType, values: unknown): Promise<FieldErrors> {
  try {
    return checkWith(pick(await loadAuthSchemas()), values, localeOf(window.location.pathname));
  } catch {
    return {};
  }
}

/**
 * The account schemas for a check while typing: fetched once the form is drawn (not with the
 * page), null until they arrive; the server decides what is sent before then.
 */
export function useAuthSchemas(): AuthSchemas | null {
  const [schemas, setSchemas] = useState<AuthSchemas | null>(null);
  useEffect(() => {
    let current = true;
    loadAuthSchemas().then(
      (loaded) => current && setSchemas(loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return schemas;
}
