import type { BulkCreateTimeslotsBody } from '@slotwise/shared/availability-slot-run-schemas';
import type { BulkCreateTimeslotsResponse } from '@slotwise/shared/availability-slot-schemas';
import { apiPost } from '../../../lib/api-client';
import { timeslotsQueryKey } from './get-timeslots';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

/** POST /timeslots/bulk-create: a run of consecutive slots on chosen dates, all or nothing. */
export function bulkCreateTimeslots(
  body: BulkCreateTimeslotsBody,
): Promise<BulkCreateTimeslotsResponse> {
  return apiPost<BulkCreateTimeslotsResponse>('/timeslots/bulk-create', body);
}

export function useBulkCreateTimeslots() {
  return useInvalidatingMutation(bulkCreateTimeslots, { keys: [timeslotsQueryKey] });
}
