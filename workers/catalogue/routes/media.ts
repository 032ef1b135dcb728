import { Hono } from "hono";
import { mediaPath } from "../schemas/media";
import { serveObject } from "../files";
import type { ApiEnv } from "../../platform/http/context";
import { HttpError, MESSAGES } from "../../platform/http/api-errors";
import { readParams } from "../../platform/http/validate";

// Icons, screenshots and videos stored in R2.
export const mediaApi = new Hono<ApiEnv>()
  .on(["GET", "HEAD"], "/:key{.+}", async (c) => {
    // The router decodes the key (a malformed escape such as %zz stays as it was sent).
    const { key } = readParams(c, mediaPath);
    const served = await serveObject(c.env.FILES, key, c.req.raw, {
      // Object keys are never reused for other content, so browsers and the edge may keep them.
      cacheControl: "public, max-age=31536000, immutable",
    });
    if (!served) throw new HttpError(404, MESSAGES.notFound);
    return served.response;
  });
