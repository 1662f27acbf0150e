import type { TimeOffBody, TimeOffCreatedResponse } from '@slotwise/shared/availability-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /availability/time-off: removes the free slots inside and answers the booked
 * appointments it could not remove (the provider cancels or keeps them).
 */
export function createTimeOff(body: TimeOffBody): Promise<TimeOffCreatedResponse> {
  return apiPost<TimeOffCreatedResponse>('/availability/time-off', body);
}

export function useCreateTimeOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTimeOff,
    onSuccess: () =>
      Promise.all(
        [queryKeys.timeOff, queryKeys.timeslots, queryKeys.availableSlots].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
