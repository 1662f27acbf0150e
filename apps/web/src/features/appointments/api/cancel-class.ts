import type { CancelClassResponse } from '@slotwise/shared/appointments-series-schemas';
import { apiPatch } from '../../../lib/api-client';
import { useActingProvider, withProviderId } from '../../../lib/acting-provider';
import { queryKeys } from '../../../lib/query-keys';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

/**
 * PATCH /appointment/provider/cancel-class/{timeslotId} (docs/decisions/067-seats-and-series.md):
 * the provider cancels every booked seat of a class; each attendee is told.
 */
export function cancelClass(
  timeslotId: string,
  providerId: string | null = null,
): Promise<CancelClassResponse> {
  return apiPatch<CancelClassResponse>(
    withProviderId(
      `/appointment/provider/cancel-class/${encodeURIComponent(timeslotId)}`,
      providerId,
    ),
  );
}

/** Refetches what the cancels change, either way (as one cancel of the provider does). */
export function useCancelClass() {
  const providerId = useActingProvider();
  return useInvalidatingMutation((timeslotId: string) => cancelClass(timeslotId, providerId), {
    keys: [queryKeys.appointments, queryKeys.stats, queryKeys.timeslots, queryKeys.availableSlots],
    when: 'settled',
  });
}
