// A listed version whose R2 object is gone (issue 42, M3): the buyer only sees "no file yet", so the
// download that finds it logs `file_missing` and tells the owner (once per object a day), and the
// admin's app page heads each listed version's key to show which lost its file.
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { apps } from "../db/schema";
import { logEvent } from "../lib/log";
import { opsNotice } from "../platform/ops-notice";

const DAY_MS = 24 * 60 * 60_000;

/** Logs and alarms a download whose object is missing; `version` undefined is read from the app. */
export async function reportMissingFile(env: Env, db: Database, request: Request, file: { appId: number; version?: string | null; key: string }, now = Date.now()): Promise<void> {
  const version = file.version !== undefined ? file.version : ((await db.select({ version: apps.version }).from(apps).where(eq(apps.id, file.appId)).limit(1))[0]?.version ?? null);
  logEvent("error", "file_missing", { app_id: file.appId, version, r2_key: file.key }, request);
  await opsNotice(
    env,
    `🚨 Tệp của ứng dụng #${file.appId}${version ? ` (phiên bản ${version})` : ""} không còn trên R2: ${file.key}. Người mua đang nhận "chưa có tệp"; tải tệp lên lại trong trang sửa ứng dụng.`,
    `ops:file-missing:${file.key}:${Math.floor(now / DAY_MS)}`,
    now,
  );
}

/** The keys among `keys` that have no object in the bucket (one head each, side by side). */
export async function missingKeys(bucket: R2Bucket, keys: (string | null)[]): Promise<Set<string>> {
  const listed = [...new Set(keys.filter((key): key is string => !!key))];
  const heads = await Promise.all(listed.map((key) => bucket.head(key)));
  return new Set(listed.filter((_, index) => !heads[index]));
}
