// Attack: a phone's payment provider token kept after the owner ended every session of the store
// (issue 56, decision 0054). Store-wide (vitest.config.ts STORE_WIDE): it ends every session.
import { describe, expect, it } from "vitest";
import { person } from "../../factories";
import { call } from "../../requests";
import { phoneCall, signedInPhone } from "../../package-manager";

describe("attack: a phone's token after 'end every session'", () => {
  it("is refused, with invalidate, once an admin ended every session", async () => {
    const phone = await signedInPhone(await person());
    expect((await phoneCall("user_info", phone)).body.user).toBeDefined();
    const admin = await person("superuser");
    const ended = await call("/api/admin/users/end-all-sessions/", { token: admin.token, body: { confirm: "END ALL SESSIONS" } });
    expect(ended.status).toBe(200);
    expect((await phoneCall("user_info", phone)).body).toMatchObject({ error: expect.any(String), invalidate: true });
  });
});
