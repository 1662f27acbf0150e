import type { TimeslotListResponse } from '@slotwise/shared/availability-slot-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useActingProvider, withProviderId } from '../../../lib/acting-provider';
import { queryKeys } from '../../../lib/query-keys';

/** Every key under ['timeslots'] is invalidated by the slot mutations. */
export const timeslotsQueryKey = queryKeys.timeslots;

/**
 * GET /timeslots/view: the provider's slots sorted by date and time, from today on (in the
 * provider's zone) unless `includePast`.
 */
export function fetchTimeslots(
  options: { includePast?: boolean; signal?: AbortSignal; providerId?: string | null } = {},
): Promise<TimeslotListResponse> {
  const query = options.includePast ? '?include=past' : '';
  return apiGet<TimeslotListResponse>(
    withProviderId(`/timeslots/view${query}`, options.providerId ?? null),
    { signal: options.signal },
  );
}

export function useTimeslots({
  includePast = false,
  enabled = true,
}: { includePast?: boolean; enabled?: boolean } = {}) {
  const providerId = useActingProvider();
  return useQuery({
    enabled,
    queryKey: queryKeys.timeslotList(includePast, providerId),
    queryFn: ({ signal }) => fetchTimeslots({ includePast, signal, providerId }),
    select: (data) => data.slots,
  });
}
