import type { adminReviewsResponseSchema } from '@slotwise/shared/moderation-schemas';
import type { z } from '@slotwise/shared/zod';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type AdminReviewsResponse = z.infer<typeof adminReviewsResponseSchema>;
export type ReviewStatusFilter = 'all' | 'hidden';

/** GET /admin/reviews?q=&status=all|hidden&cursor= (docs/product.md §19.3). */
export function fetchAdminReviews(
  q: string,
  status: ReviewStatusFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AdminReviewsResponse> {
  const params = new URLSearchParams({ status });
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  return apiGet<AdminReviewsResponse>(`/admin/reviews?${params.toString()}`, { signal });
}

export function useAdminReviews(q: string, status: ReviewStatusFilter) {
  return useInfiniteQuery({
    queryKey: queryKeys.adminReviews(q, status),
    queryFn: ({ pageParam, signal }) => fetchAdminReviews(q, status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // The last results stay on screen while the next search runs.
    placeholderData: keepPreviousData,
  });
}
