import type { z } from "zod";
import type { ApiContext } from "./context";
import { ApiError, type FieldErrors, MESSAGES } from "./errors";

/** zod issues as the spec's field errors: {field: [messages]}, general ones under non_field_errors. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = typeof issue.path[0] === "string" ? issue.path[0] : "non_field_errors";
    const list = (errors[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return errors;
}

/** The request's JSON body checked against `schema`; anything else is a 400 that changes nothing. */
export async function readJson<Schema extends z.ZodType>(c: ApiContext, schema: Schema): Promise<z.infer<Schema>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError(400, MESSAGES.invalidData, { non_field_errors: ["Nội dung yêu cầu phải là JSON hợp lệ"] });
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    // The first problem is the message, so a toast says what to fix; all of them are in errors.
    const errors = fieldErrors(result.error);
    throw new ApiError(400, Object.values(errors)[0]?.[0] ?? MESSAGES.invalidData, errors);
  }
  return result.data;
}

export function clientAddress(c: ApiContext): string {
  return c.req.header("CF-Connecting-IP") ?? "local";
}

/**
 * The request's optional Idempotency-Key header (purchases, admin adjustments): 8–100 safe
 * characters, else a 400 that changes nothing. Null when the client sent none.
 */
export function idempotencyKey(c: ApiContext): string | null {
  const key = c.req.header("Idempotency-Key") ?? null;
  if (key !== null && !/^[A-Za-z0-9_.:-]{8,100}$/.test(key)) {
    throw new ApiError(400, MESSAGES.invalidData, { non_field_errors: ["Idempotency-Key không hợp lệ"] });
  }
  return key;
}
