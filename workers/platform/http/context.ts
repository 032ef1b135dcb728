import type { Context } from "hono";
import type { z } from "zod";
import { getDb, readPrimaryFromNowOn } from "../../db/client";
import type { UserRow } from "../../db/schema";
import type { Actor, AdminActor } from "../../db/statements/audit";
import { type Lang, langOfRequest } from "../../shared/lang";
import { type Said, textOf } from "../../shared/message";

// `session`: the signed-in chain of the request's access token (set with `user` by requireUser);
// `secondFactor`: its sign-in passed the TOTP second factor. `declaredInput`: the schemas the route
// declared with takesJson/takesQuery/takesForm, which readJson/readQuery/readForm check against
// (validate.ts); unset on a route that declares none. `lang`: the language a route chose for its
// answers instead of the reader's Accept-Language (the key check: its body's lang).
export type ApiEnv = {
  Bindings: Env;
  Variables: { user: UserRow; session: { familyId: string; signedInAt: Date; secondFactor: boolean }; declaredInput: DeclaredInput | undefined; lang: Lang };
};
export type ApiContext = Context<ApiEnv>;

/** Where a route's input is read from: its JSON body, its query string, its form. */
export type InputTarget = "json" | "query" | "form";

/** The schema a route declared for each input it reads. */
type DeclaredInput = { [Target in InputTarget]?: z.ZodType };

export function db(c: ApiContext) {
  return getDb(c.env.DB);
}

/** From now on this request reads the primary, not a copy (docs/decisions/0029-read-replicas-and-placement.md). */
export function readPrimary(c: ApiContext): void {
  readPrimaryFromNowOn(c.env.DB);
}

/** readPrimary for a handler that runs without hono (the key check, routes/key-check.ts): the request's database. */
export function readPrimaryOf(database: D1Database): void {
  readPrimaryFromNowOn(database);
}

/** The newest state a request's database has read or written (null before any query): its answer's x-d1-bookmark. */
export { bookmarkOf } from "../../db/client";

/** Who makes this request, as the audit log records it: the client's own address, not the rate limits' /64. */
export function requestActor(c: ApiContext, user: { id: number; email: string }): AdminActor;
export function requestActor(c: ApiContext, user: null): Actor;
export function requestActor(c: ApiContext, user: { id: number; email: string } | null): Actor {
  return { userId: user?.id ?? null, email: user?.email ?? "", ipAddress: c.req.header("CF-Connecting-IP") ?? null, userAgent: c.req.header("User-Agent") ?? null };
}

/** The signed-in admin making this request (after requireAdmin). */
export function adminActor(c: ApiContext): AdminActor {
  return requestActor(c, c.get("user"));
}

/**
 * The language of a request's answers: the route's choice when it made one (the key check answers
 * in its body's `lang`, never Accept-Language), else the reader's Accept-Language.
 */
export function langOf(c: Context): Lang {
  return (c.get("lang") as Lang | undefined) ?? langOfRequest(c.req.raw);
}

/** A declared message a route answers (a success's `message`, a text in its data), in the request's language. */
export function say(c: Context, said: Said): string {
  return textOf(said, langOf(c));
}
