// Submitting to a screen's clientAction from a dialog or a row button. The submission is a
// navigation to the page the screen already shows (same URL, history replaced, scroll kept), so
// Remix revalidates the screen's loaders afterwards, as after any action. Not useFetcher: that hook
// would add its code to the router chunk every public page loads (decision 0021).
import { useActionData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { FieldErrors } from "./api";

type Settled = { ok: boolean; errors?: FieldErrors | null };

/**
 * `submitJson` posts a JSON body to the route's clientAction; once that submission has settled and
 * the screen has reloaded, `onDone` runs if it went well, `onFailed` if not. A screen may hold
 * several of these (one per dialog, or a row button beside a dialog): each one follows only its own
 * submission, which it knows by its body (the router keeps that object as `navigation.json`).
 * `busy` is true from the submit until then. A submission another navigation replaced (Back, a
 * search typed a moment before) calls neither: `busy` ends, and the dialog stays for another try.
 */
export function useRouteAction<T extends Settled>(onDone?: (data: T) => void, onFailed?: (data: T) => void) {
  const submit = useSubmit();
  const navigation = useNavigation();
  // A clientAction's answer is not serialised: it is the T the action returned.
  const actionData = useActionData() as T | undefined;
  // The body sent, and the route's action data before it: the answer is the next one.
  const [sent, setSent] = useState<{ body: Record<string, unknown>; before: T | undefined } | null>(null);
  const [data, setData] = useState<T>();
  const started = useRef(false);
  // Kept as soon as it comes: a navigation that starts before the reload ends clears the route's
  // action data, but this submission was still answered.
  const answer = useRef<T>();
  const latest = useRef({ onDone, onFailed });
  latest.current = { onDone, onFailed };

  useEffect(() => {
    if (!sent) return;
    if (navigation.state !== "idle" && navigation.json === sent.body) {
      started.current = true;
      if (actionData && actionData !== sent.before) answer.current = actionData;
      return;
    }
    if (!started.current && actionData === sent.before) return; // the router has not taken it up yet
    const settled = answer.current ?? (actionData !== sent.before ? actionData : undefined);
    setSent(null);
    started.current = false;
    answer.current = undefined;
    if (!settled) return; // replaced by another navigation, or the action threw (the error boundary shows)
    setData(settled);
    if (settled.ok) latest.current.onDone?.(settled);
    else latest.current.onFailed?.(settled);
  }, [sent, navigation, actionData]);

  return {
    busy: sent !== null,
    data,
    /** The server's field errors of the last refused submission, for the form's validation list. */
    fieldErrors: data && !data.ok ? (data.errors ?? null) : null,
    submitJson(body: Record<string, unknown>) {
      setSent({ body, before: actionData });
      setData(undefined);
      submit(body as never, { method: "post", encType: "application/json", replace: true, preventScrollReset: true });
    },
  };
}
