// D1 errors arrive wrapped (drizzle puts the driver's error in `cause`): look through the chain.
function messages(error: unknown): string {
  let text = "";
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    text += ` ${current instanceof Error ? current.message : String(current)}`;
    current = current instanceof Error ? current.cause : undefined;
  }
  return text;
}

/** A UNIQUE constraint refused the write (a duplicate name, code or reference). */
export function isUniqueViolation(error: unknown): boolean {
  return messages(error).includes("UNIQUE constraint failed");
}

/** A CHECK constraint refused the write (a balance below zero, a promotion past its limit…). */
export function isCheckViolation(error: unknown): boolean {
  return messages(error).includes("CHECK constraint failed");
}
