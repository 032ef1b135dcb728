// Small factories: each test makes the data it needs (storage is shared between tests).
import { env, exports } from "cloudflare:workers";
import { getDb } from "../workers/db/client";
import { appMedia, apps } from "../workers/db/schema";
import { catalogueChanged } from "../workers/http/catalogue-cache";
import { startSession } from "../workers/services/sessions";

export const db = getDb(env.DB);

let counter = 0;
export function unique(prefix = "t"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 6)}`;
}

/** An access token of a real, live session of the user (requireUser checks the session, not just the signature). */
export async function sessionToken(userId: number): Promise<string> {
  return (await startSession(db, env.JWT_SECRET, userId)).access;
}

export function request(path: string, init?: RequestInit): Promise<Response> {
  return exports.default.fetch(new Request(new URL(path, "http://store.test"), init));
}

type NewApp = typeof apps.$inferInsert;

/** An app row, with a real file in R2 when `file` is given. */
export async function createApp(overrides: Partial<NewApp> & { file?: Uint8Array; media?: { mediaType: "image" | "video"; body: Uint8Array }[] } = {}) {
  const { file, media = [], ...values } = overrides;
  const slug = values.url ?? unique("app");
  let fileKey: string | null = values.fileKey ?? null;
  if (file) {
    fileKey = `files/${slug}.ipa`;
    await env.FILES.put(fileKey, file, { httpMetadata: { contentType: "application/octet-stream" } });
  }
  const [row] = await db
    .insert(apps)
    .values({ name: `App ${slug}`, url: slug, description: "Mô tả", version: "1.0.0", ...values, fileKey, fileSize: file?.byteLength ?? values.fileSize })
    .returning();
  for (const [position, item] of media.entries()) {
    const objectKey = `media/${slug}-${position}.${item.mediaType === "video" ? "webm" : "png"}`;
    await env.FILES.put(objectKey, item.body, { httpMetadata: { contentType: item.mediaType === "video" ? "video/webm" : "image/png" } });
    await db.insert(appMedia).values({ appId: row.id, mediaType: item.mediaType, objectKey, position, duration: item.mediaType === "video" ? 5 : null });
  }
  // What the admin API does after every catalogue change: the edge copies are superseded.
  await catalogueChanged(env, new Request("http://store.test/"));
  return row;
}

export function bytes(length: number): Uint8Array {
  return Uint8Array.from({ length }, (_, index) => (index * 31 + 7) % 256);
}
