import type { WeeklyHoursResponse } from '@slotwise/shared/availability-schemas';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useFetcherQuery } from '../../../lib/query-hooks';

/** GET /availability/weekly: the provider's weekly hours, horizon and zone. */
export function fetchWeeklyHours(signal?: AbortSignal): Promise<WeeklyHoursResponse> {
  return apiGet<WeeklyHoursResponse>('/availability/weekly', { signal });
}

export function useWeeklyHours() {
  return useFetcherQuery(queryKeys.weeklyHours, fetchWeeklyHours);
}
