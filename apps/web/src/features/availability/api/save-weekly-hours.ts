import type {
  WeeklyHoursBody,
  WeeklyHoursSavedResponse,
} from '@slotwise/shared/availability-schemas';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSaveMutation } from '../../../lib/query-hooks';

/** PUT /availability/weekly: replaces the rules and generates slots up to the horizon. */
export function saveWeeklyHours(body: WeeklyHoursBody): Promise<WeeklyHoursSavedResponse> {
  return apiRequest<WeeklyHoursSavedResponse>('PUT', '/availability/weekly', body);
}

/** Saving changes the rules and the slots (own and as clients see them). */
export function useSaveWeeklyHours() {
  return useSaveMutation(
    saveWeeklyHours,
    queryKeys.weeklyHours,
    ({ rules, horizonWeeks, timezone }) => ({ rules, horizonWeeks, timezone }),
    [queryKeys.timeslots, queryKeys.availableSlots],
  );
}
