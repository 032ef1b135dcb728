// One toast system for the whole store (docs/product.md §4, §9): a toast appears 100 ms after it is
// raised, stays 3 s by default, and takes 300 ms to leave. Callable from anywhere.

type ToastKind = "success" | "error" | "warning" | "info";
export type Toast = { id: number; kind: ToastKind; message: string; duration: number; phase: "entering" | "shown" | "leaving" };

export const TOAST_TIMINGS = { appearDelay: 100, duration: 3000, exit: 300 } as const;

type Listener = (toasts: Toast[]) => void;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function publish(next: Toast[]) {
  toasts = next;
  for (const listener of listeners) listener(toasts);
}

function update(id: number, phase: Toast["phase"]) {
  publish(toasts.map((item) => (item.id === id ? { ...item, phase } : item)));
}

export function dismissToast(id: number) {
  if (!toasts.some((item) => item.id === id && item.phase !== "leaving")) return;
  update(id, "leaving");
  setTimeout(() => publish(toasts.filter((item) => item.id !== id)), TOAST_TIMINGS.exit);
}

function showToast(kind: ToastKind, message: string, duration: number = TOAST_TIMINGS.duration): number {
  const id = nextId++;
  publish([...toasts, { id, kind, message, duration, phase: "entering" }]);
  setTimeout(() => update(id, "shown"), TOAST_TIMINGS.appearDelay);
  setTimeout(() => dismissToast(id), TOAST_TIMINGS.appearDelay + duration);
  return id;
}

export const toast = {
  success: (message: string, duration?: number) => showToast("success", message, duration),
  error: (message: string, duration?: number) => showToast("error", message, duration),
  warning: (message: string, duration?: number) => showToast("warning", message, duration),
  info: (message: string, duration?: number) => showToast("info", message, duration),
};

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  listener(toasts);
  return () => listeners.delete(listener);
}
