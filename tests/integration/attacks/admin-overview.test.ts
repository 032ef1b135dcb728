// The owner's figures (GET /api/admin/overview/) are for admins only: the server decides, not the screen.
import { describe, expect, it } from "vitest";
import { api, person } from "../../factories";

describe("attack: a non-admin reads the owner's figures", () => {
  it("a plain user is refused with 403 and a visitor with 401", async () => {
    const user = await person();
    const asUser = await api("/api/admin/overview/", { token: user.token });
    expect(asUser.status).toBe(403);
    expect(asUser.body).toMatchObject({ success: false });
    expect((await api("/api/admin/overview/")).status).toBe(401);
  });
});
