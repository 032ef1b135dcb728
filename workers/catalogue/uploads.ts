// Large files go to R2 in parts (docs/architecture.md#files): a Worker request body is limited, a 500 MB IPA
// is not. start → parts (any order, in parallel, resendable) → complete, which joins the parts,
// checks the content and hashes the file. An app then takes the object by its key ("attached");
// whatever is never attached is deleted by the cron once it expires.
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { uploadParts, uploads } from "../db/schema";
import { ConflictError, NotFoundError, ValidationError } from "../platform/errors";
import { errorText, logEvent } from "../lib/log";
import { extensionOf } from "../shared/catalogue/app-form-fields";
import { type CheckedFile, checkDeclaredFile, checkFileContent } from "./app-files";
import { r2Reader, r2Sha256 } from "./files";
import type { UploadKind } from "../shared/enums";
import { UPLOAD_MESSAGES } from "./messages";

/** R2 wants equal parts of at least 5 MiB (the last may be shorter); 8 MiB keeps each request small. */
export const PART_SIZE = 8 * 1024 * 1024;
/** How long an upload may stay unfinished or unattached before the cron removes it. */
const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
const CLEANUPS_PER_RUN = 50;

export type UploadRow = typeof uploads.$inferSelect;

export function partCount(size: number, partSize: number): number {
  return Math.max(1, Math.ceil(size / partSize));
}

/** Keeps a file name safe as the last segment of an object key and a download name. */
function safeFilename(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? "";
  const cleaned = base.normalize("NFKC").replace(/[^\p{L}\p{N}._ -]/gu, "_").replace(/\s+/g, " ").trim().slice(-120);
  return cleaned.replace(/^\.+/, "") || "file";
}

/** Where an object of each kind lives: icons and media under the prefixes /api/media serves. */
export function objectKeyFor(kind: UploadKind, id: string, filename: string): string {
  if (kind === "app_file") return `files/${id}/${safeFilename(filename)}`;
  return `${kind === "icon" ? "icons" : "media"}/${id}.${extensionOf(filename)}`;
}

export async function startUpload(
  env: Env,
  db: Database,
  input: { filename: string; size: number; kind: UploadKind; userId: number },
  now: Date,
): Promise<UploadRow> {
  const contentType = checkDeclaredFile(input.kind, input.filename, input.size);
  const id = crypto.randomUUID();
  const objectKey = objectKeyFor(input.kind, id, input.filename);
  const multipart = await env.FILES.createMultipartUpload(objectKey, { httpMetadata: { contentType } });
  const [row] = await db
    .insert(uploads)
    .values({
      id,
      r2UploadId: multipart.uploadId,
      objectKey,
      filename: safeFilename(input.filename),
      size: input.size,
      contentType,
      kind: input.kind,
      partSize: PART_SIZE,
      createdBy: input.userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + UPLOAD_TTL_MS),
    })
    .returning();
  return row;
}

async function findOwnUpload(db: Database, id: string, userId: number): Promise<UploadRow> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  // Another admin's upload is as good as absent: ids are not shared.
  if (!row || row.createdBy !== userId) throw new NotFoundError(UPLOAD_MESSAGES.notFound);
  return row;
}

export async function putPart(env: Env, db: Database, input: { id: string; userId: number; partNumber: number; body: ArrayBuffer }) {
  const upload = await findOwnUpload(db, input.id, input.userId);
  if (upload.status !== "uploading") throw new ConflictError(UPLOAD_MESSAGES.notUploading);
  const parts = partCount(upload.size, upload.partSize);
  if (!Number.isSafeInteger(input.partNumber) || input.partNumber < 1 || input.partNumber > parts) throw new ValidationError(UPLOAD_MESSAGES.badPart);
  const expected = input.partNumber < parts ? upload.partSize : upload.size - upload.partSize * (parts - 1);
  if (input.body.byteLength !== expected) throw new ValidationError(UPLOAD_MESSAGES.badPartSize(expected));
  const part = await env.FILES.resumeMultipartUpload(upload.objectKey, upload.r2UploadId).uploadPart(input.partNumber, input.body);
  await db
    .insert(uploadParts)
    .values({ uploadId: upload.id, partNumber: input.partNumber, etag: part.etag, size: expected })
    .onConflictDoUpdate({ target: [uploadParts.uploadId, uploadParts.partNumber], set: { etag: part.etag, size: expected } });
  return { part_number: input.partNumber, size: expected, parts_total: parts };
}

