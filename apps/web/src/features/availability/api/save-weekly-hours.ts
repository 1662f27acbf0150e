import type {
  WeeklyHoursBody,
  WeeklyHoursSavedResponse,
} from '@slotwise/shared/availability-schemas';
import { apiRequest } from '../../../lib/api-client';
import { useActingProvider, withProviderId } from '../../../lib/acting-provider';
import { queryKeys } from '../../../lib/query-keys';
import { useSaveMutation } from '../../../lib/query-hooks';

/** PUT /availability/weekly: replaces the rules and generates slots up to the horizon. */
export function saveWeeklyHours(
  body: WeeklyHoursBody,
  providerId: string | null = null,
): Promise<WeeklyHoursSavedResponse> {
  return apiRequest<WeeklyHoursSavedResponse>(
    'PUT',
    withProviderId('/availability/weekly', providerId),
    body,
  );
}

/** Saving changes the rules and the slots (own and as clients see them). */
export function useSaveWeeklyHours() {
  const providerId = useActingProvider();
  return useSaveMutation(
    (body: WeeklyHoursBody) => saveWeeklyHours(body, providerId),
    queryKeys.weeklyHours(providerId),
    ({ rules, horizonWeeks, timezone }) => ({ rules, horizonWeeks, timezone }),
    [queryKeys.timeslots, queryKeys.availableSlots],
  );
}
