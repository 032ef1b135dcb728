import { Hono } from "hono";
import {
  countDownload,
  findDownloadableFile,
  findPublicAppById,
  findPublicAppBySlug,
  listPublicApps,
  parseAppId,
} from "../services/catalogue";
import { serveObject } from "../services/files";
import { publicOrigin } from "../config";
import { type ApiEnv, db } from "./context";
import { ApiError, MESSAGES } from "./errors";

export const appsApi = new Hono<ApiEnv>();

appsApi.get("/list", async (c) => {
  const data = await listPublicApps(db(c), publicOrigin(c.env, c.req.raw));
  return c.json({ success: true, data });
});

appsApi.get("/detail-by-url/:url{[^/]+}", async (c) => {
  const app = await findPublicAppBySlug(db(c), publicOrigin(c.env, c.req.raw), c.req.param("url"));
  if (!app) throw new ApiError(404, MESSAGES.appNotFound);
  return c.json({ success: true, data: app });
});

appsApi.get("/detail/:id", async (c) => {
  const id = parseAppId(c.req.param("id"));
  const app = id === null ? null : await findPublicAppById(db(c), publicOrigin(c.env, c.req.raw), id);
  if (!app) throw new ApiError(404, MESSAGES.appNotFound);
  return c.json({ success: true, data: app });
});

const DOWNLOAD_TYPES: Record<string, { extension: string; contentType: string }> = {
  ipa: { extension: "ipa", contentType: "application/octet-stream" },
  "itms-ipa": { extension: "ipa", contentType: "application/octet-stream" },
  tipa: { extension: "tipa", contentType: "application/octet-stream" },
  rootless: { extension: "deb", contentType: "application/vnd.debian.binary-package" },
  rootfull: { extension: "deb", contentType: "application/vnd.debian.binary-package" },
  roothide: { extension: "deb", contentType: "application/vnd.debian.binary-package" },
};

// GET and HEAD: streams the stored file; a response that starts the file counts one download.
appsApi.on(["GET", "HEAD"], "/:id/download", async (c) => {
  const id = parseAppId(c.req.param("id"));
  const file = id === null ? null : await findDownloadableFile(db(c), id);
  if (!file) throw new ApiError(404, id === null ? MESSAGES.appNotFound : MESSAGES.fileNotFound);
  const type = DOWNLOAD_TYPES[file.appType] ?? DOWNLOAD_TYPES.ipa;
  const filename = file.fileName || `${file.url}${file.version ? `-${file.version}` : ""}.${type.extension}`;
  const served = await serveObject(c.env.FILES, file.fileKey, c.req.raw, {
    contentType: type.contentType,
    disposition: { kind: "attachment", filename },
    cacheControl: "private, no-cache",
  });
  if (!served) throw new ApiError(404, MESSAGES.fileNotFound);
  if (served.sentFromStart) await countDownload(db(c), file.id);
  return served.response;
});
