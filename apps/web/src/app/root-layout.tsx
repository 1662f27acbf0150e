import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { SpinnerOverlay } from '../components/spinner-overlay';
import { ToastHost } from './toast-host';

/**
 * Top of every route: scroll restoration (and #hash scrolling), the lazy-route fallback and
 * the toast container.
 */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Suspense fallback={<SpinnerOverlay label="Loading page..." />}>
        <Outlet />
      </Suspense>
      <ToastHost />
    </>
  );
}
