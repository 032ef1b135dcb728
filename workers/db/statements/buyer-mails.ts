// A buyer's mail about a new version, queued by the catalogue's change (docs/decisions/0032-buyer-mails.md):
// here, beside the table and below the domains, because the catalogue, which publishes the
// version, stands below licensing, which holds the keys and sends the mails.
import { sql } from "drizzle-orm";
import type { Database } from "../client";

/**
 * A new version of an app is out: each buyer holding a live key for it is told once per version
 * (several keys of one app, one mail). Called by updateApp (workers/catalogue/app-admin.ts) when
 * the version changes; sent with the rest by workers/licensing/buyer-mails.ts.
 */
export async function queueUpdateNotices(db: Database, appId: number, version: string, now: Date): Promise<number> {
  const result = await db.run(sql`
    INSERT INTO buyer_mails (kind, dedupe_key, user_id, app_id, version, created_at)
    SELECT DISTINCT 'app_update', 'app_update:' || k.sold_to_user_id || ':' || k.app_id || ':' || ${version}, k.sold_to_user_id, k.app_id, ${version}, ${now.getTime()}
    FROM license_keys k JOIN users u ON u.id = k.sold_to_user_id
    WHERE k.app_id = ${appId} AND k.status IN ('sold', 'used') AND k.banned_at IS NULL
      AND (k.expires_at IS NULL OR k.expires_at > ${now.getTime()})
      AND u.email_notifications = 1
    ON CONFLICT (dedupe_key) DO NOTHING`);
  return result.meta.changes;
}
