// What a dialog does with the answer of its fetcher (`useFetcher` posting to the route's
// clientAction): close on success, show the server's field errors on a refusal.
import { useEffect, useRef } from "react";
import type { FieldErrors } from "../../platform/api";

type Fetched<T> = { state: "idle" | "loading" | "submitting"; data: T | undefined };

/**
 * The fetcher's last answer once it has settled (the screen's loaders revalidated after it), or
 * undefined while a submission is on its way. `onAnswer` runs once for each new answer.
 */
export function useFetcherAnswer<T>(fetcher: Fetched<T>, onAnswer?: (answer: T) => void): T | undefined {
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const latest = useRef(onAnswer);
  latest.current = onAnswer;
  useEffect(() => {
    if (answer !== undefined) latest.current?.(answer);
  }, [answer]);
  return answer;
}

/** The server's field errors of a refused submission, for the form's validation list. */
export function fieldErrorsOf(answer: { ok: boolean; errors?: FieldErrors | null } | undefined): FieldErrors | null {
  return answer && !answer.ok ? (answer.errors ?? null) : null;
}
