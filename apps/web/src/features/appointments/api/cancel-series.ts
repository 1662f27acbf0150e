import type { CancelSeriesResponse } from '@slotwise/shared/appointments-series-schemas';
import { apiPatch } from '../../../lib/api-client';
import { appointmentChangeKeys } from './cancel-appointment';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

export interface CancelSeriesVariables {
  seriesId: string;
  /** That occurrence and the later ones; absent: the whole series. */
  fromAppointmentId?: string;
  /** Whose slots are freed: that provider's free slots are refetched. */
  providerId: string;
}

/**
 * PATCH /appointment/series/{id}/cancel {fromAppointmentId?} (docs/decisions/067-seats-and-series.md):
 * the client cancels a whole series, or one occurrence and those after it.
 */
export function cancelSeries({
  seriesId,
  fromAppointmentId,
}: CancelSeriesVariables): Promise<CancelSeriesResponse> {
  return apiPatch<CancelSeriesResponse>(
    `/appointment/series/${encodeURIComponent(seriesId)}/cancel`,
    fromAppointmentId ? { fromAppointmentId } : {},
  );
}

/** Refetches the appointment lists and the provider's free slots, either way. */
export function useCancelSeries() {
  return useInvalidatingMutation(cancelSeries, { keys: appointmentChangeKeys, when: 'settled' });
}
