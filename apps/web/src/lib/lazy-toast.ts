/**
 * toast.success / toast.error with react-toastify fetched on first use, for screens kept lean
 * (/login: docs/decisions/053-lean-login-route.md). Asking for a toast also tells the toast host to
 * mount its container on a page that otherwise has none; react-toastify queues the toast until
 * it is mounted.
 */
type ToastKind = 'success' | 'error';

let wanted = false;
const listeners = new Set<() => void>();

export function lazyToast(kind: ToastKind, text: string): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void import('react-toastify/unstyled').then(({ toast }) => toast[kind](text));
}

/** Whether a lazy toast was raised (for useSyncExternalStore in the toast host). */
export function toastWanted(): boolean {
  return wanted;
}

export function subscribeToastWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
