import type {
  CreateTimeslotBody,
  TimeslotMessageResponse,
} from '@slotwise/shared/availability-slot-schemas';
import { apiPost } from '../../../lib/api-client';
import { useActingProvider, withProviderId } from '../../../lib/acting-provider';
import { timeslotsQueryKey } from './get-timeslots';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

/** POST /timeslots/create: `{day, startTime, endTime}` with times as HH:MM:00 (docs/product.md §7). */
export function createTimeslot(
  body: CreateTimeslotBody,
  providerId: string | null = null,
): Promise<TimeslotMessageResponse> {
  return apiPost<TimeslotMessageResponse>(withProviderId('/timeslots/create', providerId), body);
}

export function useCreateTimeslot() {
  const providerId = useActingProvider();
  return useInvalidatingMutation((body: CreateTimeslotBody) => createTimeslot(body, providerId), {
    keys: [timeslotsQueryKey],
  });
}
