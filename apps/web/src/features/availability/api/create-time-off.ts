import type { TimeOffBody, TimeOffCreatedResponse } from '@slotwise/shared/availability-schemas';
import { apiPost } from '../../../lib/api-client';
import { useActingProvider, withProviderId } from '../../../lib/acting-provider';
import { queryKeys } from '../../../lib/query-keys';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

/**
 * POST /availability/time-off: removes the free slots inside and answers the booked
 * appointments it could not remove (the provider cancels or keeps them).
 */
export function createTimeOff(
  body: TimeOffBody,
  providerId: string | null = null,
): Promise<TimeOffCreatedResponse> {
  return apiPost<TimeOffCreatedResponse>(
    withProviderId('/availability/time-off', providerId),
    body,
  );
}

export function useCreateTimeOff() {
  const providerId = useActingProvider();
  return useInvalidatingMutation((body: TimeOffBody) => createTimeOff(body, providerId), {
    keys: [queryKeys.availability, queryKeys.timeslots, queryKeys.availableSlots],
  });
}
