import type { ProviderSearchResponse } from '@slotwise/shared/booking-types';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** How many providers the home carousel pages through. */
export const TOP_PROVIDERS_LIMIT = 12;

/**
 * GET /search/providers?page=1&limit=12 (SPEC §7, no filter): the first listed providers for
 * the home page's 'Meet our top specialists'.
 */
export function fetchTopProviders(signal?: AbortSignal): Promise<ProviderSearchResponse> {
  return apiGet<ProviderSearchResponse>(`/search/providers?page=1&limit=${TOP_PROVIDERS_LIMIT}`, {
    signal,
  });
}

export function useTopProviders() {
  return useQuery({
    queryKey: queryKeys.providerSearch({ q: '', page: 1, limit: TOP_PROVIDERS_LIMIT }),
    queryFn: ({ signal }) => fetchTopProviders(signal),
    staleTime: 5 * 60_000,
    select: (data) => data.providers,
  });
}
