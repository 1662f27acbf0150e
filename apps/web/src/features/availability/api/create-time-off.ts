import type { TimeOffBody, TimeOffCreatedResponse } from '@slotwise/shared/availability-schemas';
import { apiPost } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

/**
 * POST /availability/time-off: removes the free slots inside and answers the booked
 * appointments it could not remove (the provider cancels or keeps them).
 */
export function createTimeOff(body: TimeOffBody): Promise<TimeOffCreatedResponse> {
  return apiPost<TimeOffCreatedResponse>('/availability/time-off', body);
}

export function useCreateTimeOff() {
  return useInvalidatingMutation(createTimeOff, {
    keys: [queryKeys.timeOff, queryKeys.timeslots, queryKeys.availableSlots],
  });
}
