// The options an app page offers for sale, as last read: from the page's loader (a revalidation
// replaces them), from a purchase's answer (the option sold), or read again after a refusal; the
// choice follows (an option no longer selectable gives way to the first that is).
import { useCallback, useRef, useState } from "react";
import { apiCall } from "~/platform/api";
import { type PricingOption, preselectPricing, reconcileSelection, sortPricing } from "@workers/shared/money/pricing";

export function usePricingList(pricing: PricingOption[], appRef: string) {
  const [options, setOptions] = useState(() => sortPricing(pricing));
  const [selectedId, setSelectedId] = useState(() => preselectPricing(sortPricing(pricing)));
  // When the stock shown was read from the server.
  const stockReadAt = useRef(Date.now());
  const reloads = useRef(0);

  // Fresh loader data (a revalidation) replaces the list.
  const [shownPricing, setShownPricing] = useState(pricing);
  if (shownPricing !== pricing) {
    const sorted = sortPricing(pricing);
    setShownPricing(pricing);
    setOptions(sorted);
    setSelectedId((current) => reconcileSelection(sorted, current));
    stockReadAt.current = Date.now();
  }

  const showPricing = useCallback((next: PricingOption[]) => {
    const sorted = sortPricing(next);
    setOptions(sorted);
    setSelectedId((current) => reconcileSelection(sorted, current));
    stockReadAt.current = Date.now();
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

  return { options, selectedId, setSelectedId, stockReadAt, showPricing, reloadPricing };
}
