import type { TimeOff } from '@slotwise/shared/availability-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface TimeOffListResponse {
  timeOff: TimeOff[];
}

/** GET /availability/time-off: the entries that have not ended. */
export function fetchTimeOff(signal?: AbortSignal): Promise<TimeOffListResponse> {
  return apiGet<TimeOffListResponse>('/availability/time-off', { signal });
}

export function useTimeOff() {
  return useQuery({
    queryKey: queryKeys.timeOff,
    queryFn: ({ signal }) => fetchTimeOff(signal),
    select: (data) => data.timeOff,
  });
}
