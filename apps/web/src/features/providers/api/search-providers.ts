import {
  SEARCH_MIN_QUERY_LENGTH,
  type ProviderSearchResponse,
} from '@slotwise/shared/booking-types';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface ProviderSearchParams {
  q: string;
  page: number;
  limit: number;
}

/** GET /search/providers?q=&page=&limit= (docs/product.md §7: the search box uses q), best match first. */
export function searchProviders(
  params: ProviderSearchParams,
  signal?: AbortSignal,
): Promise<ProviderSearchResponse> {
  const query = new URLSearchParams({
    q: params.q,
    page: String(params.page),
    limit: String(params.limit),
  });
  return apiGet<ProviderSearchResponse>(`/search/providers?${query.toString()}`, { signal });
}

/**
 * The first page of providers matching `term` (trimmed); idle below docs/product.md §9's two characters.
 * While the next term loads, the previous results stay on screen.
 */
export function useProviderSearch(term: string, limit: number) {
  const q = term.trim();
  const params = { q, page: 1, limit };
  return useQuery({
    queryKey: queryKeys.providerSearch(params),
    queryFn: ({ signal }) => searchProviders(params, signal),
    enabled: q.length >= SEARCH_MIN_QUERY_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
