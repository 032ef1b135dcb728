// A listed version whose R2 object is gone (issue 42, M3): the buyer still gets "no file yet", but
// the download is logged (`file_missing`), told to the owner once a day per object, and the admin's
// app page says which version lost its file.
import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { appReleases, notifications } from "../../workers/db/schema";
import { MESSAGES } from "../../workers/platform/http/api-errors";
import { api, bytes, createApp, db, person, request, unique } from "../factories";

type AdminDetail = { file_missing: boolean; releases: { version: string; file_missing: boolean }[] };

async function release(appId: number, version: string, present: boolean) {
  const fileKey = `files/${unique("build")}.ipa`;
  if (present) await env.FILES.put(fileKey, bytes(64));
  const [row] = await db.insert(appReleases).values({ appId, version, fileKey, fileSize: 64 }).returning();
  return row;
}

/** The `file_missing` lines logged since the spy started, parsed. */
function missingLines(errors: { mock: { calls: unknown[][] } }) {
  return errors.mock.calls
    .map(([line]) => String(line))
    .filter((line) => line.includes('"event":"file_missing"'))
    .map((line) => JSON.parse(line) as { app_id: number; version: string | null; r2_key: string });
}

/** The alarms of one object (a prefix compared whole: D1 refuses LIKE patterns over 50 characters). */
async function alarms(key: string) {
  const prefix = `ops:file-missing:${key}:`;
  return db.select().from(notifications).where(sql`substr(${notifications.dedupeKey}, 1, ${prefix.length}) = ${prefix}`);
}

async function adminDetail(id: number): Promise<AdminDetail> {
  const admin = await person("staff");
  const answer = await api(`/api/apps/admin/detail/${id}/`, { token: admin.token });
  expect(answer.status).toBe(200);
  return answer.body.data as AdminDetail;
}

afterEach(() => vi.restoreAllMocks());

describe("a listed version whose R2 object is missing", () => {
  it("a listed version whose file is gone from R2 is logged, alarmed once and shown to the admin", async () => {
    const app = await createApp({ file: bytes(100), appType: "ipa", version: "3.1" });
    const gone = await release(app.id, "3.0", false);
    const kept = await release(app.id, "2.9", true);
    await env.FILES.delete(app.fileKey!);
    const errors = vi.spyOn(console, "error");

    for (let attempt = 0; attempt < 2; attempt++) {
      const current = await request(`/api/apps/${app.id}/download/`);
      expect(current.status).toBe(404);
      expect(((await current.json()) as { message: string }).message).toBe(MESSAGES.fileNotFound.in("vi"));
      const older = await request(`/api/apps/${app.id}/releases/${gone.id}/download/`);
      expect(older.status).toBe(404);
    }
    const lines = missingLines(errors);
    expect(lines).toContainEqual(expect.objectContaining({ app_id: app.id, version: "3.1", r2_key: app.fileKey }));
    expect(lines).toContainEqual(expect.objectContaining({ app_id: app.id, version: "3.0", r2_key: gone.fileKey }));
    // One alarm per object per day, however many buyers try.
    expect(await alarms(app.fileKey!)).toHaveLength(1);
    expect(await alarms(gone.fileKey!)).toHaveLength(1);
    expect((await alarms(app.fileKey!))[0].text).toContain(app.fileKey!);

    const detail = await adminDetail(app.id);
    expect(detail.file_missing).toBe(true);
    expect(detail.releases.map((r) => [r.version, r.file_missing]).sort()).toEqual([
      ["2.9", false],
      ["3.0", true],
    ]);
    // The build that is still there downloads as before.
    expect((await request(`/api/apps/${app.id}/releases/${kept.id}/download/`)).status).toBe(200);
  });

  it("a tweak's .deb gone from the APT pool is logged and alarmed like the app page's download", async () => {
    const sha = "ab".repeat(32);
    const app = await createApp({ file: bytes(50), appType: "rootless", version: "1.4", fileSha256: sha, fileName: "com.test.tweak_1.4.deb" });
    await env.FILES.delete(app.fileKey!);
    const errors = vi.spyOn(console, "error");
    const response = await request(`/repo/pool/${app.id}/${sha.slice(0, 16)}/com.test.tweak_1.4.deb`);
    expect(response.status).toBe(404);
    expect(missingLines(errors)).toContainEqual(expect.objectContaining({ app_id: app.id, version: "1.4", r2_key: app.fileKey }));
    expect(await alarms(app.fileKey!)).toHaveLength(1);
  });

  it("an app with its file, or with no file at all, raises nothing and shows nothing missing", async () => {
    const whole = await createApp({ file: bytes(80), appType: "ipa" });
    const empty = await createApp({ appType: "ipa" });
    const errors = vi.spyOn(console, "error");
    expect((await request(`/api/apps/${whole.id}/download/`)).status).toBe(200);
    expect((await request(`/api/apps/${empty.id}/download/`)).status).toBe(404);
    expect(missingLines(errors)).toEqual([]);
    expect((await adminDetail(whole.id)).file_missing).toBe(false);
    expect((await adminDetail(empty.id)).file_missing).toBe(false);
  });
});
