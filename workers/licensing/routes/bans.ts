// Bans and trials over HTTP (issue 55 items 2 and 3, docs/api.md): the admin's bans of a phone or
// an address range under /api/admin/bans, an app's trial length under /api/admin/apps/:id/trial,
// and a buyer's trial claim at /api/keys/trial. The rules are bans.ts and trials.ts.
import { Hono } from "hono";
import { idPath } from "../../shared/fields";
import { adminActor, type ApiEnv, db, say } from "../../platform/http/context";
import { clientAddress, readJson, readParams, takesJson } from "../../platform/http/validate";
import { requireAdmin } from "../../accounts/require-admin";
import { requireUser } from "../../accounts/require-user";
import { changesCatalogue } from "../../catalogue/routes/changes";
import { hit, LIMITS } from "../../platform/rate-limit";
import { RateLimitedError } from "../../platform/errors";
import { createBanSchema, trialClaimSchema, trialHoursSchema } from "../schemas/bans";
import { createBan, liftBan, listBans } from "../bans";
import { claimTrial, setTrialHours } from "../trials";
import { BAN_MESSAGES, KEY_ADMIN_MESSAGES, TRIAL_MESSAGES } from "../messages";

/** `/api/admin/bans/`: list, create, lift. */
export const adminBansApi = new Hono<ApiEnv>()
  .get("/", requireAdmin, async (c) => c.json({ success: true, data: await listBans(c.env.DB) }))
  .post("/", requireAdmin, takesJson(createBanSchema), async (c) => {
    const ban = await createBan(c.env.DB, await readJson(c), adminActor(c));
    return c.json({ success: true, message: say(c, BAN_MESSAGES.created), data: ban }, 201);
  })
  .delete("/:id", requireAdmin, async (c) => {
    const { id } = readParams(c, idPath, BAN_MESSAGES.notFound);
    return c.json({ success: true, message: say(c, BAN_MESSAGES.lifted), data: await liftBan(c.env.DB, id, adminActor(c)) });
  });

/** `PUT /api/admin/apps/:id/trial/` `{ hours }`: the app page offers the trial, so its edge copies are superseded. */
export const adminTrialApi = new Hono<ApiEnv>().put("/:id/trial", requireAdmin, changesCatalogue, takesJson(trialHoursSchema), async (c) => {
  const { id } = readParams(c, idPath, KEY_ADMIN_MESSAGES.appNotFound);
  const { hours } = await readJson(c);
  return c.json({ success: true, message: say(c, TRIAL_MESSAGES.saved), data: await setTrialHours(c.env.DB, id, hours, adminActor(c)) });
});

/** `POST /api/keys/trial/` `{ app_id }`: the signed-in buyer's trial key, answered like a purchase. */
export const trialApi = new Hono<ApiEnv>().post("/trial", requireUser, takesJson(trialClaimSchema), async (c) => {
  const user = c.get("user");
  for (const [limit, subject] of [
    [LIMITS.trialClaimsPerAccount, `user:${user.id}`],
    [LIMITS.trialClaimsPerAddress, clientAddress(c)],
  ] as const) {
    const state = await hit(db(c), limit, subject);
    if (!state.allowed) throw new RateLimitedError(TRIAL_MESSAGES.tooMany(state.retryAfterSeconds), state.retryAfterSeconds);
  }
  const { app_id } = await readJson(c);
  const { replayed, order } = await claimTrial(c.env.DB, user.id, app_id);
  return c.json({
    success: true as const,
    message: say(c, TRIAL_MESSAGES.claimed),
    replayed,
    key: { key_code: order.key_code, key_type_name: order.key_type_name, app_name: order.app_name },
    order,
  });
});
