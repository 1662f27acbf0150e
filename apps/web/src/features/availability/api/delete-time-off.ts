import type { MessageResponse } from '@slotwise/shared/accounts-types';
import { apiDelete } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

/** DELETE /availability/time-off/{id}: the range is refilled from the weekly hours at once. */
export function deleteTimeOff(id: string): Promise<MessageResponse> {
  return apiDelete<MessageResponse>(`/availability/time-off/${encodeURIComponent(id)}`);
}

export function useDeleteTimeOff() {
  return useInvalidatingMutation(deleteTimeOff, {
    keys: [queryKeys.timeOff, queryKeys.timeslots, queryKeys.availableSlots],
  });
}
