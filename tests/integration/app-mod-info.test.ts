// The admin app form's "Phiên bản tối thiểu" and "Thông báo cho mod" (issue #29): set on create
// and update, an empty field clears, the change is audited as app.update, bad values are refused.
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apps, auditEvents } from "../../workers/db/schema";
import { person, request, unique, db } from "../factories";
import { png } from "../fixtures/media";

type Body = Record<string, any>;

function form(fields: Record<string, string | File>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

async function send(method: string, path: string, token: string, body: FormData) {
  const response = await request(path, { method, headers: { Authorization: `Bearer ${token}` }, body });
  return { status: response.status, body: (await response.json()) as Body };
}

const testflight = () => ({
  name: "Lotus Mod",
  description: "Mod",
  version: "2.1",
  url: unique("lotus"),
  app_type: "testflight",
  testflight_url: "https://testflight.apple.com/join/abc",
  icon: new File([png() as BlobPart], "icon.png", { type: "image/png" }),
});

describe("the app form's min_version and announcement", () => {
  it("are set on create, changed and cleared on update, each change audited as app.update", { timeout: 30_000 }, async () => {
    const admin = await person("staff");
    const created = await send("POST", "/api/apps/create/", admin.token, form({ ...testflight(), min_version: "2.0", announcement: "  Bản 2.1 đã có  " }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ min_version: "2.0", announcement: "Bản 2.1 đã có" });

    const changed = await send("PUT", `/api/apps/update/${id}/`, admin.token, form({ min_version: "2.1" }));
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ min_version: "2.1", announcement: "Bản 2.1 đã có" });
    const [audit] = await db.select().from(auditEvents).where(and(eq(auditEvents.action, "app.update"), eq(auditEvents.targetId, String(id)))).orderBy(desc(auditEvents.id)).limit(1);
    expect(JSON.stringify(audit.details)).toMatch(/minVersion/);

    const cleared = await send("PUT", `/api/apps/update/${id}/`, admin.token, form({ min_version: "", announcement: "" }));
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ min_version: null, announcement: null });
    const detail = await request(`/api/apps/admin/detail/${id}/`, { headers: { Authorization: `Bearer ${admin.token}` } });
    expect(await detail.json()).toMatchObject({ data: { min_version: null, announcement: null } });
  });

  it("refuses a version that is not digits and dots and an announcement over 280 characters", async () => {
    const admin = await person("staff");
    const badVersion = await send("POST", "/api/apps/create/", admin.token, form({ ...testflight(), min_version: "1.2-beta" }));
    expect(badVersion.status).toBe(400);
    expect(badVersion.body).toMatchObject({ success: false, errors: { min_version: ["Phiên bản tối thiểu chỉ gồm chữ số và dấu chấm, ví dụ 1.2.3"] } });
    const long = await send("POST", "/api/apps/create/", admin.token, form({ ...testflight(), announcement: "a".repeat(281) }));
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ success: false, errors: { announcement: ["Tối đa 280 ký tự"] } });
    // 280 after trimming is fine.
    const fits = await send("POST", "/api/apps/create/", admin.token, form({ ...testflight(), announcement: ` ${"a".repeat(280)} ` }));
    expect(fits.status, JSON.stringify(fits.body)).toBe(201);
  });
});

describe("attack: hidden characters in what reaches a mod or a page", () => {
  it("an announcement, description or changelog with NUL, BEL, a right-to-left override or a non-character is refused, and nothing is stored", async () => {
    const admin = await person("staff");
    const hidden = ["Bản mới\u0000", "Bản\u0007 mới", "Bản \u202egnouh\u202c mới", "Bản \u2067mới\u2069", "Bản\u0085mới", "Bản mới\uffff"];
    for (const field of ["announcement", "description", "changelog"]) {
      for (const text of hidden) {
        const fields = { ...testflight(), [field]: text };
        const refused = await send("POST", "/api/apps/create/", admin.token, form(fields));
        expect(refused.status, `${field}: ${JSON.stringify(text)}`).toBe(400);
        expect(refused.body).toMatchObject({ success: false, errors: { [field]: ["Nội dung chứa ký tự không hợp lệ"] } });
        expect(await db.select().from(apps).where(eq(apps.url, fields.url))).toEqual([]);
      }
    }
    // Lines, tabs and every visible script stay welcome.
    const fine = await send("POST", "/api/apps/create/", admin.token, form({ ...testflight(), description: "Dòng một\n\tDòng hai 🎮 العربية", announcement: "Bản 2.1 đã có" }));
    expect(fine.status, JSON.stringify(fine.body)).toBe(201);
  });
});
