// ETags and conditional GETs, the one implementation for downloads, media, the catalogue API,
// the feeds and the edge cache's copies.
import { hex } from "../../lib/bytes";

/** Whether an If-None-Match / If-Range header names this ETag (weak or strong). */
export function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}

/** A strong ETag for a generated body: the first 128 bits of its SHA-256, in hex. */
export async function contentEtag(body: string | Uint8Array<ArrayBuffer>): Promise<string> {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return `"${hex(digest.subarray(0, 16))}"`;
}

/** A 304 with these headers when the request's If-None-Match names their ETag; otherwise null. */
export function notModified(request: Request, headers: Headers): Response | null {
  const etag = headers.get("ETag");
  return etag && etagMatches(request.headers.get("If-None-Match"), etag) ? new Response(null, { status: 304, headers }) : null;
}
