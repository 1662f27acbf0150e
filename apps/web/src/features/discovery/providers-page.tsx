import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { categoryName } from '../../lib/category-name';
import { useProviderResults } from './api/search-providers';
import { DiscoveryFiltersForm } from './components/discovery-filters-form';
import { ProviderResultCard } from './components/provider-result-card';
import {
  filtersToParams,
  filtersToQuery,
  readFilters,
  type DiscoveryFilters,
} from './discovery-filters';
import { TryAgainButton } from '../../components/try-again-button';
import { formatNumber } from '../../lib/date-time-format';
import { translate, useTranslation } from '../../lib/i18n';
import { useMediaQuery } from '../../lib/use-media-query';
import { FiltersSheet } from './search/filters-sheet';

/** '1 provider', '12 providers', '2,000+ providers'. */
function resultCountText(total: number, capped: boolean): string {
  if (capped) return translate('{{total}}+ providers found', { total: formatNumber(total) });
  if (total === 0) return translate('No providers match your search');
  return translate('{{total}} providers found', { count: total, total: formatNumber(total) });
}

function pageTitle(filters: DiscoveryFilters): string {
  const what = filters.category
    ? translate('{{category}}s', { category: translate(categoryName(filters.category)) })
    : translate('Providers');
  const parts = [filters.q ? translate('“{{query}}”', { query: filters.q }) : null, what];
  if (filters.place) parts.push(translate('in {{place}}', { place: filters.place }));
  else if (filters.near) parts.push(translate('near you'));
  return translate('{{page}} · Slotwise', { page: parts.filter(Boolean).join(' · ') });
}

/**
 * /providers (docs/product.md §11.2, §14.2): public search results. Every filter lives in the
 * URL: a change pushes a history entry, so a search can be shared and the back button undoes
 * it. Below 640 px the filters open from a 'Filters' button, so results come first.
 */
export function ProvidersPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  // One object per URL, so the form notices a change by identity.
  const filters = useMemo(() => readFilters(new URLSearchParams(search)), [search]);
  const query = useMemo(() => filtersToQuery(filters), [filters]);
  const results = useProviderResults(query);
  const phone = useMediaQuery('(max-width: 639px)', false);

  const onChange = (next: DiscoveryFilters) => {
    setSearchParams(filtersToParams(next));
  };

  const first = results.data?.pages[0];
  const providers = results.data?.pages.flatMap((page) => page.providers) ?? [];
  const stale = results.isPlaceholderData;

  let count = '';
  if (results.isPending) count = t('Searching providers...');
  else if (first && !stale) count = resultCountText(first.total, first.totalIsCapped);

  return (
    <div className="mx-auto w-full max-w-6xl space-y-4 px-4 py-4 sm:space-y-5 sm:px-6 sm:py-8">
      <title>{pageTitle(filters)}</title>
      <h1 className="text-2xl font-bold text-slate-900">{t('Find a provider')}</h1>
      {phone ? (
        <FiltersSheet
          filters={filters}
          form={<DiscoveryFiltersForm filters={filters} onChange={onChange} />}
        />
      ) : (
        <DiscoveryFiltersForm filters={filters} onChange={onChange} />
      )}

      <section aria-labelledby="results-title" aria-busy={results.isFetching}>
        <h2 id="results-title" className="sr-only">
          {t('Results')}
        </h2>
        {/* Polite: the count is announced once each search settles. */}
        <p role="status" className="mb-3 text-sm font-medium text-slate-700">
          {count}
        </p>
        {results.isError && !first ? (
          <div role="alert" className="text-sm text-red-700">
            {/* A refused search (e.g. a place that no longer exists) says why. */}
            <p>
              {results.error instanceof ApiError && results.error.status === 400
                ? results.error.message
                : t('Could not load providers.')}
            </p>
            <TryAgainButton
              onClick={() => void results.refetch()}
              className="mt-2 rounded-md border border-slate-300 px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-50"
            />
          </div>
        ) : null}
        {providers.length ? (
          <ul className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 ${stale ? 'opacity-60' : ''}`}>
            {providers.map((provider) => (
              <li key={provider.provider_id}>
                <ProviderResultCard provider={provider} />
              </li>
            ))}
          </ul>
        ) : null}
        {results.hasNextPage && !stale ? (
          <div className="mt-5 text-center">
            <button
              type="button"
              onClick={() => void results.fetchNextPage()}
              disabled={results.isFetchingNextPage}
              className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-60"
            >
              {results.isFetchingNextPage ? t('Loading...') : t('Load more')}
            </button>
          </div>
        ) : null}
        {results.isFetchNextPageError ? (
          <p role="alert" className="mt-2 text-center text-sm text-red-700">
            {t('Could not load more providers. Try again.')}
          </p>
        ) : null}
      </section>
    </div>
  );
}
