// The element the toasts are drawn in, for the Toaster and the dialogs (not the pages that raise
// toasts): app/ui/toast.ts keeps the toasts themselves, in what every page loads.

// Where the toasts are drawn (issue #27): an open modal <dialog> makes everything outside it inert
// and covers it with its backdrop, popovers included, so while one is open the toasts sit inside the
// topmost one (app/ui/Dialog.tsx registers it here); otherwise on the page. They are drawn in
// one element of their own, moved and never re-created: a toast on screen as a dialog opens or
// closes stays the same toast, in the page throughout.
const layers: HTMLElement[] = [];
let host: HTMLElement | null = null;

function placeHost() {
  if (!host) return;
  const parent = layers.at(-1) ?? document.body;
  if (host.parentElement !== parent) parent.appendChild(host);
}

/** The element the Toaster draws the toasts in (browser only). */
export function toastHost(): HTMLElement {
  if (!host) {
    host = document.createElement("div");
    placeHost();
  }
  return host;
}

/** Draws the toasts inside `layer` (an open modal dialog) until the returned function is called. */
export function holdToasts(layer: HTMLElement): () => void {
  layers.push(layer);
  placeHost();
  return () => {
    const index = layers.lastIndexOf(layer);
    if (index === -1) return;
    layers.splice(index, 1);
    placeHost();
  };
}
