// A dialog or menu whose code is fetched when it is first opened, not with the page
// (docs/architecture.md, "A dialog's code comes when it opens"). Render it only while it is open:
// its <Suspense> boundary then never reaches a served page, where it would hydrate late (React's
// error #421).
import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { NETWORK_ERROR } from "@workers/shared/error-texts";
import { toast } from "~/ui/toast";

type Closable = { onClose: () => void };

let failuresInARow = 0;

/**
 * Fetches a file on demand (`load`, a dynamic import). If it cannot be fetched, the person reads
 * the network message and the failure is thrown on. When it fails again in a row while the browser
 * says it is online, the file is most likely gone: a deploy serves only its own build's files, so
 * an open page asks for names that no longer exist. The page is then reloaded for the new ones, as
 * Remix does for a route's file.
 */
export async function fetchOnDemand<T>(load: () => Promise<T>): Promise<T> {
  try {
    const loaded = await load();
    failuresInARow = 0;
    return loaded;
  } catch (error) {
    failuresInARow += 1;
    if (failuresInARow >= 2 && navigator.onLine) window.location.reload();
    else toast.error(NETWORK_ERROR);
    throw error;
  }
}

/**
 * The dialog (or menu) `load` gives, as a component to render while open; `onClose` is how the
 * opener closes it. If its file cannot be fetched, it closes and the person is told (see
 * fetchOnDemand), rather than the screen being replaced by an error; the next opening fetches it
 * again.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P & Closable> {
  // Typed as the dialog itself: React.lazy's prop types do not follow a generic P.
  const fetchDialog = () =>
    lazy<ComponentType<P & Closable>>(() =>
      fetchOnDemand(load).then(
        (component) => ({ default: component as ComponentType<P & Closable> }),
        () => {
          Loaded = fetchDialog();
          return { default: NotLoaded };
        },
      ),
    ) as unknown as ComponentType<P & Closable>;
  let Loaded = fetchDialog();
  // biome-ignore lint/correctness/noComponentHookFactories: made once per dialog at a module's top level, as React.lazy makes its own.
  return function LazyDialog(props: P & Closable) {
    // One fetch per opening: a failed one is replaced for the next opening, while this one keeps
    // the failure it rendered (reading the replacement here would fetch again on React's retry).
    const [Opened] = useState(() => Loaded);
    return (
      <Suspense fallback={null}>
        <Opened {...props} />
      </Suspense>
    );
  };
}

/** What a dialog whose file could not be fetched renders: nothing, and it closes (fetchOnDemand told why). */
function NotLoaded({ onClose }: Closable) {
  useEffect(() => onClose(), [onClose]);
  return null;
}
