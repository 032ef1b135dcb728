import { useEffect, useState } from "react";

/**
 * The current time for relative labels: the server's time while hydrating (so the HTML and
 * the first client render agree), then the browser's, refreshed every minute.
 */
export function useNow(serverNow: number): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
