import type { adminAuditResponseSchema } from '@slotwise/shared/moderation-schemas';
import type { z } from '@slotwise/shared/zod';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type AuditLogResponse = z.infer<typeof adminAuditResponseSchema>;

/** GET /admin/audit?cursor= (docs/product.md §19.3): the append-only log, newest first. */
export function fetchAuditLog(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AuditLogResponse> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiGet<AuditLogResponse>(`/admin/audit${query}`, { signal });
}

export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: queryKeys.adminAudit,
    queryFn: ({ pageParam, signal }) => fetchAuditLog(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
