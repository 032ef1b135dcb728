import type { Context, Input, MiddlewareHandler } from "hono";
import type { z } from "zod";
import { type Said, saidOfIssue, textOf } from "../../shared/message";
import { zodIssue } from "../../shared/zod-messages";
import type { ApiContext, ApiEnv, InputTarget } from "./context";
import { HttpError, type FieldErrors, MESSAGES } from "./api-errors";

/**
 * zod issues as the product's field errors: {field: [messages]}, general ones under
 * non_field_errors. A schema's message and zod's own (zodIssue) travel as a Message's token
 * (workers/shared/message.ts) and come back as the Message, said in the reader's language where
 * the refusal is answered (refusals.ts).
 */
function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = typeof issue.path[0] === "string" ? issue.path[0] : "non_field_errors";
    errors[field] ??= [];
    const list = errors[field];
    const said = saidOfIssue(issue.message);
    if (!list.some((other) => textOf(other) === textOf(said))) list.push(said);
  }
  return errors;
}

/** Every API body larger than this is refused before it is read (workers/api.ts; the key check, licensing/routes/key-check.ts). */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * A route declares each input it reads once, with takesJson / takesQuery / takesForm (below) among
 * its middleware, and its handler reads it with readJson(c) / readQuery(c) / readForm(c): no
 * schema there. The declaration names the input for the typed client (app/platform/api.ts: hono reads
 * `in`), records its schema on the request (`declaredInput`, workers/platform/http/context.ts) and
 * types the reader (`out`, the schema's output); it checks nothing. The reader checks, in the
 * handler, after the route's own lookups: a missing user or app answers 404 before a bad body
 * answers 400 (which hono's zValidator, as middleware, would not). A reader on a route that
 * declared nothing does not compile, and throws "no input declared" if forced (a 500: a bug, not
 * the caller's fault). Hono's c.req.valid() is never filled: read with the readers.
 */
type Declares<Target extends InputTarget, In, Out> = { in: { [Key in Target]: In }; out: { [Key in Target]: Out } };

/**
 * A handler's context, when its route declared `Target`; else a type no context is, whose one
 * property names the fix (tsc prints it). `Path`: the route's path; `I`: the route's declared input, hono's third type
 * parameter of Context (takes* add theirs to it).
 */
type DeclaredContext<Path extends string, I extends Input, Target extends InputTarget> = Context<ApiEnv, Path, I> &
  (I extends { out: { [Key in Target]: unknown } } ? unknown : { [Fix in `no input declared: add ${(typeof TAKES)[Target]}(schema) to the route`]: never });

/** What a reader of `Target` returns: the declared schema's output. */
type Output<I extends Input, Target extends InputTarget> = I extends { out: { [Key in Target]: infer Out } } ? Out : never;

const TAKES = { json: "takesJson", query: "takesQuery", form: "takesForm" } as const;

/** The schema the route declared for `target`; a route that declared none is a bug, told loudly. */
function declaredSchema(c: ApiContext, target: InputTarget): z.ZodType {
  const schema = c.get("declaredInput")?.[target];
  if (!schema) throw new Error(`no input declared: this route reads its ${target} without ${TAKES[target]}(schema) among its middleware`);
  return schema;
}

function declares(target: InputTarget, schema: z.ZodType): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    c.set("declaredInput", { ...c.get("declaredInput"), [target]: schema });
    await next();
  };
}

/**
 * Declares the JSON body a route reads with readJson: `schema` is one of the domains' schemas/.
 * Checks nothing (see above).
 */
export function takesJson<Schema extends z.ZodType>(schema: Schema): MiddlewareHandler<ApiEnv, string, Declares<"json", z.input<Schema>, z.output<Schema>>> {
  return declares("json", schema);
}

/** What a browser may put in a query string for `schema`: text for each of its fields. */
type QueryOf<Schema extends z.ZodType> = { [Field in keyof z.input<Schema>]?: string };

/** Declares the query string a route reads with readQuery (a schema built from workers/shared/fields.ts); checks nothing. */
export function takesQuery<Schema extends z.ZodType>(schema: Schema): MiddlewareHandler<ApiEnv, string, Declares<"query", QueryOf<Schema>, z.output<Schema>>> {
  return declares("query", schema);
}

/** What a browser may send as a form for `schema`: for each of its names a value or several. */
type FormOf<Schema extends z.ZodType> = { [Field in keyof z.input<Schema>]?: string | File | (string | File)[] };

/** Declares the form a route reads with readForm; checks nothing. */
export function takesForm<Schema extends z.ZodType>(schema: Schema): MiddlewareHandler<ApiEnv, string, Declares<"form", FormOf<Schema>, z.output<Schema>>> {
  return declares("form", schema);
}

/**
 * The request's JSON body checked against the schema its route declared with takesJson; anything
 * else is a 400 that changes nothing. This is the API's one validator rather than zValidator:
 * hono's validator reads a body only when its Content-Type says JSON and answers malformed JSON in
 * its own words, and as middleware it would check the body before a route's lookups.
 */
export async function readJson<Path extends string, I extends Input>(c: DeclaredContext<Path, I, "json">): Promise<Output<I, "json">> {
  const schema = declaredSchema(c, "json");
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HttpError(400, MESSAGES.invalidData, { non_field_errors: [MESSAGES.bodyNotJson] });
  }
  // The schema takesJson recorded is the one whose output typed this route (I).
  return checked(schema, body) as Output<I, "json">;
}

