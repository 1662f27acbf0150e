import type { AvailableSlotsResponse } from '@slotwise/shared/discovery-schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /search/providers/:id/available-slots (docs/product.md §10.8): the provider's free slots
 * that have not started, earliest first, in a window of days on the provider's wall clock —
 * without `from` the provider's next 14 days (docs/decisions/054-available-slots-window.md).
 */
export function fetchAvailableSlots(
  providerId: string,
  from?: string,
  signal?: AbortSignal,
  to?: string,
): Promise<AvailableSlotsResponse> {
  const params = new URLSearchParams();
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  const query = params.toString() ? `?${params.toString()}` : '';
  return apiGet<AvailableSlotsResponse>(
    `/search/providers/${encodeURIComponent(providerId)}/available-slots${query}`,
    { signal },
  );
}

/**
 * One page of the screens' list: a 14-day window, or — when that window is empty but a later
 * slot exists — the 14 days from that slot's day (the answer says which), so a page is never
 * empty while there is something later to show.
 */
export async function fetchAvailableSlotsPage(
  providerId: string,
  from: string | undefined,
  signal?: AbortSignal,
): Promise<AvailableSlotsResponse> {
  const page = await fetchAvailableSlots(providerId, from, signal);
  if (page.availableSlots.length > 0 || !page.nextFrom) return page;
  return fetchAvailableSlots(providerId, page.nextFrom, signal);
}

/**
 * The screens' free slots of a provider, 14 days at a time: `data` is every loaded window's
 * slots in order (each slot once: the windows do not overlap), `hasNextPage` says a later slot
 * exists and `fetchNextPage()` loads the 14 days from its day ('Show later times'). Cached under
 * ['available-slots', providerId, …]: booking, cancel and reschedule invalidate it, and so do the
 * socket's slot events (lib/realtime-context.ts).
 */
export function useAvailableSlots(providerId: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.providerAvailableSlots(providerId), 'windows'] as const,
    queryFn: ({ pageParam, signal }) => fetchAvailableSlotsPage(providerId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextFrom ?? undefined,
    select: (data) => data.pages.flatMap((page) => page.availableSlots),
    enabled,
  });
}
