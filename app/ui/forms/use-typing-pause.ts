import { useEffect, useRef } from "react";

/**
 * Calls `apply(value)` once typing pauses for `delayMs`, unless `value` is what is already applied
 * (a timer, not a fetch: `apply` changes the URL and the route's loader reads it).
 */
export function useAfterTypingPause(value: string, applied: string, delayMs: number, apply: (value: string) => void) {
  // Only a change of `value` restarts the wait; the latest `applied` and `apply` are read when it ends.
  const latest = useRef({ applied, apply });
  latest.current = { applied, apply };
  useEffect(() => {
    if (value === latest.current.applied) return;
    const timer = setTimeout(() => latest.current.apply(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
}
