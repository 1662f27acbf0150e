import type {
  TimeslotMessageResponse,
  UpdateTimeslotBody,
} from '@slotwise/shared/availability-slot-schemas';
import { apiPatch } from '../../../lib/api-client';
import { timeslotsQueryKey } from './get-timeslots';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

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
  return useInvalidatingMutation(updateTimeslot, { keys: [timeslotsQueryKey] });
}
