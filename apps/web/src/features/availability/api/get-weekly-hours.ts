import type { WeeklyHoursResponse } from '@slotwise/shared/availability-schemas';
import { apiGet } from '../../../lib/api-client';
import { useActingProvider, withProviderId } from '../../../lib/acting-provider';
import { queryKeys } from '../../../lib/query-keys';
import { useFetcherQuery } from '../../../lib/query-hooks';

/** GET /availability/weekly: the provider's weekly hours, horizon and zone. */
export function fetchWeeklyHours(
  signal?: AbortSignal,
  providerId: string | null = null,
): Promise<WeeklyHoursResponse> {
  return apiGet<WeeklyHoursResponse>(withProviderId('/availability/weekly', providerId), {
    signal,
  });
}

export function useWeeklyHours() {
  const providerId = useActingProvider();
  return useFetcherQuery(queryKeys.weeklyHours(providerId), (signal) =>
    fetchWeeklyHours(signal, providerId),
  );
}
