// A list the profile loads for one of its tabs (ledger, purchases): loading, failed with a retry,
// empty, or the rows. A 401 is the page's session-expiry flow (spec §4 "Session").
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { ApiError, apiFetch } from "~/lib/api";
import { SECONDARY_BUTTON } from "./AuthCard";
import { Spinner } from "./Spinner";

export type ListState<T> = { status: "loading" } | { status: "failed"; message: string } | { status: "ready"; rows: T[] };

/** GET `path` now and whenever `refreshKey` changes; `reload` tries again by hand. */
export function useProfileList<T>(path: string, refreshKey: number, onSessionExpired: () => void): { state: ListState<T>; reload: () => void } {
  const [state, setState] = useState<ListState<T>>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  // The page's callback changes with its URL (a tab switch); that must not reload the list.
  const expired = useRef(onSessionExpired);
  expired.current = onSessionExpired;

  useEffect(() => {
    const controller = new AbortController();
    // A refresh keeps the rows on screen while the new ones load.
    setState((previous) => (previous.status === "ready" ? previous : { status: "loading" }));
    apiFetch<{ data: T[] }>(path, { auth: true, signal: controller.signal })
      .then((body) => setState({ status: "ready", rows: Array.isArray(body?.data) ? body.data : [] }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) {
          expired.current();
          return;
        }
        setState({ status: "failed", message: error instanceof ApiError ? error.message : "Lỗi khi tải dữ liệu người dùng" });
      });
    return () => controller.abort();
  }, [path, refreshKey, attempt]);

  const reload = useCallback(() => {
    setState({ status: "loading" });
    setAttempt((value) => value + 1);
  }, []);
  return { state, reload };
}

/** The non-row states of a list, or the rows. */
export function ListBody<T>({ state, onRetry, empty, children }: { state: ListState<T>; onRetry: () => void; empty: ReactNode; children: (rows: T[]) => ReactNode }) {
  if (state.status === "loading") {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-zinc-400">
        <Spinner /> Đang tải...
      </p>
    );
  }
  if (state.status === "failed") {
    return (
      <div role="alert" className="py-8 text-center">
        <p className="text-sm text-red-300">{state.message}</p>
        <button type="button" onClick={onRetry} className={`${SECONDARY_BUTTON} mt-4 sm:w-auto`}>
          Thử lại
        </button>
      </div>
    );
  }
  if (state.rows.length === 0) return <div className="py-10 text-center text-sm text-zinc-400">{empty}</div>;
  return <>{children(state.rows)}</>;
}
