import type { MessageResponse } from '@slotwise/shared/accounts-types';
import { apiDelete } from '../../../lib/api-client';
import { useActingProvider, withProviderId } from '../../../lib/acting-provider';
import { queryKeys } from '../../../lib/query-keys';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

/** DELETE /availability/time-off/{id}: the range is refilled from the weekly hours at once. */
export function deleteTimeOff(
  id: string,
  providerId: string | null = null,
): Promise<MessageResponse> {
  return apiDelete<MessageResponse>(
    withProviderId(`/availability/time-off/${encodeURIComponent(id)}`, providerId),
  );
}

export function useDeleteTimeOff() {
  const providerId = useActingProvider();
  return useInvalidatingMutation((id: string) => deleteTimeOff(id, providerId), {
    keys: [queryKeys.availability, queryKeys.timeslots, queryKeys.availableSlots],
  });
}
