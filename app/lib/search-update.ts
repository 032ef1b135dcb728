// Changing some of a screen's query parameters while keeping the others (?search= and ?user= on
// /admin/users, ?status= and ?find= on /admin/bank-transfers).
import { useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";

type Changes = Record<string, string | number | null>;

/**
 * Sets (a string or number) or removes (null, "") each named parameter, starting from the address
 * being loaded when a change is already under way (the one the screen is about to show), so two
 * quick changes, a search typed and a detail opened, both stay. While a dialog's action is on its
 * way the change waits for it: the navigation would take the submission's place and its answer
 * would be lost (useRouteAction). The history entry is replaced and the scroll kept; nothing
 * happens when nothing changes.
 */
export function useSearchUpdate(): (changes: Changes) => void {
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const latest = useRef({ location, navigation });
  latest.current = { location, navigation };
  const waiting = useRef<Changes | null>(null);

  const update = useCallback(
    (changes: Changes) => {
      const { location, navigation } = latest.current;
      if (navigation.formMethod) {
        waiting.current = { ...waiting.current, ...changes };
        return;
      }
      const pending = navigation.state === "loading" && navigation.location.pathname === location.pathname;
      const base = pending ? navigation.location.search : location.search;
      const params = new URLSearchParams(base);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null || value === "") params.delete(name);
        else params.set(name, String(value));
      }
      const search = params.size ? `?${params}` : "";
      if (search !== base) navigate({ search }, { replace: true, preventScrollReset: true });
    },
    [navigate],
  );

  // The action has settled: the changes that waited for it go out.
  useEffect(() => {
    if (navigation.state !== "idle" || !waiting.current) return;
    const changes = waiting.current;
    waiting.current = null;
    update(changes);
  }, [navigation.state, update]);

  return update;
}
