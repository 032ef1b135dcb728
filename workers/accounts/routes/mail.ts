// The buyer's notices (docs/decisions/0032-buyer-mails.md): the profile's "Nhận email thông báo"
// switch, and the signed unsubscribe link each notice carries, which needs no sign-in. The mail's
// List-Unsubscribe header names POST /api/mail/unsubscribe (RFC 8058 one-click); a person who
// opens that address is sent to the page /unsubscribe, whose button posts here too.
import { Hono } from "hono";
import { getConfig } from "../../platform/config";
import { findUserById, toPublicUser } from "../accounts";
import { setEmailNotifications, unsubscribeWithToken } from "../mail-preferences";
import { mailPreferencesSchema, unsubscribeQuery } from "../schemas/mail-preferences";
import { type ApiEnv, db, say } from "../../platform/http/context";
import { HttpError, MESSAGES } from "../../platform/http/api-errors";
import { requireUser } from "../require-user";
import { readJson, readQuery, takesJson, takesQuery } from "../../platform/http/validate";
import { MAIL_PREFERENCE_MESSAGES } from "../messages";

export const mailApi = new Hono<ApiEnv>()
  .post("/preferences", requireUser, takesJson(mailPreferencesSchema), async (c) => {
    const input = await readJson(c);
    const userId = c.get("user").id;
    await setEmailNotifications(db(c), userId, input.email_notifications);
    const user = await findUserById(db(c), userId);
    if (!user) throw new HttpError(404, MESSAGES.notFound);
    return c.json({ success: true as const, message: say(c, input.email_notifications ? MAIL_PREFERENCE_MESSAGES.enabled : MAIL_PREFERENCE_MESSAGES.disabled), data: toPublicUser(user) });
  })
  .get("/unsubscribe", takesQuery(unsubscribeQuery), (c) => {
    const { token } = readQuery(c);
    return c.redirect(`/unsubscribe?token=${encodeURIComponent(token)}`, 303);
  })
  .post("/unsubscribe", takesQuery(unsubscribeQuery), async (c) => {
    // The one-click body (List-Unsubscribe=One-Click) says nothing the signed token does not.
    const { token } = readQuery(c);
    if (!(await unsubscribeWithToken(db(c), getConfig(c.env).JWT_SECRET, token))) throw new HttpError(400, MAIL_PREFERENCE_MESSAGES.linkInvalid);
    return c.json({ success: true as const, message: say(c, MAIL_PREFERENCE_MESSAGES.unsubscribed) });
  });
