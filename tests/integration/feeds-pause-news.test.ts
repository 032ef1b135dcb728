// Buyers who installed through AltStore or SideStore hear of a pause and of the resume (issue 55
// item 1): each is a news item of the app, the pause's with the shop's reason.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appPauses } from "../../workers/db/schema";
import { sourceProblems, sourceSchema } from "../fixtures/altstore-source-schema";
import { api, bytes, createApp, db, person, request, unique } from "../factories";

async function newsOf(bundle: string) {
  const feed = sourceSchema.parse(await (await request("/altstore.json")).json());
  expect(sourceProblems(feed)).toEqual([]);
  return (feed.news ?? []).filter((item) => item.appID === bundle && /-(pause|resume)-/.test(item.identifier));
}

describe("GET /altstore.json news of a pause", () => {
  it("tells the pause with its reason, then the resume", { timeout: 30_000 }, async () => {
    const admin = await person("superuser");
    const bundle = `vn.test.${unique("pausenews").replace(/-/g, "")}`;
    const app = await createApp({ name: "Mod Tạm Dừng", appType: "ipa", bundleIdentifier: bundle, version: "1.0", file: bytes(300) });
    expect(await newsOf(bundle)).toEqual([]);

    expect((await api(`/api/admin/apps/${app.id}/pause/`, { token: admin.token, body: { reason: "Game vừa cập nhật", reason_en: "The game just updated" } })).status).toBe(200);
    const [pause] = await db.select().from(appPauses).where(eq(appPauses.appId, app.id));
    expect(await newsOf(bundle)).toEqual([
      { title: "Mod Tạm Dừng: tạm dừng", identifier: `${bundle}-pause-${pause.id}`, caption: "Game vừa cập nhật", date: expect.any(String), notify: true, appID: bundle, url: `http://store.test/${app.url}` },
    ]);

    expect((await api(`/api/admin/apps/${app.id}/resume/`, { token: admin.token, method: "POST" })).status).toBe(200);
    const news = await newsOf(bundle);
    // Newest first; a resume within the same second as its pause may come either side of it.
    expect(news.map((item) => item.identifier).sort()).toEqual([`${bundle}-pause-${pause.id}`, `${bundle}-resume-${pause.id}`]);
    expect(news.find((item) => item.identifier.includes("-resume-"))).toMatchObject({ title: "Mod Tạm Dừng: hoạt động trở lại", notify: true });
  });
});
