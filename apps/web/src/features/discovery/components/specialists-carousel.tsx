import { useTranslation } from '../../../lib/i18n';
import { MESSAGES } from '@slotwise/shared/texts';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMediaQuery } from '../../../lib/use-media-query';
import { REVIEW_MESSAGES } from '@slotwise/shared/reviews-schemas';
import { StarRating } from '../../../components/star-rating';
import { Avatar } from '../../../components/avatar';
import { fullName } from '../../../lib/full-name';
import { useTopProviders } from '../api/get-top-providers';
import { ListState, type ListTexts } from '../../../components/list-state';

const SPECIALIST_LIST_TEXTS = {
  loading: MESSAGES.loadingSpecialists,
  failed: MESSAGES.loadSpecialistsFailed,
  empty: MESSAGES.noSpecialists,
} as const;

/** docs/product.md §9: three providers at a time (on wide screens; two on tablets, one on phones). */
const GRID_COLUMNS = { 1: 'grid-cols-1', 2: 'grid-cols-2', 3: 'grid-cols-3' } as const;

function usePerPage(): 1 | 2 | 3 {
  const wide = useMediaQuery('(min-width: 1024px)');
  const medium = useMediaQuery('(min-width: 640px)');
  return wide ? 3 : medium ? 2 : 1;
}

const ARROW_CLASS =
  'flex size-9 shrink-0 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40';

/**
 * docs/product.md §2 'Meet our top specialists': provider cards (picture or initials, name, specialty,
 * bio) a page at a time, with previous/next buttons (wrapping around) and one indicator dot per
 * page (aria-current on the shown one). A card opens /client/provider/{provider_id}.
 */
export function SpecialistsCarousel() {
  const { t } = useTranslation();
  const providers = useTopProviders();
  const listTexts: ListTexts = {
    loading: t(SPECIALIST_LIST_TEXTS.loading),
    failed: t(SPECIALIST_LIST_TEXTS.failed),
    empty: t(SPECIALIST_LIST_TEXTS.empty),
  };
  const perPage = usePerPage();
  const [page, setPage] = useState(0);

  const list = providers.data ?? [];
  const pages = Math.max(1, Math.ceil(list.length / perPage));
  // The screen may have grown (fewer pages): stay on the last one that exists.
  const current = Math.min(page, pages - 1);
  const shown = list.slice(current * perPage, current * perPage + perPage);
  const go = (next: number) => setPage((next + pages) % pages);

  const content = (
    <ListState query={providers} items={list} texts={listTexts}>
      <>
        <div className="flex items-center gap-2 sm:gap-3">
          <ArrowButton
            label={t('Previous specialists')}
            outline={ARROW_PATHS.previous}
            onClick={() => go(current - 1)}
            disabled={pages <= 1}
          />
          <ul
            aria-live="polite"
            aria-label={t('Specialists {{from}} to {{to}} of {{total}}', {
              from: current * perPage + 1,
              to: current * perPage + shown.length,
              total: list.length,
            })}
            className={`grid min-w-0 flex-1 gap-4 ${GRID_COLUMNS[perPage]}`}
          >
            {shown.map((provider) => {
              const name = fullName(provider.first_name, provider.last_name);
              return (
                <li
                  key={provider.provider_id}
                  className="relative flex min-w-0 flex-col items-center rounded-lg border border-slate-200 bg-white p-5 text-center shadow-sm transition hover:border-indigo-300 hover:shadow-md focus-within:ring-2 focus-within:ring-indigo-500"
                >
                  <Avatar src={provider.profile_image_url} name={name} alt="" size="xl" />
                  <h3 className="mt-3 max-w-full font-semibold break-words text-slate-900">
                    {/* The link covers the whole card (after:), so the card is the click target. */}
                    <Link
                      to={`/client/provider/${encodeURIComponent(provider.provider_id)}`}
                      className="after:absolute after:inset-0 after:rounded-lg focus:outline-none"
                    >
                      {name}
                    </Link>
                  </h3>
                  <p className="text-sm font-medium text-indigo-700">{provider.specialty}</p>
                  <StarRating
                    rating={provider.rating}
                    reviewCount={provider.review_count}
                    emptyText={t(REVIEW_MESSAGES.noReviewsYet)}
                  />
                  {provider.bio ? (
                    <p className="mt-2 line-clamp-3 max-w-full text-sm break-words text-slate-600">
                      {provider.bio}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <ArrowButton
            label={t('Next specialists')}
            outline={ARROW_PATHS.next}
            onClick={() => go(current + 1)}
            disabled={pages <= 1}
          />
        </div>
        {pages > 1 ? (
          <div
            role="group"
            aria-label={t('Specialists pages')}
            className="mt-4 flex flex-wrap justify-center gap-1"
          >
            {Array.from({ length: pages }, (_, index) => (
              <button
                key={index}
                type="button"
                aria-label={t('Specialists page {{page}} of {{pages}}', { page: index + 1, pages })}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => go(index)}
                className="group flex size-6 items-center justify-center rounded-full"
              >
                <span
                  aria-hidden="true"
                  className={`block size-2.5 rounded-full ${
                    index === current ? 'bg-indigo-600' : 'bg-slate-300 group-hover:bg-slate-400'
                  }`}
                />
              </button>
            ))}
          </div>
        ) : null}
      </>
    </ListState>
  );

  return (
    <section
      aria-labelledby="specialists-title"
      aria-roledescription="carousel"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="specialists-title" className="mb-4 text-lg font-semibold text-slate-900">
        {t('Meet our top specialists')}
      </h2>
      {content}
    </section>
  );
}

/** The chevrons' outlines (20 × 20). */
const ARROW_PATHS = {
  previous:
    'M12.78 4.22a.75.75 0 0 1 0 1.06L8.06 10l4.72 4.72a.75.75 0 1 1-1.06 1.06l-5.25-5.25a.75.75 0 0 1 0-1.06l5.25-5.25a.75.75 0 0 1 1.06 0Z',
  next: 'M7.22 4.22a.75.75 0 0 1 1.06 0l5.25 5.25a.75.75 0 0 1 0 1.06l-5.25 5.25a.75.75 0 0 1-1.06-1.06L11.94 10 7.22 5.28a.75.75 0 0 1 0-1.06Z',
};

/** A carousel arrow: a labelled button around its chevron. */
function ArrowButton({
  label,
  outline,
  onClick,
  disabled,
}: {
  label: string;
  outline: string;
  onClick: () => void;
  disabled: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      disabled={disabled}
      className={ARROW_CLASS}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        fill="currentColor"
        className="size-5 rtl:rotate-180"
      >
        <path fillRule="evenodd" d={outline} clipRule="evenodd" />
      </svg>
    </button>
  );
}
