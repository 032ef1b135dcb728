// Submitting to an admin route's clientAction from a dialog or a row button: Remix revalidates
// the screen's loaders afterwards, so the caller only closes its dialog when the action went well.
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { FieldErrors } from "./api";

type Settled = { ok: boolean; errors?: FieldErrors | null };

/**
 * A fetcher whose `submitJson` posts a JSON body to the route's clientAction; once each
 * submission has settled, `onDone` runs if it went well, `onFailed` if not. `busy` is true from
 * the submit until the screen has been reloaded.
 */
export function useActionFetcher<T extends Settled>(onDone?: (data: T) => void, onFailed?: (data: T) => void) {
  const fetcher = useFetcher<T>();
  const latest = useRef({ onDone, onFailed });
  latest.current = { onDone, onFailed };
  const data = fetcher.data as T | undefined;
  useEffect(() => {
    if (fetcher.state !== "idle" || !data) return;
    if (data.ok) latest.current.onDone?.(data);
    else latest.current.onFailed?.(data);
  }, [fetcher.state, data]);
  return {
    busy: fetcher.state !== "idle",
    data,
    /** The server's field errors of the last refused submission, for the form's validation list. */
    fieldErrors: data && !data.ok ? (data.errors ?? null) : null,
    submitJson(body: Record<string, unknown>) {
      fetcher.submit(body as never, { method: "post", encType: "application/json" });
    },
  };
}
