import { useTranslation } from '../../../lib/i18n';
import type { PublicReview } from '@slotwise/shared/reviews-schemas';
import { useId, useState, type ReactNode } from 'react';
import { useProviderReviews } from '../../reviews/api/get-provider-reviews';

/** The disclosure's triangles (decorative: the button says aria-expanded). */
const OPEN_MARK = '▾';
const CLOSED_MARK = '▸';

/**
 * The provider's reviews on the dashboard, collapsed until asked (docs/product.md §14.3): one
 * disclosure names how many wait for a reply; the list and its reply forms (composed in by app/)
 * are drawn only once it is opened.
 */
export function ReviewReplies({
  providerId,
  children,
}: {
  providerId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const reviews = useProviderReviews(providerId);
  const items: PublicReview[] = reviews.data?.pages.flatMap((page) => page.reviews) ?? [];
  const waiting = items.filter((review) => review.reply === null).length;
  if (!reviews.isSuccess) return null;
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="w-full rounded-lg border border-slate-200 bg-white px-4 py-3 text-start font-semibold text-indigo-700 shadow-sm hover:bg-indigo-50"
      >
        <span aria-hidden="true" className="me-2 inline-block w-3 rtl:-scale-x-100">
          {open ? OPEN_MARK : CLOSED_MARK}
        </span>
        {/* 'Reply to 3 reviews', or 'Show reviews' when every loaded one has its reply. */}
        {waiting === 0 ? t('Show reviews') : t('Reply to {{count}} reviews', { count: waiting })}
      </button>
      <div id={panelId} hidden={!open} className="mt-3">
        {open ? children : null}
      </div>
    </div>
  );
}
