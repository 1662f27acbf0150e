import { useTranslation } from '../../../lib/i18n';
import { REVIEW_MESSAGES, type PublicReview } from '@slotwise/shared/reviews-schemas';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { StarRating } from '../../../components/star-rating';
import { useProviderReviews } from '../api/get-provider-reviews';
import { formatInstantDate } from '../../../lib/date-time-format';
import { ListState, type ListTexts } from '../../../components/list-state';
import { msg } from '@slotwise/shared/locales';

const REVIEW_LIST_TEXTS = {
  loading: msg('Loading reviews...'),
  failed: REVIEW_MESSAGES.loadReviewsFailed,
  empty: REVIEW_MESSAGES.noReviewsYet,
} as const;

const formatDate = (iso: string): string => formatInstantDate(iso);

interface ReviewsListProps {
  providerId: string;
  /** The provider's own list: each review gets a reply form (or its reply's edit form). */
  replyable?: boolean;
  /** Heading level: h2 on a page, h3 inside a dashboard section. */
  headingLevel?: 'h2' | 'h3';
  /** 'Report' on each review (features/moderation, docs/product.md §19.3), composed in by app/. */
  report?: (review: PublicReview) => ReactNode;
}

// Only the provider's own list has reply forms: the public pages load no form code. The
// provider's list asks for it as it mounts, beside its reviews (docs/decisions/080-page-weight.md).
const loadReplyForm = () => import('./reply-form');
const ReplyForm = lazy(() => loadReplyForm().then((module) => ({ default: module.ReplyForm })));

/**
 * A provider's reviews, newest first, with their replies: the mean and count, one page at a time
 * ('Show more reviews'). Comments are plain text (React escapes them); names are first name and
 * last initial as the server sends them.
 */
export function ReviewsList({
  providerId,
  replyable = false,
  headingLevel = 'h2',
  report,
}: ReviewsListProps) {
  const { t } = useTranslation();
  const reviews = useProviderReviews(providerId);
  useEffect(() => {
    if (replyable) void loadReplyForm();
  }, [replyable]);
  const listTexts: ListTexts = {
    loading: t(REVIEW_LIST_TEXTS.loading),
    failed: t(REVIEW_LIST_TEXTS.failed),
    empty: t(REVIEW_LIST_TEXTS.empty),
  };
  const Heading = headingLevel;
  const first = reviews.data?.pages[0];
  const items: PublicReview[] = reviews.data?.pages.flatMap((page) => page.reviews) ?? [];

  const content = (
    <ListState query={reviews} items={items} texts={listTexts}>
      <>
        <ul aria-labelledby="reviews-title" className="divide-y divide-slate-200">
          {items.map((review) => (
            <li key={review.id} className="py-4">
              <article aria-labelledby={`review-${review.id}-by`}>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <StarRating rating={review.rating} reviewCount={null} />
                  <span id={`review-${review.id}-by`} className="font-semibold text-slate-900">
                    {t('{{firstName}} {{lastInitial}}.', {
                      firstName: review.client_first_name,
                      lastInitial: review.client_last_initial,
                    })}
                  </span>
                  <span className="text-sm text-slate-600">{formatDate(review.created_at)}</span>
                  {report ? <span className="ms-auto">{report(review)}</span> : null}
                </div>
                {review.comment ? (
                  <p className="mt-2 break-words whitespace-pre-line text-slate-800">
                    {review.comment}
                  </p>
                ) : null}
                {review.reply ? (
                  <div className="mt-3 rounded-md border-s-4 border-indigo-300 bg-indigo-50/60 px-3 py-2">
                    <p className="text-sm font-semibold text-indigo-900">
                      {t(REVIEW_MESSAGES.providerReplyLabel)}
                    </p>
                    <p className="mt-1 break-words whitespace-pre-line text-sm text-slate-800">
                      {review.reply.comment}
                    </p>
                  </div>
                ) : null}
                {replyable ? (
                  <Suspense fallback={null}>
                    <ReplyForm review={review} />
                  </Suspense>
                ) : null}
              </article>
            </li>
          ))}
        </ul>
        {reviews.hasNextPage ? (
          <button
            type="button"
            onClick={() => void reviews.fetchNextPage()}
            disabled={reviews.isFetchingNextPage}
            className="mt-2 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-60"
          >
            {t(REVIEW_MESSAGES.loadMoreReviews)}
          </button>
        ) : null}
      </>
    </ListState>
  );

  return (
    <section
      aria-labelledby="reviews-title"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <Heading id="reviews-title" className="text-lg font-semibold text-slate-900">
          {t(REVIEW_MESSAGES.reviewsHeading)}
        </Heading>
        {first ? <StarRating rating={first.rating} reviewCount={first.reviewCount} /> : null}
      </div>
      {content}
    </section>
  );
}
