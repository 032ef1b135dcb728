import { createMiddleware } from "hono/factory";
import { catalogueChanged } from "../catalogue-cache";
import type { ApiEnv } from "../../platform/http/context";

/**
 * For admin routes that change what the public pages, feeds or catalogue API show: once the
 * handler has succeeded, the edge copies are superseded (workers/catalogue/catalogue-cache.ts).
 */
export const changesCatalogue = createMiddleware<ApiEnv>(async (c, next) => {
  await next();
  if (!c.error && c.res.status < 400) await catalogueChanged(c.env, c.req.raw);
});
