// The options an app page offers for sale, as last read: from the page's loader (a revalidation
// replaces them), from a purchase's answer (the option sold), or read again after a refusal; the
// choice follows (an option no longer selectable gives way to the first that is), and the option it
// left is kept to say so (issue 53: it moved silently).
import { useCallback, useRef, useState } from "react";
import { apiCall } from "~/platform/api";
import { type PricingOption, preselectPricing, reconcileSelection, sortPricing } from "@workers/shared/money/pricing";

export function usePricingList(pricing: PricingOption[], appRef: string) {
  const [options, setOptions] = useState(() => sortPricing(pricing));
  const [selectedId, setSelectedId] = useState(() => preselectPricing(sortPricing(pricing)));
  // The option the choice left because it could no longer be bought, until the buyer chooses.
  const [gaveWay, setGaveWay] = useState<PricingOption | null>(null);
  const chosen = useRef(selectedId);
  chosen.current = selectedId;
  // When the stock shown was read from the server.
  const stockReadAt = useRef(Date.now());
  const reloads = useRef(0);

  /** Shows `next`; a choice no longer selectable moves to the first that is, and remembers what it left. */
  const take = useCallback((next: PricingOption[]) => {
    const sorted = sortPricing(next);
    const current = chosen.current;
    const moved = reconcileSelection(sorted, current);
    setOptions(sorted);
    setSelectedId(moved);
    if (moved !== current) setGaveWay(sorted.find((option) => option.id === current) ?? null);
    stockReadAt.current = Date.now();
  }, []);

  // Fresh loader data (a revalidation) replaces the list.
  const [shownPricing, setShownPricing] = useState(pricing);
  if (shownPricing !== pricing) {
    setShownPricing(pricing);
    take(pricing);
  }

  const showPricing = take;

  /** The buyer's own choice: nothing left to explain. */
  const select = useCallback((id: number) => {
    setGaveWay(null);
    setSelectedId(id);
  }, []);

  const reloadPricing = useCallback(async () => {
    const ticket = ++reloads.current;
    try {
      const { data } = await apiCall((api) => api.api.keys.apps[":app"].pricing.$get({ param: { app: appRef } }), { auth: true });
      if (ticket === reloads.current && Array.isArray(data)) showPricing(data);
    } catch {
      // Keep the list on screen: the server checks stock and state again on every purchase.
    }
  }, [appRef, showPricing]);

  return { options, selectedId, select, gaveWay, stockReadAt, showPricing, reloadPricing };
}
