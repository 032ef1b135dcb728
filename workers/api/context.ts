import type { Context } from "hono";
import { getDb } from "../db/client";
import type { UserRow } from "../services/accounts";

// `session`: the signed-in chain of the request's access token (set with `user` by requireUser);
// `secondFactor`: its sign-in passed the TOTP second factor.
export type ApiEnv = { Bindings: Env; Variables: { user: UserRow; session: { familyId: string; signedInAt: Date; secondFactor: boolean } } };
export type ApiContext = Context<ApiEnv>;

export function db(c: ApiContext) {
  return getDb(c.env.DB);
}
