import type { Context } from "hono";
import { getDb } from "../db/client";
import type { UserRow } from "../services/accounts";

export type ApiEnv = { Bindings: Env; Variables: { user: UserRow } };
export type ApiContext = Context<ApiEnv>;

export function db(c: ApiContext) {
  return getDb(c.env.DB);
}
