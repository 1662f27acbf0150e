import type {
  TimeslotMessageResponse,
  UpdateTimeslotBody,
} from '@slotwise/shared/availability-slot-schemas';
import { apiPatch } from '../../../lib/api-client';
import { useActingProvider, withProviderId } from '../../../lib/acting-provider';
import { timeslotsQueryKey } from './get-timeslots';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

export interface UpdateTimeslotVariables {
  id: string;
  /** Only the changed fields (docs/product.md §5: only filled ones sent). */
  body: UpdateTimeslotBody;
}

/** PATCH /timeslots/update/{id}. */
export function updateTimeslot(
  { id, body }: UpdateTimeslotVariables,
  providerId: string | null = null,
): Promise<TimeslotMessageResponse> {
  return apiPatch<TimeslotMessageResponse>(
    withProviderId(`/timeslots/update/${encodeURIComponent(id)}`, providerId),
    body,
  );
}

export function useUpdateTimeslot() {
  const providerId = useActingProvider();
  return useInvalidatingMutation(
    (variables: UpdateTimeslotVariables) => updateTimeslot(variables, providerId),
    { keys: [timeslotsQueryKey] },
  );
}
