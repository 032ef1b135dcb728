// The start of a multipart upload (app file, icon or media), as the admin's app form sends it.
import { z } from "zod";
import { integerField, refField } from "../../shared/fields";
import { FILE_MESSAGES } from "../../shared/app-form";
import { UPLOAD_KINDS } from "../../shared/enums";
import { UPLOAD_MESSAGES } from "../messages";

export const startUploadSchema = z.object({
  filename: z.string({ error: UPLOAD_MESSAGES.nameMissing.token }).trim().min(1, UPLOAD_MESSAGES.nameMissing.token).max(255, UPLOAD_MESSAGES.nameTooLong.token),
  // A JSON number only (stricter than integerField, which also reads text).
  size: z.number({ error: UPLOAD_MESSAGES.badSize.token }).int(UPLOAD_MESSAGES.badSize.token).positive(FILE_MESSAGES.empty.token),
  content_type: z.string().max(255).optional(),
  kind: z.enum(UPLOAD_KINDS, { error: UPLOAD_MESSAGES.badKind.token }),
});

/** R2's multipart uploads have at most this many parts. */
const MAX_PARTS = 10_000;

/** A part of an upload: `/:id/parts/:n`, n from 1. */
export const uploadPartPath = z.object({ id: refField, n: integerField({ min: 1, max: MAX_PARTS, message: UPLOAD_MESSAGES.badPart.token }) });
