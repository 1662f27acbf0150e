import type { PlacesResponse } from '@slotwise/shared/catalogue-schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const placesQueryKey = queryKeys.places;

/** GET /places?q=&limit= → {places} (docs/product.md §11.1; public, prefix, accents ignored). */
export function searchPlaces(q: string, limit: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ q, limit: String(limit) });
  return apiGet<PlacesResponse>(`/places?${query.toString()}`, { signal });
}

/** Places starting with `q` (nothing is asked for an empty `q`); the gazetteer never changes. */
export function usePlaceSearch(q: string, limit: number) {
  return useQuery({
    queryKey: placesQueryKey(q, limit),
    queryFn: ({ signal }) => searchPlaces(q, limit, signal),
    enabled: q.length > 0,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}
