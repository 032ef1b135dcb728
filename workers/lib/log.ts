// One JSON line per notable event, at warn level or above (what `npm start` and `wrangler tail`
// show, and what Workers Logs indexes by field). `ray` is Cloudflare's id of the request (its
// CF-Ray header), which the owner can quote and find again in the logs.
type Level = "warn" | "error";

export type LogFields = Record<string, string | number | boolean | null | undefined>;

const ids = new WeakMap<Request, string>();

/** The request's id: Cloudflare's ray id where there is one, else a random one of the same shape (the same for one request). */
export function requestId(request: Request): string {
  let id = ids.get(request);
  if (!id) {
    const ray = request.headers.get("CF-Ray");
    id = ray && /^[0-9a-f]{16}(-[A-Z]{3})?$/i.test(ray) ? ray : Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => byte.toString(16).padStart(2, "0")).join("");
    ids.set(request, id);
  }
  return id;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

export function logEvent(level: Level, event: string, fields: LogFields = {}, request?: Request): void {
  const line = JSON.stringify({ level, event, ...(request ? { ray: requestId(request), path: new URL(request.url).pathname } : {}), ...fields });
  if (level === "error") console.error(line);
  else console.warn(line);
}