async function formBody(c: ApiContext): Promise<FormData> {
  try {
    return await c.req.formData();
  } catch {
    throw new HttpError(400, MESSAGES.invalidData, { non_field_errors: [MESSAGES.bodyNotForm] });
  }
}

/** Refuses a body that is no form (as readForm would) without checking its fields yet. */
export async function requireForm(c: ApiContext): Promise<void> {
  await formBody(c);
}

/** What a schema of a multipart form reads: each name with every value sent under it, in order; files as Files. */
type FormInput = Record<string, (string | File)[]>;

/**
 * The request's form (multipart, or url-encoded) checked against the schema its route declared with
 * takesForm, refused like a bad JSON body. A body that is no form is a 400 of its own, which a
 * route may give before its lookups with requireForm: hono keeps the body it read, so the form is
 * read once.
 */
export async function readForm<Path extends string, I extends Input>(c: DeclaredContext<Path, I, "form">): Promise<Output<I, "form">> {
  const schema = declaredSchema(c, "form");
  const form = await formBody(c);
  const input = new Map<string, (string | File)[]>();
  for (const [name, value] of form.entries()) {
    const values = input.get(name);
    if (values) values.push(value);
    else input.set(name, [value]);
  }
  // fromEntries defines own keys: a field named __proto__ is just a name.
  return checked(schema, Object.fromEntries(input) satisfies FormInput) as Output<I, "form">;
}

/**
 * The request's query parameters checked against the schema its route declared with takesQuery,
 * refused like a bad body. A parameter sent twice is refused too: which one counts would be a
 * guess; `repeated: "first"` counts its first value instead, for a route that must answer the same
 * however its link is spelled (auth's verify-reset-token).
 */
export function readQuery<Path extends string, I extends Input>(
  c: DeclaredContext<Path, I, "query">,
  { repeated = "refused" }: { repeated?: "refused" | "first" } = {},
): Output<I, "query"> {
  const schema = declaredSchema(c, "query");
  const twice = Object.entries(c.req.queries()).find(([, values]) => values.length > 1)?.[0];
  if (twice !== undefined && repeated === "refused") throw new HttpError(400, MESSAGES.invalidData, { [twice]: [MESSAGES.parameterRepeated] });
  // c.req.query() holds each parameter's first value.
  return checked(schema, c.req.query()) as Output<I, "query">;
}

/**
 * The request's path parameters checked against `schema` (an id is a canonical decimal, never
 * 0x10, 1e1 or +1). A path that does not parse names nothing: 404 with `notFound`.
 */
export function readParams<Schema extends z.ZodType>(c: ApiContext, schema: Schema, notFound: Said = MESSAGES.notFound): z.infer<Schema> {
  const result = schema.safeParse(c.req.param());
  if (!result.success) throw new HttpError(404, notFound);
  return result.data;
}

function checked<Schema extends z.ZodType>(schema: Schema, value: unknown): z.infer<Schema> {
  const result = schema.safeParse(value, { error: zodIssue });
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
export function ipv6Groups(address: string): number[] | null {
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
    throw new HttpError(400, MESSAGES.invalidData, { non_field_errors: [MESSAGES.badIdempotencyKey] });
  }
  return key;
}
