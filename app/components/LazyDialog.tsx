// A dialog or menu whose code is fetched when it is first opened, not with the page (docs/architecture.md,
// "A dialog's code comes when it opens"). Render it only while it is open: its <Suspense> boundary
// then never reaches a served page, where it would hydrate late (React's error #421).
import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { NETWORK_ERROR } from "@workers/shared/error-texts";
import { toast } from "~/lib/toast";

type Closable = { onClose: () => void };

/**
 * The dialog (or menu) `load` gives, as a component to render while open; `onClose` is how the
 * opener closes it. If its file cannot be fetched (the network is gone, or a deploy replaced the
 * file), the person is told so and it closes, rather than the screen being replaced by an error;
 * the next opening fetches it again.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P & Closable> {
  // Typed as the dialog itself: React.lazy's prop types do not follow a generic P.
  const fetchDialog = () =>
    lazy<ComponentType<P & Closable>>(() =>
      load().then(
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

function NotLoaded({ onClose }: Closable) {
  useEffect(() => {
    toast.error(NETWORK_ERROR);
    onClose();
  }, [onClose]);
  return null;
}
