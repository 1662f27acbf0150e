import type { MessageResponse } from '@slotwise/shared/accounts-types';
import { apiDelete } from '../../../lib/api-client';
import { useActingProvider, withProviderId } from '../../../lib/acting-provider';
import { timeslotsQueryKey } from './get-timeslots';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

/** DELETE /timeslots/delete/{id}. */
export function deleteTimeslot(
  id: string,
  providerId: string | null = null,
): Promise<MessageResponse> {
  return apiDelete<MessageResponse>(
    withProviderId(`/timeslots/delete/${encodeURIComponent(id)}`, providerId),
  );
}

export function useDeleteTimeslot() {
  const providerId = useActingProvider();
  return useInvalidatingMutation((id: string) => deleteTimeslot(id, providerId), {
    keys: [timeslotsQueryKey],
  });
}
