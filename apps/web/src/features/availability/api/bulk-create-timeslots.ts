import type { BulkCreateTimeslotsBody } from '@slotwise/shared/availability-slot-run-schemas';
import type { BulkCreateTimeslotsResponse } from '@slotwise/shared/availability-slot-schemas';
import { apiPost } from '../../../lib/api-client';
import { useActingProvider, withProviderId } from '../../../lib/acting-provider';
import { timeslotsQueryKey } from './get-timeslots';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

/** POST /timeslots/bulk-create: a run of consecutive slots on chosen dates, all or nothing. */
export function bulkCreateTimeslots(
  body: BulkCreateTimeslotsBody,
  providerId: string | null = null,
): Promise<BulkCreateTimeslotsResponse> {
  return apiPost<BulkCreateTimeslotsResponse>(
    withProviderId('/timeslots/bulk-create', providerId),
    body,
  );
}

/** For the staff member the page acts for (lib/acting-provider.ts), or the provider's own. */
export function useBulkCreateTimeslots() {
  const providerId = useActingProvider();
  return useInvalidatingMutation(
    (body: BulkCreateTimeslotsBody) => bulkCreateTimeslots(body, providerId),
    { keys: [timeslotsQueryKey] },
  );
}
