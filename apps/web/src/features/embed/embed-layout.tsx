import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Outlet, useNavigate } from 'react-router';
import { linkAction } from './embed-links';
import { useReportHeight } from './use-report-height';

/**
 * The booking widget's frame (docs/product.md §21.3): no site header or footer, the page's height
 * reported to the site around it, and links that would leave the widget opened in a new tab
 * (embed-links.ts): the frame only ever shows the widget's own pages.
 */
export function EmbedLayout() {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useReportHeight(root);

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    // Capture: before the router's own link handling, which then sees the click handled.
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank') return;
      const action = linkAction(anchor.getAttribute('href') ?? '', window.location.origin);
      if (action.kind === 'stay') return;
      event.preventDefault();
      if (action.kind === 'in-frame') void navigate(action.to);
      else window.open(action.url, '_blank', 'noopener,noreferrer');
    };
    element.addEventListener('click', onClick, true);
    return () => element.removeEventListener('click', onClick, true);
  }, [navigate]);

  return (
    <div ref={root} className="bg-slate-50">
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <Suspense
          fallback={
            <p role="status" className="p-6 text-sm text-slate-600">
              {t('Loading...')}
            </p>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <footer className="px-4 pb-3 text-end text-xs text-slate-500 sm:px-6">
        <a href="/" target="_blank" rel="noopener" className="hover:underline">
          {t('Booking by Slotwise')}
        </a>
      </footer>
    </div>
  );
}
