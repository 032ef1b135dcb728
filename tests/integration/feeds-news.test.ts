// The AltStore/SideStore source tells the update story too (issue #29): each version carries the
// file's SHA-256 stored at upload, and each published version adds a news item for its app.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { appReleases } from "../../workers/db/schema";
import { catalogueChanged } from "../../workers/catalogue/catalogue-cache";
import { hex } from "../../workers/lib/bytes";
import { sourceProblems, sourceSchema } from "../fixtures/altstore-source-schema";
import { bytes, createApp, db, request, unique } from "../factories";

const DAY = 86_400_000;
const sha256 = async (data: Uint8Array) => hex(new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array(data))));

describe("GET /altstore.json news and sha256", () => {
  it("gives each version its stored sha256 and each version a news item with appID and notify", { timeout: 30_000 }, async () => {
    const bundle = `vn.test.${unique("news").replace(/-/g, "")}`;
    const current = bytes(400);
    const app = await createApp({ name: "Rồng Tin", appType: "ipa", bundleIdentifier: bundle, version: "2.0", changelog: "Thêm chế độ tối", file: current, fileSha256: await sha256(current) });
    const old = bytes(300);
    const oldKey = `files/${unique("old")}.ipa`;
    await env.FILES.put(oldKey, old);
    // A build stored before digests were kept: listed, without a sha256.
    const unhashedKey = `files/${unique("unhashed")}.ipa`;
    await env.FILES.put(unhashedKey, bytes(200));
    await db.insert(appReleases).values([
      { appId: app.id, version: "1.0", fileKey: oldKey, fileSize: old.byteLength, fileSha256: await sha256(old), changelog: "Bản đầu", createdAt: new Date(Date.now() - 10 * DAY) },
      { appId: app.id, version: "0.9", fileKey: unhashedKey, fileSize: 200, createdAt: new Date(Date.now() - 20 * DAY) },
    ]);
    await catalogueChanged(env, new Request("http://store.test/"));

    const response = await request("/altstore.json");
    const feed = sourceSchema.parse(await response.json());
    expect(sourceProblems(feed)).toEqual([]);
    const listed = feed.apps.find((entry) => entry.bundleIdentifier === bundle);
    expect(listed?.versions.map((version) => [version.version, version.sha256])).toEqual([
      ["2.0", await sha256(current)],
      ["1.0", await sha256(old)],
      ["0.9", undefined],
    ]);
    const news = (feed.news ?? []).filter((item) => item.appID === bundle);
    expect(news).toEqual([
      { title: "Rồng Tin 2.0", identifier: `${bundle}-2.0`, caption: "Thêm chế độ tối", date: listed?.versions[0].date, notify: true, appID: bundle, url: `http://store.test/${app.url}` },
      { title: "Rồng Tin 1.0", identifier: `${bundle}-1.0`, caption: "Bản đầu", date: listed?.versions[1].date, notify: true, appID: bundle, url: `http://store.test/${app.url}` },
      { title: "Rồng Tin 0.9", identifier: `${bundle}-0.9`, caption: "Đã có phiên bản 0.9", date: listed?.versions[2].date, notify: true, appID: bundle, url: `http://store.test/${app.url}` },
    ]);
  });
});
