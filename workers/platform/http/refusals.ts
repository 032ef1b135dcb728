// Every refusal the API answers, in the reader's language and with its code (docs/api.md
// "Refusals", docs/decisions/0044 and 0068): {success:false, code, message, errors?}. A refusal
// carries a declared Message (workers/shared/message.ts), answered with the Message's own code and
// its text in the reader's language. Nothing here turns a text into another language: a plain text
// (an error nobody declared, a bug) is answered as it was written, with its status's code.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { logEvent } from "../../lib/log";
import { hasVietnameseLetters, type Lang, langOfRequest } from "../../shared/lang";
import { isMessage, type Said } from "../../shared/message";
import { InsufficientFundsError, RateLimitedError } from "../errors";
import { type ErrorAnswer, errorAnswer, errorBody, type FieldErrors, HttpError } from "./api-errors";
import { langOf } from "./context";

/** The code of a refusal whose message names none, by its status. */
const STATUS_CODES: Partial<Record<number, string>> = {
  400: "validation_failed",
  401: "unauthenticated",
  402: "insufficient_balance",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "body_too_large",
  429: "rate_limited",
  500: "server_error",
  503: "unavailable",
};

/**
 * A refusal's code. What the refusal is decides first (a failure, a limit, a short balance, a body
 * its schema refused: the message names only the first field's problem), then its message's own
 * code, then its status.
 */
function codeOf(status: number, message: Said, errors: FieldErrors | undefined, error?: Error): string {
  if (status === 500) return "server_error";
  if (status === 429 || error instanceof RateLimitedError) return "rate_limited";
  if (status === 402 || error instanceof InsufficientFundsError) return "insufficient_balance";
  if (status === 400 && errors !== undefined && (error === undefined || error instanceof HttpError)) return "validation_failed";
  return (isMessage(message) ? message.code : undefined) ?? STATUS_CODES[status] ?? "refused";
}

/**
 * A message in `lang`: a declared Message in its own words; a plain text as it was written (a
 * Vietnamese one to an English reader is a message nobody declared: logged, never guessed at).
 */
function said(message: Said, lang: Lang): string {
  if (isMessage(message)) return message.in(lang);
  if (lang === "en" && hasVietnameseLetters(message)) logEvent("warn", "message_undeclared", { message: message.slice(0, 300) });
  return message;
}

/**
 * A refusal's body in `lang`, with its code: the store's error shape, and whatever else the
 * refusal carries (the 402's required and current, the 500's error_id).
 */
function spoken(status: number, body: Record<string, unknown>, lang: Lang, error?: Error): Record<string, unknown> {
  const { success: _success, message, errors, ...rest } = body as { success: false; message: Said; errors?: FieldErrors };
  const code = codeOf(status, message, errors, error);
  const fields = errors && Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages.map((text) => said(text, lang))]));
  return { success: false, code, message: said(message, lang), ...(fields ? { errors: fields } : {}), ...rest };
}

/** A refusal answered without an error (a route's own 4xx, the routers' 404, the body limit's 413). */
export function refusalBody(status: number, message: Said, lang: Lang, errors?: FieldErrors): Record<string, unknown> {
  return spoken(status, errorBody(message, errors), lang);
}

/** refusalBody as a Response, for code that answers without hono (workers/index.ts, health.ts). */
export function refusalResponse(request: Request, status: number, message: Said, headers?: HeadersInit): Response {
  return Response.json(refusalBody(status, message, langOfRequest(request)), { status, headers });
}

/**
 * What every router answers for an error it did not answer itself (the API, the feeds, the key
 * check): errorAnswer's status and headers, its body in `lang` with its code.
 */
export function refusalAnswer(error: Error, request: Request, lang: Lang = langOfRequest(request)): ErrorAnswer {
  const answer = errorAnswer(error, request);
  return { ...answer, body: spoken(answer.status, answer.body, lang, error) };
}

/** refusalAnswer as a router's onError. */
export function answerError(error: Error, c: Context): Response {
  const { status, body, headers } = refusalAnswer(error, c.req.raw, langOf(c));
  return c.json(body, status, headers);
}

/** A refusal a router answers itself, in the request's language (notFound, the body limit). */
export function answerRefusal(c: Context, status: ContentfulStatusCode, message: Said): Response {
  return c.json(refusalBody(status, message, langOf(c)), status);
}
