import type { AvailableSlotsResponse } from '@slotwise/shared/discovery-types';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /search/providers/:id/available-slots (docs/product.md §7): the provider's free slots that have not
 * started, earliest first; day and times on the provider's wall clock.
 */
export function fetchAvailableSlots(
  providerId: string,
  signal?: AbortSignal,
): Promise<AvailableSlotsResponse> {
  return apiGet<AvailableSlotsResponse>(
    `/search/providers/${encodeURIComponent(providerId)}/available-slots`,
    { signal },
  );
}

/**
 * Cached as the response body under ['available-slots', providerId]: booking, cancel and
 * reschedule invalidate it, and so do the socket's slot events (lib/realtime-context.ts).
 */
export function useAvailableSlots(providerId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.providerAvailableSlots(providerId),
    queryFn: ({ signal }) => fetchAvailableSlots(providerId, signal),
    select: (data) => data.availableSlots,
    enabled,
  });
}
