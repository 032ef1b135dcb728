// The licence health figures (GET /api/admin/licensing/) name keys and how often they moved:
// for admins only, decided by the server; the window is validated, not trusted.
import { describe, expect, it } from "vitest";
import { api, person } from "../../factories";

describe("attack: a non-admin reads the licence health figures", () => {
  it("a buyer's token is refused with 403 and a visitor with 401", async () => {
    const buyer = await person();
    const asBuyer = await api("/api/admin/licensing/?days=30", { token: buyer.token });
    expect(asBuyer.status).toBe(403);
    expect(asBuyer.body).toMatchObject({ success: false });
    expect(JSON.stringify(asBuyer.body)).not.toMatch(/keys_sold|shared/);
    expect((await api("/api/admin/licensing/?days=30")).status).toBe(401);
  });

  it("an admin's window outside 1–90 whole days is refused in Vietnamese", async () => {
    const admin = await person("staff");
    for (const days of ["0", "91", "abc", "1.5", "-3", "99999999999999999999"]) {
      const answer = await api(`/api/admin/licensing/?days=${days}`, { token: admin.token });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, errors: { days: [expect.stringMatching(/Số ngày/)] } });
    }
  });
});
