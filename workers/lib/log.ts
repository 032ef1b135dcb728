// One JSON line per notable event, at warn level or above (what `npm start` and `wrangler tail`
// show, and what Workers Logs indexes by field). `ray` is Cloudflare's id of the request (its
// CF-Ray header), which the owner can quote and find again in the logs. Every line passes through
// redact (./redact.ts): no secret in a log line, whoever wrote the error.
import { redact, redactFields } from "./redact";

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

/**
 * The error as one redacted line. An error with a cause (drizzle's "Failed query" around D1's own)
 * starts with the cause, D1's reason: the query's bound values, at the end, are redacted to the end.
 */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return redact(String(error));
  // D1's error comes from another realm: not instanceof Error here.
  const cause = error.cause && typeof error.cause === "object" && "message" in error.cause ? `${String(error.cause.message)}; from ` : "";
  return redact(`${cause}${error.name}: ${error.message}`);
}

export function logEvent(level: Level, event: string, fields: LogFields = {}, request?: Request): void {
  const line = JSON.stringify({ level, event, ...(request ? { ray: requestId(request), path: redact(new URL(request.url).pathname) } : {}), ...redactFields(fields) });
  if (level === "error") console.error(line);
  else console.warn(line);
}
