// The jobs of the cron trigger (DESIGN.md §4). Each is one idempotent statement, so a run
// that overlaps another or repeats after a failure does no harm.
import { and, eq, isNotNull, lte } from "drizzle-orm";
import type { Database } from "../db/client";
import { licenseKeys, vietqrTopups } from "../db/schema";

export type JobReport = { expiredTopups: number; expiredKeys: number };

export async function runScheduledJobs(db: Database, now: Date): Promise<JobReport> {
  const [topups, keys] = await db.batch([
    db
      .update(vietqrTopups)
      .set({ status: "expired", updatedAt: now })
      .where(and(eq(vietqrTopups.status, "pending"), lte(vietqrTopups.expiresAt, now)))
      .returning({ id: vietqrTopups.id }),
    db
      .update(licenseKeys)
      .set({ status: "expired", updatedAt: now })
      .where(and(eq(licenseKeys.status, "used"), isNotNull(licenseKeys.expiresAt), lte(licenseKeys.expiresAt, now)))
      .returning({ id: licenseKeys.id }),
  ]);
  return { expiredTopups: topups.length, expiredKeys: keys.length };
}
