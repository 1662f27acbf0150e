import type { TimeslotListResponse } from '@slotwise/shared/availability-slot-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** Every key under ['timeslots'] is invalidated by the slot mutations. */
export const timeslotsQueryKey = ['timeslots'] as const;

/**
 * GET /timeslots/view: the provider's slots sorted by date and time, from today on (in the
 * provider's zone) unless `includePast`.
 */
export function fetchTimeslots(
  options: { includePast?: boolean; signal?: AbortSignal } = {},
): Promise<TimeslotListResponse> {
  const query = options.includePast ? '?include=past' : '';
  return apiGet<TimeslotListResponse>(`/timeslots/view${query}`, { signal: options.signal });
}

export function useTimeslots({
  includePast = false,
  enabled = true,
}: { includePast?: boolean; enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: [...timeslotsQueryKey, includePast ? 'all' : 'upcoming'],
    queryFn: ({ signal }) => fetchTimeslots({ includePast, signal }),
    select: (data) => data.slots,
  });
}
