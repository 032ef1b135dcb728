// A list one of the profile's tabs shows (ledger, purchases), as its route loaded it: loading,
// failed with a retry, empty, or the rows.
import type { ReactNode } from "react";
import { SECONDARY_BUTTON } from "~/ui/button-class";
import { Spinner } from "~/ui/Spinner";
import { profileWords } from "~/i18n/vi/wallet/profile";
import { useWords } from "~/i18n/words";
import { Alert } from "~/ui/Alert";

export type ListState<T> = { status: "loading" } | { status: "failed"; message: string } | { status: "ready"; rows: T[] };

/** The non-row states of a list, or the rows. */
export function ListBody<T>({ state, onRetry, empty, children }: { state: ListState<T>; onRetry: () => void; empty: ReactNode; children: (rows: T[]) => ReactNode }) {
  const words = useWords(profileWords);
  if (state.status === "loading") {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-zinc-400">
        <Spinner /> {words.loading}
      </p>
    );
  }
  if (state.status === "failed") {
    return (
      <Alert className="my-6 text-center" lines={state.message}>
        <button type="button" onClick={onRetry} className={`${SECONDARY_BUTTON} mt-3 sm:w-auto`}>
          {words.retry}
        </button>
      </Alert>
    );
  }
  if (state.rows.length === 0) return <div className="py-10 text-center text-sm text-zinc-400">{empty}</div>;
  return <>{children(state.rows)}</>;
}
