import type { MessageResponse } from '@slotwise/shared/accounts-types';
import { apiDelete } from '../../../lib/api-client';
import { timeslotsQueryKey } from './get-timeslots';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

/** DELETE /timeslots/delete/{id}. */
export function deleteTimeslot(id: string): Promise<MessageResponse> {
  return apiDelete<MessageResponse>(`/timeslots/delete/${encodeURIComponent(id)}`);
}

export function useDeleteTimeslot() {
  return useInvalidatingMutation(deleteTimeslot, { keys: [timeslotsQueryKey] });
}