/** Joins the parts and checks the file; a file that fails the check is deleted with its upload. */
export async function completeUpload(env: Env, db: Database, input: { id: string; userId: number }): Promise<{ upload: UploadRow; checked: CheckedFile }> {
  const upload = await findOwnUpload(db, input.id, input.userId);
  if (upload.status !== "uploading") throw new ConflictError(UPLOAD_MESSAGES.notUploading);
  const parts = await db.select().from(uploadParts).where(eq(uploadParts.uploadId, upload.id)).orderBy(asc(uploadParts.partNumber));
  const total = partCount(upload.size, upload.partSize);
  const have = new Set(parts.map((part) => part.partNumber));
  const missing = Array.from({ length: total }, (_, i) => i + 1).filter((n) => !have.has(n));
  if (missing.length > 0) throw new ValidationError(UPLOAD_MESSAGES.missingParts(missing));

  try {
    await env.FILES.resumeMultipartUpload(upload.objectKey, upload.r2UploadId).complete(
      parts.map((part) => ({ partNumber: part.partNumber, etag: part.etag })),
    );
  } catch (error) {
    // A second complete racing the first lands here: R2 has finished (or forgotten) the upload.
    logEvent("warn", "upload_completion_failed", { upload_id: upload.id, error: errorText(error) });
    throw new ConflictError(UPLOAD_MESSAGES.notUploading);
  }

  let checked: CheckedFile;
  try {
    checked = await checkFileContent(upload.kind, upload.filename, r2Reader(env.FILES, upload.objectKey, upload.size));
  } catch (error) {
    await discardUploads(env, db, [upload]);
    throw error;
  }
  const sha256 = upload.kind === "app_file" ? await r2Sha256(env.FILES, upload.objectKey) : null;
  const [done] = await db
    .update(uploads)
    .set({ status: "completed", sha256 })
    .where(and(eq(uploads.id, upload.id), eq(uploads.status, "uploading")))
    .returning();
  if (!done) throw new ConflictError(UPLOAD_MESSAGES.notUploading);
  return { upload: done, checked };
}

/** A completed upload, ready to be attached, looked up by its object key (the `*_key` form fields). */
export async function findCompletedUpload(db: Database, objectKey: string, kind: UploadKind): Promise<UploadRow> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.objectKey, objectKey), eq(uploads.status, "completed")))
    .limit(1);
  if (!row) throw new ValidationError(UPLOAD_MESSAGES.unusable);
  if (row.kind !== kind) throw new ValidationError(UPLOAD_MESSAGES.wrongKind);
  return row;
}

/** The statement that marks uploads as used by an app; part of the app's D1 batch. */
export function attachUploads(db: Database, objectKeys: string[]) {
  return db
    .update(uploads)
    .set({ status: "attached" })
    .where(and(inArray(uploads.objectKey, objectKeys.length ? objectKeys : [""]), eq(uploads.status, "completed")))
    .returning({ key: uploads.objectKey });
}

/** Aborts or deletes the R2 side of uploads, then forgets them. */
async function discardUploads(env: Env, db: Database, rows: UploadRow[]): Promise<void> {
  for (const row of rows) {
    if (row.status === "uploading") {
      await env.FILES.resumeMultipartUpload(row.objectKey, row.r2UploadId)
        .abort()
        .catch(() => {}); // already completed or aborted: nothing left to free
    }
    await env.FILES.delete(row.objectKey);
  }
  if (rows.length) await db.delete(uploads).where(inArray(uploads.id, rows.map((row) => row.id)));
}

/** Cron: uploads never finished, or finished but never used by an app, past their expiry. */
export async function cleanupAbandonedUploads(env: Env, db: Database, now: Date): Promise<number> {
  const stale = await db
    .select()
    .from(uploads)
    .where(and(sql`${uploads.status} IN ('uploading', 'completed')`, lte(uploads.expiresAt, now)))
    .orderBy(asc(uploads.expiresAt))
    .limit(CLEANUPS_PER_RUN);
  await discardUploads(env, db, stale);
  return stale.length;
}
