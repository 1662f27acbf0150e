import type { WeeklyHoursResponse } from '@slotwise/shared/availability-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /availability/weekly: the provider's weekly hours, horizon and zone. */
export function fetchWeeklyHours(signal?: AbortSignal): Promise<WeeklyHoursResponse> {
  return apiGet<WeeklyHoursResponse>('/availability/weekly', { signal });
}

export function useWeeklyHours() {
  return useQuery({
    queryKey: queryKeys.weeklyHours,
    queryFn: ({ signal }) => fetchWeeklyHours(signal),
  });
}
