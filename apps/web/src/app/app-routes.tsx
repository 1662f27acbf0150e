import { useRoutes } from 'react-router';
import { routes } from './router';

/**
 * The route table in React Router's declarative mode (under `<BrowserRouter>`, main.tsx): the app
 * uses no loader, action or fetcher, and the data router's code was 15 KB gzipped of every page
 * (docs/decisions/080-page-weight.md). What its data mode gave the root layout is in
 * scroll-restoration.tsx and route-error-boundary.tsx.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
