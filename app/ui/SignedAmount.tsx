// A wallet movement's amount: credits green with "+", debits red with "−" (workers/shared/format.ts
// decides which), the same in the buyer's wallet and the admin's user detail, in the page's language.
import { useFormat } from "~/i18n/format";

export function SignedAmount({ amount, className = "", testId }: { amount: number; className?: string; testId?: string }) {
  const { credit, text } = useFormat().signedVnd(amount);
  return (
    <span className={`${className} ${credit ? "text-emerald-400" : "text-red-400"}`} data-testid={testId}>
      {text}
    </span>
  );
}
