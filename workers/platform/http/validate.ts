import type { MiddlewareHandler } from "hono";
import type { z } from "zod";
import { vietnameseIssue } from "../../shared/zod-messages";
import type { ApiContext, ApiEnv } from "./context";
import { HttpError, type FieldErrors, MESSAGES } from "./api-errors";

/** zod issues as the product's field errors: {field: [messages]}, general ones under non_field_errors. */
function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = typeof issue.path[0] === "string" ? issue.path[0] : "non_field_errors";
    errors[field] ??= [];
    const list = errors[field];
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return errors;
}

/** Every API body larger than this is refused before it is read (workers/api.ts; the key check, licensing/routes/key-check.ts). */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * The request's JSON body checked against `schema` (one of workers/schemas/); anything else is a
 * 400 that changes nothing. This is the API's one validator rather than zValidator: hono's
 * validator reads a body only when its Content-Type says JSON and answers malformed JSON in its
 * own words, and as middleware it would check the body before a route's lookups (a missing user
 * or app answers 404 before a bad body answers 400).
 */
export async function readJson<Schema extends z.ZodType>(c: ApiContext, schema: Schema): Promise<z.infer<Schema>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HttpError(400, MESSAGES.invalidData, { non_field_errors: ["Nội dung yêu cầu phải là JSON hợp lệ"] });
  }
  return checked(schema, body);
}

async function formBody(c: ApiContext): Promise<FormData> {
  try {
    return await c.req.formData();
  } catch {
    throw new HttpError(400, MESSAGES.invalidData, { non_field_errors: ["Nội dung yêu cầu phải là multipart/form-data"] });
  }
}

/** Refuses a body that is no form (as readForm would) without checking its fields yet. */
export async function requireForm(c: ApiContext): Promise<void> {
  await formBody(c);
}

/** What a schema of a multipart form reads: each name with every value sent under it, in order; files as Files. */
type FormInput = Record<string, (string | File)[]>;

/**
 * The request's form (multipart, or url-encoded) checked against `schema` (one of the domains'
 * schemas/), refused like a bad JSON body. A body that is no form is a 400 of its own, which a
 * route may give before its lookups with requireForm: hono keeps the body it read, so the form is
 * read once.
 */
export async function readForm<Schema extends z.ZodType>(c: ApiContext, schema: Schema): Promise<z.infer<Schema>> {
  const form = await formBody(c);
  const input = new Map<string, (string | File)[]>();
  for (const [name, value] of form.entries()) {
    const values = input.get(name);
    if (values) values.push(value);
    else input.set(name, [value]);
  }
  // fromEntries defines own keys: a field named __proto__ is just a name.
  return checked(schema, Object.fromEntries(input) satisfies FormInput);
}

/**
 * The request's query parameters checked against `schema` (built from workers/shared/fields.ts),
 * refused like a bad body. A parameter sent twice is refused too: which one counts would be a guess.
 */
export function readQuery<Schema extends z.ZodType>(c: ApiContext, schema: Schema): z.infer<Schema> {
  const repeated = Object.entries(c.req.queries()).find(([, values]) => values.length > 1)?.[0];
  if (repeated !== undefined) throw new HttpError(400, MESSAGES.invalidData, { [repeated]: [REPEATED_PARAMETER] });
  return checked(schema, c.req.query());
}

/** What a browser may put in a query string for `schema`: text for each of its fields. */
type QueryOf<Schema extends z.ZodType> = { [Field in keyof z.input<Schema>]?: string };

const declaresOnly: MiddlewareHandler = (_c, next) => next();

/**
 * Names, for the typed client (app/lib/api.ts), the JSON body a route reads with readJson. It
 * checks nothing: readJson does, in the handler, after the route's own lookups (see above).
 */
export function takesJson<Schema extends z.ZodType>(_schema: Schema): MiddlewareHandler<ApiEnv, string, { in: { json: z.input<Schema> } }> {
  return declaresOnly;
}

/** Names the query string a route reads with readQuery, as takesJson names a body; checks nothing. */
export function takesQuery<Schema extends z.ZodType>(_schema: Schema): MiddlewareHandler<ApiEnv, string, { in: { query: QueryOf<Schema> } }> {
  return declaresOnly;
}

/** What a browser may send as a form for `schema`: for each of its names a value or several. */
type FormOf<Schema extends z.ZodType> = { [Field in keyof z.input<Schema>]?: string | File | (string | File)[] };

/** Names the form a route reads with readForm, as takesJson names a body; checks nothing. */
export function takesForm<Schema extends z.ZodType>(_schema: Schema): MiddlewareHandler<ApiEnv, string, { in: { form: FormOf<Schema> } }> {
  return declaresOnly;
}

const REPEATED_PARAMETER = "Tham số này chỉ được gửi một lần";

/**
 * The request's path parameters checked against `schema` (an id is a canonical decimal, never
 * 0x10, 1e1 or +1). A path that does not parse names nothing: 404 with `notFound`.
 */
export function readParams<Schema extends z.ZodType>(c: ApiContext, schema: Schema, notFound: string = MESSAGES.notFound): z.infer<Schema> {
  const result = schema.safeParse(c.req.param());
  if (!result.success) throw new HttpError(404, notFound);
  return result.data;
}

function checked<Schema extends z.ZodType>(schema: Schema, value: unknown): z.infer<Schema> {
  const result = schema.safeParse(value, { error: vietnameseIssue });
  if (!result.success) {
    // The first problem is the message, so a toast says what to fix; all of them are in errors.
    const errors = fieldErrors(result.error);
    throw new HttpError(400, Object.values(errors)[0]?.[0] ?? MESSAGES.invalidData, errors);
  }
  return result.data;
}

/**
 * The caller's address as rate limits count it. One IPv6 customer gets a whole /64, so an IPv6
 * address counts as its /64 ("2001:db8:1:2::/64"); IPv4 (also written IPv4-mapped) as itself.
 */
export function clientAddress(c: ApiContext): string {
  const raw = c.req.header("CF-Connecting-IP");
  return raw ? addressKey(raw) : "local";
}

export function addressKey(raw: string): string {
  const address = raw.trim().toLowerCase().replace(/%.*$/, "");
  if (!address.includes(":")) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  // ::ffff:a.b.c.d is an IPv4 caller.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join(".");
  }
  return `${groups.slice(0, 4).map((group) => group.toString(16)).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (with "::" and a dotted IPv4 tail), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const bytes = dotted.slice(1).map(Number);
    if (bytes.some((byte) => byte > 255)) return null;
    text = `${text.slice(0, dotted.index)}${((bytes[0] << 8) | bytes[1]).toString(16)}:${((bytes[2] << 8) | bytes[3]).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const part = (half: string) => (half ? half.split(":") : []);
  const head = part(halves[0]);
  const tail = halves.length === 2 ? part(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => parseInt(group, 16));
}

/**
 * The request's optional Idempotency-Key header (purchases, admin adjustments): 8–100 safe
 * characters, else a 400 that changes nothing. Null when the client sent none.
 */
export function idempotencyKey(c: ApiContext): string | null {
  const key = c.req.header("Idempotency-Key") ?? null;
  if (key !== null && !/^[A-Za-z0-9_.:-]{8,100}$/.test(key)) {
    throw new HttpError(400, MESSAGES.invalidData, { non_field_errors: ["Idempotency-Key không hợp lệ"] });
  }
  return key;
}
