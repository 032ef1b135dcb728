// Key codes an attacker could guess against the key check (docs/licensing.md §10): short ones, and
// runs where one code plus one is another. Shared: the admin's import shows them before importing
// (issue #27 item 9), and the server's answer to an import repeats the warning.

/** Shorter codes can be guessed against the key check. */
const MIN_UNGUESSABLE_LENGTH = 12;

/** The codes one more in one of its numbers would give: KEY-0009 → KEY-0010. */
function successors(code: string): string[] {
  return Array.from(code.matchAll(/\d+/g), (match) => {
    const next = String(BigInt(match[0]) + 1n).padStart(match[0].length, "0");
    return code.slice(0, match.index) + next + code.slice(match.index + match[0].length);
  });
}

/** The guessable codes among `codes` (one import's, each once), and what to say about them. */
export function weakKeys(codes: string[]): { short: string[]; sequential: string[]; warnings: string[] } {
  const short = codes.filter((code) => code.length < MIN_UNGUESSABLE_LENGTH);
  const known = new Set(codes);
  const inRuns = new Set<string>();
  let example = "";
  for (const code of codes) {
    const next = successors(code).find((candidate) => known.has(candidate));
    if (next === undefined) continue;
    inRuns.add(code).add(next);
    example ||= `${code}, ${next}`;
  }
  const warnings: string[] = [];
  if (short.length > 0) warnings.push(`${short.length} key ngắn hơn ${MIN_UNGUESSABLE_LENGTH} ký tự: dễ bị đoán thử. Nên dùng key ngẫu nhiên dài từ ${MIN_UNGUESSABLE_LENGTH} ký tự.`);
  if (inRuns.size > 0) warnings.push(`${inRuns.size} key có dạng tuần tự (ví dụ ${example}): biết một key là đoán được key khác.`);
  return { short, sequential: codes.filter((code) => inRuns.has(code)), warnings };
}
