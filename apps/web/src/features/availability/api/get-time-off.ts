import type { TimeOff } from '@slotwise/shared/availability-schemas';
import { apiGet } from '../../../lib/api-client';
import { useActingProvider, withProviderId } from '../../../lib/acting-provider';
import { queryKeys } from '../../../lib/query-keys';
import { useFetcherQuery } from '../../../lib/query-hooks';

export interface TimeOffListResponse {
  timeOff: TimeOff[];
}

/** GET /availability/time-off: the entries that have not ended. */
export function fetchTimeOff(
  signal?: AbortSignal,
  providerId: string | null = null,
): Promise<TimeOffListResponse> {
  return apiGet<TimeOffListResponse>(withProviderId('/availability/time-off', providerId), {
    signal,
  });
}

export function useTimeOff() {
  const providerId = useActingProvider();
  return useFetcherQuery(
    queryKeys.timeOff(providerId),
    (signal) => fetchTimeOff(signal, providerId),
    { select: (data) => data.timeOff },
  );
}
