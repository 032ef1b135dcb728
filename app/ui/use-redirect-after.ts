import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";

/** After `delayMs`, replace this page with `path`; null waits (a timer, cancelled on leaving). */
export function useRedirectAfter(path: string | null, delayMs: number) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!path) return;
    const timer = setTimeout(() => navigate(path, { replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [path, delayMs, navigate]);
}
