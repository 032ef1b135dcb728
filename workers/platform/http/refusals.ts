// Every refusal the API answers, in the reader's language and with its code (docs/api.md
// "Refusals", docs/decisions/0041 and 0044): {success:false, code, message, errors?}. A refusal that
// carries a declared Message (workers/shared/message.ts) is answered with the Message's own code and
// its text in the reader's language. One that still carries a Vietnamese text has its code found
// and, for a reader whose Accept-Language puts English first, its English, by the lookup the entry
// installs (the phrasebook, workers/i18n/registry.ts, until every text is declared: the platform
// imports no domain's words). A Vietnamese reader gets the same message, byte for byte.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { logEvent } from "../../lib/log";
import { hasVietnameseLetters, type Lang, langOfRequest } from "../../shared/lang";
import { isMessage, type Said } from "../../shared/message";
import { InsufficientFundsError, RateLimitedError } from "../errors";
import { type ErrorAnswer, errorAnswer, errorBody, type FieldErrors, HttpError } from "./api-errors";
import { langOf } from "./context";

/** What a Vietnamese text not declared yet is in English, and its code: null when unknown. */
export type TextLookUp = (text: string) => { code: string | null; english: string } | null;

let lookUpText: TextLookUp = () => null;

/**
 * Installs the lookup of the texts not declared yet (workers/api.ts installs the phrasebook). Until
 * it is installed, such a text keeps its status's code and is answered as it was written.
 */
export function lookUpUndeclaredWith(lookUp: TextLookUp): void {
  lookUpText = lookUp;
}

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
  const code = isMessage(message) ? message.code : lookUpText(message)?.code;
  return code ?? STATUS_CODES[status] ?? "refused";
}

/**
 * A message in `lang`: a declared Message in its own words; a Vietnamese text as it was written, or
 * its English from the phrasebook (a gap is logged, and answered in Vietnamese).
 */
function said(message: Said, lang: Lang): string {
  if (isMessage(message)) return message.in(lang);
  if (lang === "vi") return message;
  const english = lookUpText(message)?.english;
  if (english === undefined) logEvent("warn", "message_untranslated", { message: message.slice(0, 300) });
  return english ?? message;
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

/** A text a route answers (a success's `message`, a text inside its data), in the reader's language. */
export function toReader(c: Context, text: Said): string {
  return said(text, langOf(c));
}

/**
 * A success's `message` in the reader's language: the routes write what they did in Vietnamese,
 * as refusals are, and an English reader's answer has it put into English here, its other fields
 * untouched. A Vietnamese reader's answer is not read again. The key check is left as answered:
 * it speaks its body's lang already, and its bytes are signed.
 */
export async function speakSuccesses(c: Context, next: () => Promise<void>): Promise<void> {
  await next();
  if (langOf(c) !== "en" || c.res.status >= 400 || c.get("lang") !== undefined || !c.res.headers.get("Content-Type")?.startsWith("application/json")) return;
  const body = (await c.res.clone().json()) as Record<string, unknown>;
  if (typeof body.message !== "string" || !hasVietnameseLetters(body.message)) return;
  const headers = new Headers(c.res.headers);
  headers.delete("Content-Length");
  c.res = new Response(JSON.stringify({ ...body, message: said(body.message, "en") }), { status: c.res.status, headers });
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
