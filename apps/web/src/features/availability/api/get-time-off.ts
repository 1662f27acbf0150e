import type { TimeOff } from '@slotwise/shared/availability-schemas';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useFetcherQuery } from '../../../lib/query-hooks';

export interface TimeOffListResponse {
  timeOff: TimeOff[];
}

/** GET /availability/time-off: the entries that have not ended. */
export function fetchTimeOff(signal?: AbortSignal): Promise<TimeOffListResponse> {
  return apiGet<TimeOffListResponse>('/availability/time-off', { signal });
}

export function useTimeOff() {
  return useFetcherQuery(queryKeys.timeOff, fetchTimeOff, { select: (data) => data.timeOff });
}
