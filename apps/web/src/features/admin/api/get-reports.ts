import type { adminReportsResponseSchema } from '@slotwise/shared/moderation-schemas';
import type { z } from '@slotwise/shared/zod';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type AdminReportsResponse = z.infer<typeof adminReportsResponseSchema>;
export type ReportStatusFilter = 'open' | 'dismissed' | 'actioned' | 'all';

/**
 * GET /admin/reports?status=&cursor= (docs/product.md §19.3): open ones oldest first (the
 * queue), the others newest first.
 */
export function fetchReports(
  status: ReportStatusFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AdminReportsResponse> {
  const params = new URLSearchParams({ status });
  if (cursor) params.set('cursor', cursor);
  return apiGet<AdminReportsResponse>(`/admin/reports?${params.toString()}`, { signal });
}

export function useReports(status: ReportStatusFilter) {
  return useInfiniteQuery({
    queryKey: queryKeys.adminReports(status),
    queryFn: ({ pageParam, signal }) => fetchReports(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
