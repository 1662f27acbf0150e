import { useTranslation } from '../../lib/i18n';
import type { AdminReview } from '@slotwise/shared/moderation-schemas';
import { MODERATION_TEXTS } from '@slotwise/shared/moderation-texts';
import { useState } from 'react';
import { ListState } from '../../components/list-state';
import { LoadMore } from '../../components/load-more';
import { formatInstantDate } from '../../lib/date-time-format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useAdminReviews } from './api/get-admin-reviews';
import { useHideReview } from './api/hide-review';
import { useUnhideReview } from './api/unhide-review';
import { NoteDialog } from './components/note-dialog';
import { SearchBar } from './components/search-bar';

const ACTION =
  'rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50';

/**
 * /admin/reviews (docs/product.md §19.3, §19.6): review search with Hide / Show, each asking for
 * the note. A hidden review is kept, never deleted.
 */
export function AdminReviewsPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [onlyHidden, setOnlyHidden] = useState(false);
  const [acting, setActing] = useState<AdminReview | null>(null);
  const q = useDebouncedValue(query.trim(), 250);
  const reviews = useAdminReviews(q, onlyHidden ? 'hidden' : 'all');
  const hide = useHideReview();
  const unhide = useUnhideReview();
  const items = reviews.data?.pages.flatMap((page) => page.reviews) ?? [];
  const hiding = acting ? acting.hidden_at === null : false;

  return (
    <section aria-labelledby="admin-reviews-title" className="space-y-4">
      <title>{t('Reviews · Admin · Slotwise')}</title>
      <h2 id="admin-reviews-title" className="text-xl font-semibold text-slate-900">
        {t(MODERATION_TEXTS.reviewsTitle)}
      </h2>
      <SearchBar
        query={query}
        onQuery={setQuery}
        placeholder={t(MODERATION_TEXTS.searchReviews)}
        filterLabel={t(MODERATION_TEXTS.onlyHidden)}
        filtered={onlyHidden}
        onFiltered={setOnlyHidden}
      />
      <ListState
        query={reviews}
        items={items}
        texts={{
          loading: t(MODERATION_TEXTS.loadingReviews),
          failed: t(MODERATION_TEXTS.loadReviewsFailed),
          empty: t(MODERATION_TEXTS.noReviews),
        }}
      >
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {items.map((review) => (
            <li key={review.id} className="flex flex-wrap items-start gap-3 p-4">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                  <span className="font-semibold text-slate-900">{`${review.rating}/5`}</span>
                  <span>{MODERATION_TEXTS.byAuthor(review.author_name, t)}</span>
                  <span>{MODERATION_TEXTS.aboutProvider(review.provider_name, t)}</span>
                  <span>{formatInstantDate(review.created_at)}</span>
                  {review.hidden_at ? (
                    <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
                      {t(MODERATION_TEXTS.hiddenBadge)}
                    </span>
                  ) : null}
                  {review.open_reports > 0 ? (
                    <span>{MODERATION_TEXTS.openReportsCount(review.open_reports, t)}</span>
                  ) : null}
                </p>
                {review.comment ? (
                  <p className="mt-1 break-words whitespace-pre-line text-slate-900">
                    {review.comment}
                  </p>
                ) : null}
              </div>
              <button
                type="button"
                onClick={() => setActing(review)}
                aria-label={
                  review.hidden_at
                    ? t('Show review by {{name}}', { name: review.author_name })
                    : t('Hide review by {{name}}', { name: review.author_name })
                }
                className={ACTION}
              >
                {review.hidden_at ? t(MODERATION_TEXTS.show) : t(MODERATION_TEXTS.hide)}
              </button>
            </li>
          ))}
        </ul>
        <LoadMore
          hasMore={reviews.hasNextPage}
          loading={reviews.isFetchingNextPage}
          onLoadMore={() => void reviews.fetchNextPage()}
          label={t(MODERATION_TEXTS.loadMore)}
        />
      </ListState>
      {acting ? (
        <NoteDialog
          title={
            hiding
              ? t('Hide review by {{name}}', { name: acting.author_name })
              : t('Show review by {{name}}', { name: acting.author_name })
          }
          confirmLabel={hiding ? t(MODERATION_TEXTS.hide) : t(MODERATION_TEXTS.show)}
          about={acting.comment ? <p className="whitespace-pre-line">{acting.comment}</p> : null}
          busy={hide.isPending || unhide.isPending}
          send={(note) => (hiding ? hide : unhide).mutateAsync({ id: acting.id, note })}
          onClose={() => setActing(null)}
        />
      ) : null}
    </section>
  );
}
