import type {
  TimeslotMessageResponse,
  UpdateTimeslotBody,
} from '@slotwise/shared/timeslot-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPatch } from '../../../lib/api-client';
import { timeslotsQueryKey } from './get-timeslots';

export interface UpdateTimeslotVariables {
  id: string;
  /** Only the changed fields (docs/product.md §5: only filled ones sent). */
  body: UpdateTimeslotBody;
}

/** PATCH /timeslots/update/{id}. */
export function updateTimeslot({
  id,
  body,
}: UpdateTimeslotVariables): Promise<TimeslotMessageResponse> {
  return apiPatch<TimeslotMessageResponse>(`/timeslots/update/${encodeURIComponent(id)}`, body);
}

export function useUpdateTimeslot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTimeslot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeslotsQueryKey }),
  });
}
