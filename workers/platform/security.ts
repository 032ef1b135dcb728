// Headers on every response the Worker makes (static files get theirs from public/_headers).

const BASE_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** The page policy: scripts only from us or carrying this response's nonce (between the two halves). */
const PAGE_POLICY_HEAD = "default-src 'self'; script-src 'self' 'nonce-";
const PAGE_POLICY_TAIL =
  "'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; media-src 'self' blob: https:; font-src 'self'; connect-src 'self'; " +
  "frame-src 'none'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

function contentSecurityPolicy(nonce: string): string {
  return PAGE_POLICY_HEAD + nonce + PAGE_POLICY_TAIL;
}

// API answers and files are never rendered as documents: a strict sandboxing policy on them
// keeps an uploaded SVG or HTML file from running script on our origin.
const NON_PAGE_POLICY = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

// Browsers only honour it over HTTPS; plain http://127.0.0.1 development does not get it.
const TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

/** The headers every answer carries except its Content-Security-Policy, over https or not. */
export function fixedSecurityHeaders(https: boolean): [string, string][] {
  const headers = Object.entries(BASE_HEADERS);
  return https ? [...headers, ["Strict-Transport-Security", TRANSPORT_SECURITY]] : headers;
}

// Answers built with their headers already (securedPage, secured): withSecurityHeaders hands them
// on as they are instead of copying the response once more, which a cached page would feel.
const securedPages = new WeakSet<Response>();

const JSON_ANSWER_HEADERS: [string, string][] = [
  ["X-Content-Type-Options", BASE_HEADERS["X-Content-Type-Options"]],
  ["X-Frame-Options", BASE_HEADERS["X-Frame-Options"]],
  ["Content-Security-Policy", NON_PAGE_POLICY],
];
const JSON_ANSWER_HEADERS_HTTPS: [string, string][] = [...JSON_ANSWER_HEADERS, ["Strict-Transport-Security", TRANSPORT_SECURITY]];

/**
 * The security headers of a JSON answer that no browser renders as a document (the key check's,
 * docs/decisions/0039-key-check-floor.md): never sniffed as another type, never framed, the
 * sandboxing policy should it be opened anyway, and HTTPS only over https. Referrer-Policy,
 * Permissions-Policy and Cross-Origin-Opener-Policy govern a document and what it loads; such an
 * answer is none. The same arrays every time: read, never changed.
 */
export function jsonAnswerSecurityHeaders(https: boolean): readonly (readonly [string, string])[] {
  return https ? JSON_ANSWER_HEADERS_HTTPS : JSON_ANSWER_HEADERS;
}

/** An answer built with its security headers already (jsonAnswerSecurityHeaders): withSecurityHeaders hands it on as it is. */
export function secured(response: Response): Response {
  securedPages.add(response);
  return response;
}

/**
 * A page whose `headers` already hold fixedSecurityHeaders (set once per cached copy,
 * workers/catalogue/catalogue-cache.ts): only this response's policy, with its nonce, is added.
 */
export function securedPage(body: BodyInit, headers: Headers, nonce: string): Response {
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  const page = new Response(body, { status: 200, headers });
  securedPages.add(page);
  return page;
}

export function withSecurityHeaders(request: Request, response: Response, nonce?: string): Response {
  if (securedPages.has(response)) return response;
  const secured = new Response(response.body, response);
  for (const [name, value] of fixedSecurityHeaders(new URL(request.url).protocol === "https:")) secured.headers.set(name, value);
  secured.headers.set("Content-Security-Policy", nonce ? contentSecurityPolicy(nonce) : NON_PAGE_POLICY);
  return secured;
}
