import type { MessageResponse } from '@slotwise/shared/api-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /availability/time-off/{id}: the range is refilled from the weekly hours at once. */
export function deleteTimeOff(id: string): Promise<MessageResponse> {
  return apiDelete<MessageResponse>(`/availability/time-off/${encodeURIComponent(id)}`);
}

export function useDeleteTimeOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTimeOff,
    onSuccess: () =>
      Promise.all(
        [queryKeys.timeOff, queryKeys.timeslots, queryKeys.availableSlots].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
