import type {
  WeeklyHoursBody,
  WeeklyHoursSavedResponse,
} from '@slotwise/shared/availability-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /availability/weekly: replaces the rules and generates slots up to the horizon. */
export function saveWeeklyHours(body: WeeklyHoursBody): Promise<WeeklyHoursSavedResponse> {
  return apiRequest<WeeklyHoursSavedResponse>('PUT', '/availability/weekly', body);
}

/** Saving changes the rules and the slots (own and as clients see them). */
export function useSaveWeeklyHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWeeklyHours,
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.weeklyHours, {
        rules: data.rules,
        horizonWeeks: data.horizonWeeks,
        timezone: data.timezone,
      });
      return Promise.all(
        [queryKeys.timeslots, queryKeys.availableSlots].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
