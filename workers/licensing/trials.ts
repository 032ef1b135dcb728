// One trial per account and per phone (issue 55 item 3, docs/decisions/0052-bans-and-trials.md).
// The admin gives an app a trial length in hours; a signed-in buyer claims one trial key of it,
// free and made on the spot (no stock), once per account: the claim's order reference is
// `trial:<user>:<app>`, unique, so ten claims racing make one key and the others answer it again.
// Its first check binds it and records the phone (key-check.ts, trial_devices), so a second trial of
// the app on that phone is refused (trial_used) whichever account claimed it.
import { ORDER_COLUMNS, type OrderRow, toPurchasedOrder } from "../db/statements/orders";
import { isUniqueViolation } from "../db/errors";
import { type AdminActor, auditStatement } from "../db/statements/audit";
import { ConflictError, fieldError, NotFoundError } from "../platform/errors";
import { KEY_ADMIN_MESSAGES, TRIAL_HOURS, TRIAL_MESSAGES } from "./messages";

/** Sets an app's trial length (0 turns trials off); audited with the length before, in one batch. */
export async function setTrialHours(d1: D1Database, appId: number, hours: unknown, actor: AdminActor, now = Date.now()) {
  const valid = typeof hours === "number" && Number.isSafeInteger(hours) && (hours === 0 || (hours >= TRIAL_HOURS.min && hours <= TRIAL_HOURS.max));
  if (!valid) throw fieldError("hours", TRIAL_MESSAGES.hoursInvalid);
  const app = await d1.prepare("SELECT id, trial_hours FROM apps WHERE id = ?").bind(appId).first<{ id: number; trial_hours: number }>();
  if (!app) throw new NotFoundError(KEY_ADMIN_MESSAGES.appNotFound);
  await d1.batch([
    d1.prepare("UPDATE apps SET trial_hours = ?1, updated_at = ?2 WHERE id = ?3").bind(hours, now, appId),
    auditStatement(d1, { actor, action: "app.trial", targetType: "app", targetId: appId, details: { hours, hours_before: app.trial_hours } }),
  ]);
  return { app_id: appId, trial_hours: hours };
}

/** Trial codes: TRIAL- and 16 characters of an alphabet without look-alikes (no 0/O, 1/I/L), in groups of four. */
const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

function trialCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const characters = [...bytes].map((byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join("");
  return `TRIAL-${characters.match(/.{4}/g)?.join("-")}`;
}

/** The trial's order, in the one shape every order is answered in. */
async function findTrialOrder(d1: D1Database, reference: string) {
  const row = await d1.prepare(`SELECT ${ORDER_COLUMNS} FROM orders WHERE reference = ?`).bind(reference).first<OrderRow>();
  return row ? toPurchasedOrder(row) : null;
}

/**
 * The buyer's trial key of the app: made on the first claim, answered again on any later one
 * (`replayed`). Refused when the app offers no trial or is not on sale. No money moves: the order
 * is of 0 VND and the wallet is not asked (decision 0052).
 */
export async function claimTrial(d1: D1Database, userId: number, appId: number, now = Date.now()) {
  const reference = `trial:${userId}:${appId}`;
  const earlier = await findTrialOrder(d1, reference);
  if (earlier) return { replayed: true, order: earlier };
  const app = await d1
    .prepare("SELECT id, name, bundle_identifier, trial_hours FROM apps WHERE id = ? AND status = 'active'")
    .bind(appId)
    .first<{ id: number; name: string; bundle_identifier: string | null; trial_hours: number }>();
  if (!app) throw new NotFoundError(KEY_ADMIN_MESSAGES.appNotFound);
  if (app.trial_hours < TRIAL_HOURS.min) throw new ConflictError(TRIAL_MESSAGES.off);
  const type = await d1.prepare("SELECT id, display_name FROM key_types WHERE name = 'trial'").first<{ id: number; display_name: string }>();
  if (!type) throw new ConflictError(TRIAL_MESSAGES.off);
  const code = trialCode();
  const key = d1
    .prepare(
      `INSERT INTO license_keys (app_id, key_type_id, key_code, key_code_normal, status, order_reference, sold_to_user_id, sold_at, trial_hours, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?3, 'sold', ?4, ?5, ?6, ?7, ?6, ?6)`,
    )
    .bind(app.id, type.id, code, reference, userId, now, app.trial_hours);
  const order = d1
    .prepare(
      `INSERT INTO orders (reference, user_id, app_id, key_pricing_id, key_type_id, key_id, app_name, app_bundle_id, key_type_name, key_code,
         amount, currency, vnd_amount, payment_method, status, created_at)
       VALUES (?1, ?2, ?3, NULL, ?4, (SELECT id FROM license_keys WHERE order_reference = ?1), ?5, ?6, ?7, ?8, 0, 'VND', 0, 'balance', 'completed', ?9)`,
    )
    .bind(reference, userId, app.id, type.id, app.name, app.bundle_identifier, type.display_name, code, now);
  try {
    await d1.batch([key, order]);
  } catch (error) {
    // Another claim of the same account and app won the race: its key is the buyer's trial.
    if (!isUniqueViolation(error)) throw error;
    const won = await findTrialOrder(d1, reference);
    if (!won) throw error;
    return { replayed: true, order: won };
  }
  return { replayed: false, order: (await findTrialOrder(d1, reference)) as NonNullable<Awaited<ReturnType<typeof findTrialOrder>>> };
}
