import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { setEnglish } from "~/i18n/words";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

// An English page (lang="en", docs/product.md "The English store") hydrates with its words
// already here, so it renders what the server sent: no flash, no mismatch. Vietnamese pages never
// load them. Should the chunk fail, the page stays as the server rendered it (links still work).
if (document.documentElement.lang === "en") {
  import("~/i18n/en")
    .then(({ english }) => {
      setEnglish(english);
      hydrate();
    })
    .catch(() => undefined);
} else {
  hydrate();
}
