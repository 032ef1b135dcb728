// An Idempotency-Key makes a request safe to send again: the server answers its first result.
/** One Idempotency-Key per attempt; crypto.randomUUID needs a secure context, so fall back to random bytes. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
