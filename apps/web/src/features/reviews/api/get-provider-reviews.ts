import type { ProviderReviewsResponse } from '@slotwise/shared/reviews-schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /providers/:id/reviews?cursor= (public): a page of reviews, newest first, with replies. */
export function fetchProviderReviews(
  providerId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ProviderReviewsResponse> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiGet<ProviderReviewsResponse>(
    `/providers/${encodeURIComponent(providerId)}/reviews${query}`,
    { signal },
  );
}

/** The pages loaded so far under ['reviews', providerId]; 'Show more reviews' fetches the next. */
export function useProviderReviews(providerId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.providerReviews(providerId),
    queryFn: ({ pageParam, signal }) => fetchProviderReviews(providerId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
