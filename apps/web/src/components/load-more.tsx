import { useTranslation } from '../lib/i18n';
import { APPOINTMENT_LIST_MESSAGES } from '@slotwise/shared/appointments-schemas';
import { useEffect, useRef } from 'react';

/**
 * The end of a paged list: loads the next page when it scrolls into view (an
 * IntersectionObserver sentinel), and a visible 'Load more' button for keyboards, screen readers
 * and browsers without the observer. Renders nothing once there is no next page.
 */
export function LoadMore({
  hasMore,
  loading,
  onLoadMore,
  label,
  loadingLabel,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  label?: string;
  loadingLabel?: string;
}) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoadMore);
  useEffect(() => {
    load.current = onLoadMore;
  });

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    // Observed afresh after every page: if the sentinel is still in view (a short page), the
    // first callback loads the next one, so the screen fills up.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load.current();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loading]);

  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="mt-4 flex justify-center">
      <button
        type="button"
        onClick={() => {
          if (!loading) onLoadMore();
        }}
        aria-disabled={loading}
        className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 aria-disabled:opacity-60"
      >
        {loading
          ? (loadingLabel ?? t(APPOINTMENT_LIST_MESSAGES.loadingMore))
          : (label ?? t(APPOINTMENT_LIST_MESSAGES.loadMore))}
      </button>
    </div>
  );
}
