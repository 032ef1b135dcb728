// Changing some of a screen's query parameters while keeping the others (?search= and ?user= on
// /admin/users, ?status= and ?find= on /admin/bank-transfers).
import { useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useCallback, useRef } from "react";

/**
 * Sets (a string or number) or removes (null, "") each named parameter, starting from the address
 * being loaded when a change is already under way (the one the screen is about to show), so two
 * quick changes, a search typed and a detail opened, both stay. The history entry is replaced and
 * the scroll kept; nothing happens when nothing changes.
 */
export function useSearchUpdate(): (changes: Record<string, string | number | null>) => void {
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const latest = useRef({ location, navigation });
  latest.current = { location, navigation };
  return useCallback(
    (changes) => {
      const { location, navigation } = latest.current;
      const pending = navigation.state === "loading" && !navigation.formMethod && navigation.location.pathname === location.pathname;
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
}
