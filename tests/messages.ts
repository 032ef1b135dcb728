// Whether a refusal's message is in the store's language: Vietnamese sentences carry diacritics, so
// an ASCII-only message, or one with common English words, was not written for a Vietnamese buyer.
// Spec texts that mix in a term (Access Denied, Key, Idempotency-Key, IPA) still read as Vietnamese.

const ENGLISH_WORDS =
  /\b(the|is|are|was|not|invalid|failed|failure|error|unauthori[sz]ed|forbidden|payload|found|required|must|should|cannot|implemented|yet|signature|missing|expected|received|unknown|does|too|large|authentication|malformed|unexpected|internal|server|bad)\b/i;

export function looksEnglish(message: unknown): boolean {
  if (typeof message !== "string" || !message.trim()) return true;
  return /^[\x20-\x7e]*$/.test(message) || ENGLISH_WORDS.test(message);
}
