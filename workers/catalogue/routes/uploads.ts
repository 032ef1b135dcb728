// Multipart uploads of large files to R2 (issue: IPA up to 500 MB > a Worker request body).
// POST / → {upload_id, part_size}; PUT /{id}/parts/{n} raw bytes; POST /{id}/complete → {key, size}.
import { Hono } from "hono";
import { refPath } from "../../shared/fields";
import { startUploadSchema, uploadPartPath } from "../schemas/uploads";
import { completeUpload, partCount, putPart, startUpload } from "../uploads";
import { type ApiEnv, db } from "../../platform/http/context";
import { requireAdmin } from "../../accounts/require-admin";
import { readJson, readParams, takesJson } from "../../platform/http/validate";

export const uploadsApi = new Hono<ApiEnv>()
  .use("*", requireAdmin)
  .post("/", takesJson(startUploadSchema), async (c) => {
    const input = await readJson(c);
    const upload = await startUpload(c.env, db(c), { filename: input.filename, size: input.size, kind: input.kind, userId: c.get("user").id }, new Date());
    return c.json(
      {
        success: true,
        upload_id: upload.id,
        part_size: upload.partSize,
        parts: partCount(upload.size, upload.partSize),
        key: upload.objectKey,
        expires_at: upload.expiresAt.toISOString(),
      },
      201,
    );
  })
  .put("/:id/parts/:n", async (c) => {
    const { id, n: partNumber } = readParams(c, uploadPartPath);
    const body = await c.req.arrayBuffer();
    const result = await putPart(c.env, db(c), { id, userId: c.get("user").id, partNumber, body });
    return c.json({ success: true, ...result });
  })
  .post("/:id/complete", async (c) => {
    const { id } = readParams(c, refPath);
    return c.json(uploadedAnswer(await completeUpload(c.env, db(c), { id, userId: c.get("user").id })));
  });

/** A finished upload: where the file is and what its check read, as the admin's app form reads it. */
function uploadedAnswer({ upload, checked }: Awaited<ReturnType<typeof completeUpload>>) {
  const info = checked.kind === "app_file" ? (checked.ipa ?? checked.deb?.fields ?? null) : { duration: checked.duration, content_type: checked.contentType };
  return { success: true as const, key: upload.objectKey, size: upload.size, sha256: upload.sha256, info };
}
export type UploadedAnswer = ReturnType<typeof uploadedAnswer>;
