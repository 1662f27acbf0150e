import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';

const AppToastContainer = lazy(async () => ({
  default: (await import('./toast-container')).AppToastContainer,
}));

/** Pages that never show a toast: keep react-toastify off their critical path. */
const TOAST_FREE_PATHS = new Set(['/', '/about']);

/**
 * Mounts the toast container the first time the user reaches a page that can toast, and keeps
 * it mounted from then on. Toasts raised before it mounts are queued by react-toastify and shown
 * once it does.
 */
export function ToastHost() {
  const { pathname } = useLocation();
  const [needed, setNeeded] = useState(false);
  if (!needed && !TOAST_FREE_PATHS.has(pathname)) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <AppToastContainer />
    </Suspense>
  );
}
