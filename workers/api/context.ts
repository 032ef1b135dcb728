import type { Context } from "hono";
import { getDb } from "../db/client";

export type ApiEnv = { Bindings: Env };
export type ApiContext = Context<ApiEnv>;

export function db(c: ApiContext) {
  return getDb(c.env.DB);
}
