// The one box for an error or a warning that stays where it is said: on a page, or inside an open
// dialog (issue 51: otherwise an error is a toast, or a field's own line through Field.tsx). Read out
// as it appears (role="alert"); `data-tone` names its kind for tests and styles.
import type { ReactNode } from "react";

const TONES = {
  error: "border-red-500/30 bg-red-950/40 text-red-200",
  warning: "border-amber-500/30 bg-amber-950/40 text-amber-100",
} as const;

/** One line or several, empty ones left out (a field's errors in Field.tsx are read the same way). */
export function linesOf(lines: string | readonly (string | null | undefined)[] | null | undefined): string[] {
  return (typeof lines === "string" ? [lines] : (lines ?? [])).filter((line): line is string => Boolean(line));
}

type AlertProps = {
  tone?: keyof typeof TONES;
  /** A first line in bold. */
  title?: ReactNode;
  /** Lines said one under the other; the alert is not drawn when it has neither title, lines nor children. */
  lines?: Parameters<typeof linesOf>[0];
  /** What follows the lines: a list, a link, a retry button. */
  children?: ReactNode;
  id?: string;
  testId?: string;
  className?: string;
};

export function Alert({ tone = "error", title, lines, children, id, testId, className = "" }: AlertProps) {
  const said = linesOf(lines);
  if (!title && said.length === 0 && !children) return null;
  return (
    <div role="alert" id={id} data-testid={testId} data-tone={tone} className={`rounded-xl border px-4 py-3 text-sm ${TONES[tone]} ${className}`}>
      {title && <p className="font-semibold">{title}</p>}
      {said.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {children}
    </div>
  );
}
