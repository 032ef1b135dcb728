import { Hono } from "hono";
import { serveObject } from "../services/files";
import type { ApiEnv } from "./context";
import { ApiError, MESSAGES } from "./errors";

// Icons, screenshots and videos stored in R2. App files are not served here: they go
// through the counted download endpoint.
const MEDIA_PREFIXES = ["icons/", "media/"] as const;

export const mediaApi = new Hono<ApiEnv>();

mediaApi.on(["GET", "HEAD"], "/:key{.+}", async (c) => {
  const key = c.req.path.slice(c.req.path.indexOf("/media/") + "/media/".length).split("/").map(decodeURIComponent).join("/");
  if (!MEDIA_PREFIXES.some((prefix) => key.startsWith(prefix)) || key.includes("..")) {
    throw new ApiError(404, MESSAGES.notFound);
  }
  const served = await serveObject(c.env.FILES, key, c.req.raw, {
    // Object keys are never reused for other content, so browsers and the edge may keep them.
    cacheControl: "public, max-age=31536000, immutable",
  });
  if (!served) throw new ApiError(404, MESSAGES.notFound);
  return served.response;
});
