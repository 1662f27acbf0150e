import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SpinnerOverlay } from '../components/spinner-overlay';
import { RouteErrorBoundary } from './route-error-boundary';
import { ScrollRestoration } from './scroll-restoration';
import { ToastHost } from './toast-host';

/**
 * Top of every route: scroll restoration (and #hash scrolling), the error page of a screen that
 * fails to render, the lazy-route fallback and the toast container.
 */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <RouteErrorBoundary>
        <Suspense fallback={<SpinnerOverlay label="Loading page..." />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
      <ToastHost />
    </>
  );
}
