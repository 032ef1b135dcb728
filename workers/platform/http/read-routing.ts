// Which copy of D1 a request reads (docs/decisions/0029-read-replicas-and-placement.md): the one
// place that decides it; workers/index.ts opens the request's session with the answer and hands
// the bookmark back on the API's answers.
import { z } from "zod";
import type { ReadFrom } from "../../db/client";

/** The header the browser's API client sends back and the API answers with (app/platform/api.ts). */
export const BOOKMARK_HEADER = "x-d1-bookmark";

/**
 * A D1 bookmark as D1 writes them: three 8-digit hex counters and a 32-digit hex hash. Anything else
 * (a forged, oversized or foreign value) is ignored: the request then reads as if it sent none.
 */
const bookmarkSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/);

/** The key check: its repeat path reads the nearest copy; a refusal is confirmed on the primary (routes/keys.ts). */
const KEY_CHECK = /^\/api\/keys\/check\/?$/;
/** Reads of what another request wrote a moment ago (a reset link just mailed, Google's sign-in settings). */
const PRIMARY_READS = /^\/api\/auth\/(verify-reset-token|google)(\/|$)/;

/** The bookmark the request sent, when it is one. */
function sentBookmark(request: Request): string | null {
  // Most requests send none: they skip the schema's failure path (it builds an error to discard).
  const sent = request.headers.get(BOOKMARK_HEADER);
  if (sent === null) return null;
  const parsed = bookmarkSchema.safeParse(sent);
  return parsed.success ? parsed.data : null;
}

/**
 * Where the request's reads start. Every change (any method but GET and HEAD) reads the primary, so
 * no money, device or admin decision rests on a copy's rows and an old bookmark cannot make one
 * stale; a signed-in read without a bookmark does too. A read with a bookmark reads a copy at least
 * that new; an anonymous read (pages, catalogue, feeds) the nearest copy.
 */
export function readFromFor(request: Request, pathname: string): ReadFrom {
  const bookmark = sentBookmark(request);
  if (request.method === "POST" && KEY_CHECK.test(pathname)) return bookmark ? { bookmark } : "first-unconstrained";
  if ((request.method !== "GET" && request.method !== "HEAD") || PRIMARY_READS.test(pathname)) return "first-primary";
  if (bookmark) return { bookmark };
  return request.headers.has("Authorization") ? "first-primary" : "first-unconstrained";
}
