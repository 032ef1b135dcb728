// The start of a multipart upload (app file, icon or media), as the admin's app form sends it.
import { z } from "zod";
import { integerField, refField } from "../../shared/fields";
import { UPLOAD_KINDS } from "../../shared/enums";

export const startUploadSchema = z.object({
  filename: z.string({ error: "Thiếu tên tệp" }).trim().min(1, "Thiếu tên tệp").max(255, "Tên tệp quá dài"),
  // A JSON number only (stricter than integerField, which also reads text).
  size: z.number({ error: "Kích thước tệp không hợp lệ" }).int("Kích thước tệp không hợp lệ").positive("Tệp trống"),
  content_type: z.string().max(255).optional(),
  kind: z.enum(UPLOAD_KINDS, { error: "Loại tệp tải lên không hợp lệ (app_file, icon, media)" }),
});

/** R2's multipart uploads have at most this many parts. */
const MAX_PARTS = 10_000;

/** A part of an upload: `/:id/parts/:n`, n from 1. */
export const uploadPartPath = z.object({ id: refField, n: integerField({ min: 1, max: MAX_PARTS, message: "Số thứ tự phần không hợp lệ" }) });
