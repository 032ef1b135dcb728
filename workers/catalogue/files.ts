// Serving R2 objects: app downloads and media. One implementation of Range (206/416) and
// If-Range, with the shared ETag rules, so downloads resume and iOS Safari can seek in videos.
import { etagMatches, notModified } from "../platform/http/etag";
import { hex } from "../lib/bytes";
import type { RangeReader } from "../lib/packages";

export type ByteRange = { offset: number; length: number };

/**
 * Parses a single-range `Range` header against an object of `size` bytes.
 * Returns null when the header is absent or not something we honour (then the whole object
 * is sent, as RFC 9110 allows), or "unsatisfiable" for a range outside the object.
 */
export function parseRange(header: string | null, size: number): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null; // multiple ranges or another unit: answer with the whole object
  const [, first, last] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0) return "unsatisfiable";
    const length = Math.min(suffix, size);
    return { offset: size - length, length };
  }
  const start = Number(first);
  if (start >= size) return "unsatisfiable";
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return null;
  return { offset: start, length: end - start + 1 };
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(kind: "attachment" | "inline", filename: string): string {
  const ascii = filename.normalize("NFKD").replace(/[^\x20-\x7e]/g, "").replace(/["\\]/g, "_") || "download";
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export type ServeOptions = {
  disposition?: { kind: "attachment" | "inline"; filename: string };
  contentType?: string;
  cacheControl: string;
};

export type ServedObject = { response: Response; sentFromStart: boolean };

/**
 * Answers a GET or HEAD for an R2 object. `sentFromStart` tells the caller whether this
 * response begins the file (a full 200 or a range from byte 0): what a download counter counts.
 */
export async function serveObject(bucket: R2Bucket, key: string, request: Request, options: ServeOptions): Promise<ServedObject | null> {
  const head = await bucket.head(key);
  if (!head) return null;

  const headers = new Headers();
  head.writeHttpMetadata(headers);
  if (options.contentType) headers.set("Content-Type", options.contentType);
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/octet-stream");
  headers.set("ETag", head.httpEtag);
  headers.set("Last-Modified", head.uploaded.toUTCString());
  headers.set("Accept-Ranges", "bytes");
  headers.set("Cache-Control", options.cacheControl);
  if (options.disposition) headers.set("Content-Disposition", contentDisposition(options.disposition.kind, options.disposition.filename));

  const unchanged = notModified(request, headers);
  if (unchanged) return { response: unchanged, sentFromStart: false };

  // A Range only applies when If-Range (if sent) still names this version of the object.
  const ifRange = request.headers.get("If-Range");
  const rangeHeader = ifRange && !etagMatches(ifRange, head.httpEtag) ? null : request.headers.get("Range");
  const range = parseRange(rangeHeader, head.size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${head.size}`);
    headers.delete("Content-Type");
    return { response: new Response(null, { status: 416, headers }), sentFromStart: false };
  }

  const status = range ? 206 : 200;
  const length = range ? range.length : head.size;
  headers.set("Content-Length", String(length));
  if (range) headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${head.size}`);
  const sentFromStart = !range || range.offset === 0;

  if (request.method === "HEAD") return { response: new Response(null, { status, headers }), sentFromStart: false };

  const object = await bucket.get(key, range ? { range } : undefined);
  if (!object) return null;
  return { response: new Response(object.body, { status, headers }), sentFromStart };
}

/** A ranged reader over an R2 object, for the package readers: only the bytes asked for travel. */
export function r2Reader(bucket: R2Bucket, key: string, size: number): RangeReader {
  return {
    size,
    async read(offset, length) {
      const object = await bucket.get(key, { range: { offset, length } });
      if (!object) throw new Error(`R2 object ${key} vanished while being read`);
      return new Uint8Array(await object.arrayBuffer());
    },
  };
}

/** SHA-256 of an R2 object, streamed: a 500 MB IPA never sits in memory. */
export async function r2Sha256(bucket: R2Bucket, key: string): Promise<string> {
  const object = await bucket.get(key);
  if (!object) throw new Error(`R2 object ${key} vanished while being hashed`);
  // workerd puts DigestStream on `crypto`; the DOM typings of the app code hide it there.
  const digest = new (crypto as unknown as { DigestStream: typeof DigestStream }).DigestStream("SHA-256");
  await object.body.pipeTo(digest);
  return hex(new Uint8Array(await digest.digest));
}
