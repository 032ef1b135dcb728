// What a log line may not carry (docs/operations.md#what-a-log-line-never-carries): the one rule,
// applied by the log writer (./log.ts) to every line. A D1 error names its bound values, a link its
// token, a mail API its refusal: whatever the text, the secret in it becomes REDACTED.
export const REDACTED = "[redacted]";

/**
 * The words that make a field's value secret, matched as whole words of its name (card_code,
 * new_password, refresh_token, mfaSecret, code_verifier, x-api-key; not "design" or "states").
 */
const SECRET_WORDS = ["password", "passwd", "pin", "code", "serial", "token", "secret", "otp", "totp", "state", "sign", "signature", "authorization", "cookie", "verifier", "jwt", "apikey", "api_key", "partner_key", "private_key"];

const secretWord = new RegExp(`(?:^|_)(?:${SECRET_WORDS.join("|")})s?(?:_|$)`);

/** Whether a field of this name holds a secret, however it is spelt (snake, camel, kebab). */
function isSecretName(name: string): boolean {
  const snake = name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_");
  return secretWord.test(snake) || secretWord.test(snake.replace(/_/g, ""));
}

// Each rule: what it finds, and what it leaves of it.
const RULES: [RegExp, string | ((match: string, ...groups: string[]) => string)][] = [
  // drizzle's "Failed query: … params: …" lists the bound values (a card's code, a password's hash):
  // up to the stack's first frame, or the end.
  [/(\bparams: )[\s\S]*?(?=\n\s+at |$)/g, `$1${REDACTED}`],
  // A query string or fragment, after a URL or a path (reset, unsubscribe and download links, OAuth's code and state).
  [/((?:\b[a-z][a-z0-9+.-]*:\/\/|\/)[^\s?#"'<>]*)[?#][^\s"'<>]+/gi, `$1?${REDACTED}`],
  // name=value and "name": "value" whose name is secret (a form body, a query without its path, JSON).
  [
    /(["']?)([A-Za-z][\w-]*)\1(\s*(?:=|:(?=\s*["'\d]))\s*)("(?:[^"\\]|\\.)*"|'[^']*'|[^\s&,;)}\]]+)/g,
    (match, quote, name, between) => (isSecretName(name) ? `${quote}${name}${quote}${between}${REDACTED}` : match),
  ],
  [/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, `$1 ${REDACTED}`],
  // A JWT (an access token, a signed lease) anywhere.
  [/\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g, REDACTED],
  // A run of 10 or more digits: a phone card's serial or code (10–20 digits, workers/money/cards.ts).
  [/(?<![\w.-])\d{10,}(?![\w.-])/g, REDACTED],
  // An e-mail address (a mail API's refusal names the buyer's): its domain stays, to tell providers apart.
  [/[\w.+-]+@((?:[\w-]+\.)+[A-Za-z]{2,})/g, `${REDACTED}@$1`],
  // An opaque token (refresh, reset, device: 43 base64url characters), a TOTP secret, a hash of one.
  [/(?<![\w-])(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{32,}(?![\w-])/g, REDACTED],
];

/** The text with every secret it may carry replaced by REDACTED. */
export function redact(text: string): string {
  let out = text;
  for (const [pattern, replacement] of RULES) out = typeof replacement === "string" ? out.replace(pattern, replacement) : out.replace(pattern, replacement);
  return out;
}

/** Log fields with secret-named strings replaced and every other string redacted (numbers and flags stay: counts, ids). */
export function redactFields<T extends Record<string, unknown>>(fields: T): T {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    out[name] = typeof value !== "string" ? value : isSecretName(name) ? REDACTED : redact(value);
  }
  return out as T;
}
