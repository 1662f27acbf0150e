/**
 * Where a link inside the booking widget goes (docs/product.md §21.3): the widget's own pages
 * stay in the frame; sign-in and sign-up open the widget's own forms (carrying `next` back to the
 * widget); a provider's or business's page opens as the widget's page; anything else would leave
 * the widget, so it opens in a new tab.
 */
export type LinkAction =
  { kind: 'stay' } | { kind: 'in-frame'; to: string } | { kind: 'new-tab'; url: string };

/** The account forms the widget has its own page for. */
const ACCOUNT_PATHS = new Set(['/login', '/register']);
/** Public pages the widget shows itself: `/providers/:id`, `/businesses/:id`. */
const WIDGET_PAGE = /^\/(providers|businesses)\/[^/]+\/?$/;

/** The widget's path for a site path it shows itself, else null. */
export function widgetPath(path: string | null): string | null {
  if (!path) return null;
  if (path.startsWith('/embed/')) return path;
  const pathname = path.split(/[?#]/)[0] ?? '';
  return WIDGET_PAGE.test(pathname) ? `/embed${path}` : null;
}

export function linkAction(href: string, origin: string): LinkAction {
  if (href.startsWith('#')) return { kind: 'stay' };
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return { kind: 'stay' };
  }
  if (url.origin !== origin) return { kind: 'new-tab', url: url.href };
  if (url.pathname.startsWith('/embed/')) return { kind: 'stay' };
  if (ACCOUNT_PATHS.has(url.pathname)) {
    const next = widgetPath(url.searchParams.get('next'));
    const search = next ? `?next=${encodeURIComponent(next)}` : '';
    return { kind: 'in-frame', to: `/embed${url.pathname}${search}` };
  }
  const own = widgetPath(`${url.pathname}${url.search}`);
  if (own) return { kind: 'in-frame', to: own };
  return { kind: 'new-tab', url: url.href };
}
