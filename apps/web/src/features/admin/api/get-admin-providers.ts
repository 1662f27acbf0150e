import type { adminProvidersResponseSchema } from '@slotwise/shared/moderation-schemas';
import type { z } from '@slotwise/shared/zod';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type AdminProvidersResponse = z.infer<typeof adminProvidersResponseSchema>;
export type ProviderStatusFilter = 'all' | 'suspended';

/** GET /admin/providers?q=&status=all|suspended&cursor= (docs/product.md §19.3). */
export function fetchAdminProviders(
  q: string,
  status: ProviderStatusFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AdminProvidersResponse> {
  const params = new URLSearchParams({ status });
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  return apiGet<AdminProvidersResponse>(`/admin/providers?${params.toString()}`, { signal });
}

export function useAdminProviders(q: string, status: ProviderStatusFilter) {
  return useInfiniteQuery({
    queryKey: queryKeys.adminProviders(q, status),
    queryFn: ({ pageParam, signal }) => fetchAdminProviders(q, status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // The last results stay on screen while the next search runs.
    placeholderData: keepPreviousData,
  });
}
