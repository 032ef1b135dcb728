import { useEffect, useRef, useState } from "react";

const REFRESH_MS = 60_000;

/**
 * The current time for relative labels: the server's time while hydrating (so the HTML and
 * the first client render agree), then the browser's, refreshed every minute. A page answered
 * less than a minute ago is as fresh as a refresh would make it, so it is not rendered a second
 * time while it starts (a whole grid of cards, in the middle of the page's start-up).
 */
export function useNow(serverNow: number): number {
  const [now, setNow] = useState(serverNow);
  const served = useRef(serverNow);
  useEffect(() => {
    if (Date.now() - served.current >= REFRESH_MS) setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
