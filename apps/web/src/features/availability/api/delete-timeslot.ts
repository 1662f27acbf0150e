import type { MessageResponse } from '@slotwise/shared/api-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { timeslotsQueryKey } from './get-timeslots';

/** DELETE /timeslots/delete/{id}. */
export function deleteTimeslot(id: string): Promise<MessageResponse> {
  return apiDelete<MessageResponse>(`/timeslots/delete/${encodeURIComponent(id)}`);
}

export function useDeleteTimeslot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTimeslot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeslotsQueryKey }),
  });
}
