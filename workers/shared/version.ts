// A build's version as a mod sends it (CFBundleShortVersionString) and as the admin sets the
// lowest one supported: digits and dots, compared numerically part by part (decision 0031).

/** "1", "1.2", "10.0.3": digits and dots, no empty part. */
const VERSION_PATTERN = /^\d{1,9}(\.\d{1,9}){0,7}$/;
/** The longest version text taken: eight parts of nine digits and their dots. */
const MAX_VERSION_LENGTH = 79;

export function isVersion(text: string): boolean {
  return text.length <= MAX_VERSION_LENGTH && VERSION_PATTERN.test(text);
}

/**
 * Negative when a is older than b, 0 when equal, positive when newer. Parts compare as numbers
 * (1.10 > 1.9) and a missing part is 0 (1.2 = 1.2.0).
 */
export function compareVersions(a: string, b: string): number {
  const left = a.split(".").map(Number);
  const right = b.split(".").map(Number);
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

/** True when the mod's version is below the app's minimum; false when either is unknown. */
export function updateRequired(sent: string | null | undefined, minimum: string | null | undefined): boolean {
  if (!sent || !minimum || !isVersion(sent) || !isVersion(minimum)) return false;
  return compareVersions(sent, minimum) < 0;
}
