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

/** The page policy: scripts only from us or carrying this response's nonce. */
function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

// API answers and files are never rendered as documents: a strict sandboxing policy on them
// keeps an uploaded SVG or HTML file from running script on our origin.
const NON_PAGE_POLICY = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

// Browsers only honour it over HTTPS; plain http://127.0.0.1 development does not get it.
const TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

export function withSecurityHeaders(request: Request, response: Response, nonce?: string): Response {
  const secured = new Response(response.body, response);
  for (const [name, value] of Object.entries(BASE_HEADERS)) secured.headers.set(name, value);
  if (new URL(request.url).protocol === "https:") secured.headers.set("Strict-Transport-Security", TRANSPORT_SECURITY);
  secured.headers.set("Content-Security-Policy", nonce ? contentSecurityPolicy(nonce) : NON_PAGE_POLICY);
  return secured;
}
