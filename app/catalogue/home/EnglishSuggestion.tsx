// On the Vietnamese home page only, a browser whose first language is English is offered the
// English store: offered, never sent (docs/product.md, "The English store"). Decided after the page
// has hydrated, in the browser, so the cached `/` is the same Vietnamese page for everyone; the
// offer itself (EnglishOffer.tsx) is a chunk of its own, which most visitors never load.
import { type ComponentType, useEffect, useState } from "react";
import { rememberedLocale } from "~/i18n/locale";

function prefersEnglish(): boolean {
  return rememberedLocale() === null && /^en\b/i.test(navigator.languages?.[0] ?? navigator.language ?? "");
}

type Offer = ComponentType<{ onClose: () => void }>;

export function EnglishSuggestion() {
  const [Offer, setOffer] = useState<Offer | null>(null);
  useEffect(() => {
    if (!prefersEnglish()) return;
    let current = true;
    import("./EnglishOffer")
      .then((module) => {
        if (current) setOffer(() => module.EnglishOffer);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  return Offer ? <Offer onClose={() => setOffer(null)} /> : null;
}
