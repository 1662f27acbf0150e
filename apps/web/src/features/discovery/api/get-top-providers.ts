import type { ProviderSearchResponse } from '@slotwise/shared/discovery-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** How many providers the home carousel pages through. */
export const TOP_PROVIDERS_LIMIT = 12;

/**
 * GET /search/providers?page=1&limit=12&sort=rating (docs/product.md §7, no filter): the top-rated
 * providers by the Bayesian average (docs/decisions/045-reviews-and-ratings.md) for the home
 * page's 'Meet our top specialists'.
 */
export function fetchTopProviders(signal?: AbortSignal): Promise<ProviderSearchResponse> {
  return apiGet<ProviderSearchResponse>(
    `/search/providers?page=1&limit=${TOP_PROVIDERS_LIMIT}&sort=rating`,
    {
      signal,
    },
  );
}

export function useTopProviders() {
  return useQuery({
    // Ordered by rating: not the same answer as the plain search with the same page and limit.
    queryKey: [
      ...queryKeys.providerSearch({ q: '', page: 1, limit: TOP_PROVIDERS_LIMIT }),
      'sort:rating',
    ] as const,
    queryFn: ({ signal }) => fetchTopProviders(signal),
    staleTime: 5 * 60_000,
    select: (data) => data.providers,
  });
}
