import { useRoutes } from 'react-router';
import { AdminAuditPage } from '../features/admin/admin-audit-page';
import { AdminOverviewPage } from '../features/admin/admin-overview-page';
import { AdminProvidersPage } from '../features/admin/admin-providers-page';
import { AdminReportsPage } from '../features/admin/admin-reports-page';
import { AdminReviewsPage } from '../features/admin/admin-reviews-page';
import { AdminAreaLayout } from './admin-area-layout';

/**
 * The operator's area under /admin (docs/product.md §19.6) as one lazily loaded screen with its
 * own routes: the landing page's router carries one entry for it, not one per tab (its JS
 * budget, e2e/shell.test.ts).
 */
export function AdminArea() {
  return useRoutes([
    {
      element: <AdminAreaLayout />,
      children: [
        { index: true, element: <AdminOverviewPage /> },
        { path: 'reports', element: <AdminReportsPage /> },
        { path: 'providers', element: <AdminProvidersPage /> },
        { path: 'reviews', element: <AdminReviewsPage /> },
        { path: 'audit', element: <AdminAuditPage /> },
      ],
    },
  ]);
}
