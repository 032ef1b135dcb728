import type { Context } from "hono";
import { Hono } from "hono";
import {
  countDownload,
  findDownloadableFile,
  findPublicAppById,
  findPublicAppBySlug,
  listPublicApps,
  type PublicApp,
} from "../catalogue";
import { idPath, urlPath } from "../../shared/fields";
import { serveObject } from "../files";
import { downloadTarget } from "../catalogue-cache";
import { errorText, logEvent } from "../../lib/log";
import { reportMissingFile } from "../missing-files";
import { publicOrigin } from "../../platform/config";
import { type ApiEnv, db } from "../../platform/http/context";
import { contentEtag, notModified } from "../../platform/http/etag";
import { HttpError, MESSAGES } from "../../platform/http/api-errors";
import { readParams } from "../../platform/http/validate";

/** A JSON answer with a strong ETag; a matching If-None-Match gets 304 and no body. */
async function jsonWithEtag(c: Context<ApiEnv>, body: unknown): Promise<Response> {
  const text = JSON.stringify(body);
  const headers = new Headers({ ETag: await contentEtag(text), "Cache-Control": "public, max-age=0, must-revalidate", "Content-Type": "application/json; charset=UTF-8" });
  return notModified(c.req.raw, headers) ?? new Response(text, { headers });
}

const DOWNLOAD_TYPES: Record<string, { extension: string; contentType: string }> = {
  ipa: { extension: "ipa", contentType: "application/octet-stream" },
  "itms-ipa": { extension: "ipa", contentType: "application/octet-stream" },
  tipa: { extension: "tipa", contentType: "application/octet-stream" },
  rootless: { extension: "deb", contentType: "application/vnd.debian.binary-package" },
  rootfull: { extension: "deb", contentType: "application/vnd.debian.binary-package" },
  roothide: { extension: "deb", contentType: "application/vnd.debian.binary-package" },
};

function xml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[char]!);
}

/** The OTA manifest that itms-services:// reads (docs/formats.md#ota): the IPA's URL and identity. */
function otaManifest(app: Pick<PublicApp, "file_url" | "bundle_identifier" | "version" | "name">): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>items</key>
  <array>
    <dict>
      <key>assets</key>
      <array>
        <dict>
          <key>kind</key><string>software-package</string>
          <key>url</key><string>${xml(app.file_url ?? "")}</string>
        </dict>
      </array>
      <key>metadata</key>
      <dict>
        <key>bundle-identifier</key><string>${xml(app.bundle_identifier)}</string>
        <key>bundle-version</key><string>${xml(app.version || "1.0")}</string>
        <key>kind</key><string>software</string>
        <key>title</key><string>${xml(app.name)}</string>
      </dict>
    </dict>
  </array>
</dict>
</plist>
`;
}

export const appsApi = new Hono<ApiEnv>()
  .get("/list", async (c) => jsonWithEtag(c, { success: true, data: await listPublicApps(db(c), publicOrigin(c.env, c.req.raw)) }))
  .get("/detail-by-url/:url{[^/]+}", async (c) => {
    const { url } = readParams(c, urlPath, MESSAGES.appNotFound);
    const app = await findPublicAppBySlug(db(c), publicOrigin(c.env, c.req.raw), url);
    if (!app) throw new HttpError(404, MESSAGES.appNotFound);
    return jsonWithEtag(c, { success: true, data: app });
  })
  .get("/detail/:id", async (c) => {
    const { id } = readParams(c, idPath, MESSAGES.appNotFound);
    const app = await findPublicAppById(db(c), publicOrigin(c.env, c.req.raw), id);
    if (!app) throw new HttpError(404, MESSAGES.appNotFound);
    return jsonWithEtag(c, { success: true, data: app });
  })
  // GET and HEAD: streams the stored file; a response that starts the file counts one download.
  .on(["GET", "HEAD"], "/:id/download", async (c) => {
    const { id } = readParams(c, idPath, MESSAGES.appNotFound);
    const file = await downloadTarget(c.req.raw, c.executionCtx, () => findDownloadableFile(db(c), id));
    if (!file) throw new HttpError(404, MESSAGES.fileNotFound);
    const type = DOWNLOAD_TYPES[file.appType] ?? DOWNLOAD_TYPES.ipa;
    const filename = file.fileName || `${file.url}${file.version ? `-${file.version}` : ""}.${type.extension}`;
    const served = await serveObject(c.env.FILES, file.fileKey, c.req.raw, {
      contentType: type.contentType,
      disposition: { kind: "attachment", filename },
      cacheControl: "private, no-cache",
    });
    if (!served) {
      await reportMissingFile(c.env, db(c), c.req.raw, { appId: file.id, version: file.version, key: file.fileKey });
      throw new HttpError(404, MESSAGES.fileNotFound);
    }
    if (served.sentFromStart) await countDownload(db(c), file.id).catch((error) => logEvent("error", "download_not_counted", { app_id: file.id, error: errorText(error) }));
    return served.response;
  })
  .get("/:id/manifest.plist", async (c) => {
    const { id } = readParams(c, idPath, MESSAGES.appNotFound);
    const app = await findPublicAppById(db(c), publicOrigin(c.env, c.req.raw), id);
    if (!app?.file || (app.app_type !== "ipa" && app.app_type !== "itms-ipa")) throw new HttpError(404, MESSAGES.appNotFound);
    return new Response(otaManifest(app), { headers: { "Content-Type": "application/xml; charset=UTF-8", "Cache-Control": "no-cache" } });
  });
