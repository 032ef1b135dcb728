// The feeds real clients read (docs/decisions/0009): /altstore.json for AltStore/SideStore and
// the flat APT repository under /repo/ for Sileo, Zebra, Cydia and apt itself. The Worker sends
// these paths here; the index files go through the edge cache (workers/catalogue/catalogue-cache.ts).
import { Hono } from "hono";
import { getConfig, publicOrigin } from "../../platform/config";
import { poolPath, releasePath } from "../schemas/feeds";
import { countDownload } from "../catalogue";
import { contentEtag } from "../../platform/http/etag";
import { downloadTarget, readVersionFromDb } from "../catalogue-cache";
import { errorText, logEvent } from "../../lib/log";
import { buildAltStoreSource, buildAptRepository, findPoolFile, findReleaseFile } from "../feeds";
import { serveObject } from "../files";
import { reportMissingFile } from "../missing-files";
import { type ApiContext, type ApiEnv, db } from "../../platform/http/context";
import { HttpError, MESSAGES } from "../../platform/http/api-errors";
import { answerError, answerRefusal } from "../../platform/http/refusals";
import { readParams } from "../../platform/http/validate";

export const FEED_PATHS = /^\/(altstore\.json$|repo(\/|$))/;

/**
 * Clients revalidate every time (the edge answers a matching ETag with 304), so a change shows at
 * once. The feeds are public, so web pages that browse sources may read them too.
 */
async function feedResponse(body: string | Uint8Array<ArrayBuffer>, contentType: string): Promise<Response> {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  return new Response(bytes, {
    headers: { "Content-Type": contentType, ETag: await contentEtag(bytes), "Cache-Control": "public, max-age=0, must-revalidate", "Access-Control-Allow-Origin": "*" },
  });
}

// Release's Date is when the catalogue last changed, so every colo writes the same Release.
async function repository(c: ApiContext) {
  const changedAt = await readVersionFromDb(c.env);
  return buildAptRepository(c.env, db(c), getConfig(c.env), publicOrigin(c.env, c.req.raw), new Date(changedAt || Date.now()));
}

export const feeds = new Hono<ApiEnv>()
  .get("/altstore.json", async (c) => {
    const source = await buildAltStoreSource(c.env, db(c), getConfig(c.env), publicOrigin(c.env, c.req.raw));
    return feedResponse(JSON.stringify(source), "application/json; charset=UTF-8");
  })
  .get("/repo/Release", async (c) => feedResponse((await repository(c)).release, "text/plain; charset=UTF-8"))
  .get("/repo/Packages", async (c) => feedResponse((await repository(c)).packages, "text/plain; charset=UTF-8"))
  // Sileo and Zebra find the store's payment provider API here (docs/formats.md, "Payment provider API").
  .get("/repo/payment_endpoint", (c) => new Response(`${publicOrigin(c.env, c.req.raw)}/api/sileo/`, { headers: { "Content-Type": "text/plain; charset=UTF-8", "Cache-Control": "public, max-age=300" } }))
  .get("/repo/Packages.gz", async (c) => feedResponse((await repository(c)).packagesGz, "application/gzip"))
  // A .deb named by Packages: streamed from R2 and counted like the app page's download.
  .on(["GET", "HEAD"], "/repo/pool/:appId/:digest/:name", async (c) => {
    const { appId, digest, name } = readParams(c, poolPath, MESSAGES.fileNotFound);
    const file = await downloadTarget(c.req.raw, c.executionCtx, () => findPoolFile(db(c), appId, digest));
    if (!file) throw new HttpError(404, MESSAGES.fileNotFound);
    const served = await serveObject(c.env.FILES, file.fileKey, c.req.raw, {
      contentType: "application/vnd.debian.binary-package",
      disposition: { kind: "attachment", filename: file.fileName || name },
      cacheControl: "private, no-cache",
    });
    if (!served) {
      await reportMissingFile(c.env, db(c), c.req.raw, { appId: file.id, key: file.fileKey });
      throw new HttpError(404, MESSAGES.fileNotFound);
    }
    if (served.sentFromStart) await countDownload(db(c), file.id).catch((error) => logEvent("error", "download_not_counted", { app_id: file.id, error: errorText(error) }));
    return served.response;
  })
  .notFound((c) => answerRefusal(c, 404, MESSAGES.feedFileNotFound))
  .onError(answerError);

/** Older stored builds of an IPA app (the source's earlier versions), under /api/apps. */
export const releasesApi = new Hono<ApiEnv>()
  .on(["GET", "HEAD"], "/:id/releases/:releaseId/download", async (c) => {
    const { id, releaseId } = readParams(c, releasePath, MESSAGES.fileNotFound);
    const file = await findReleaseFile(db(c), id, releaseId);
    if (!file) throw new HttpError(404, MESSAGES.fileNotFound);
    const served = await serveObject(c.env.FILES, file.fileKey, c.req.raw, {
      contentType: "application/octet-stream",
      disposition: { kind: "attachment", filename: `${file.url}-${file.version}.ipa` },
      cacheControl: "private, no-cache",
    });
    if (!served) {
      await reportMissingFile(c.env, db(c), c.req.raw, { appId: file.appId, version: file.version, key: file.fileKey });
      throw new HttpError(404, MESSAGES.fileNotFound);
    }
    if (served.sentFromStart) await countDownload(db(c), file.appId);
    return served.response;
  });
