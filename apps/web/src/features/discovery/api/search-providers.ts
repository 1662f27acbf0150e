import {
  SEARCH_MIN_QUERY_LENGTH,
  type ProviderSearchResponse,
} from '@slotwise/shared/discovery-schemas';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
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

/** Providers per page of /providers. */
export const RESULTS_PAGE_SIZE = 12;

/**
 * GET /search/providers with the public filters (docs/product.md §11.2; no token needed) and the
 * previous page's `nextCursor`.
 */
export function searchProviderResults(
  query: Record<string, string>,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ProviderSearchResponse> {
  const params = new URLSearchParams(query);
  params.set('limit', String(RESULTS_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return apiGet<ProviderSearchResponse>(`/search/providers?${params.toString()}`, { signal });
}

/**
 * /providers' results, one page per 'Load more' (cursor pagination). While a changed search
 * loads, the previous results stay on screen (marked busy by the page).
 */
export function useProviderResults(query: Record<string, string>) {
  return useInfiniteQuery({
    queryKey: queryKeys.providerResults(query),
    queryFn: ({ pageParam, signal }) => searchProviderResults(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
