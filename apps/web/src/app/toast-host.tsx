import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { subscribeToastWanted, toastWanted } from '../lib/lazy-toast';

const AppToastContainer = lazy(async () => ({
  default: (await import('./toast-container')).AppToastContainer,
}));

/**
 * Pages that keep react-toastify off their critical path: the landing pages never toast, /login
 * raises its toasts through lazyToast (docs/decisions/053-lean-login-route.md).
 */
const TOAST_FREE_PATHS = new Set(['/', '/about', '/login']);

/**
 * Mounts the toast container the first time the user reaches a page that can toast (or a lean
 * page raises a lazy toast), and keeps it mounted from then on. Toasts raised before it mounts are queued by react-toastify and shown
 * once it does.
 */
export function ToastHost() {
  const { pathname } = useLocation();
  const lazyToastRaised = useSyncExternalStore(subscribeToastWanted, toastWanted, toastWanted);
  const [needed, setNeeded] = useState(false);
  if (!needed && (lazyToastRaised || !TOAST_FREE_PATHS.has(pathname))) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <AppToastContainer />
    </Suspense>
  );
}
