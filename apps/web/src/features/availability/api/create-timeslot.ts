import type {
  CreateTimeslotBody,
  TimeslotMessageResponse,
} from '@slotwise/shared/availability-slot-schemas';
import { apiPost } from '../../../lib/api-client';
import { timeslotsQueryKey } from './get-timeslots';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

/** POST /timeslots/create: `{day, startTime, endTime}` with times as HH:MM:00 (docs/product.md §7). */
export function createTimeslot(body: CreateTimeslotBody): Promise<TimeslotMessageResponse> {
  return apiPost<TimeslotMessageResponse>('/timeslots/create', body);
}

export function useCreateTimeslot() {
  return useInvalidatingMutation(createTimeslot, { keys: [timeslotsQueryKey] });
}
