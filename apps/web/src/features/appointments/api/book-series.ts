import type {
  BookSeriesBody,
  BookSeriesResponse,
} from '@slotwise/shared/appointments-series-schemas';
import { apiPost } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

/**
 * POST /appointment/series {timeslotId, intervalWeeks, count} → 201 {series, appointments,
 * conflicts} (docs/decisions/067-seats-and-series.md): that slot and the same time every
 * `intervalWeeks` weeks; each week that could not be booked is listed with its reason.
 */
export function bookSeries(body: BookSeriesBody): Promise<BookSeriesResponse> {
  return apiPost<BookSeriesResponse>('/appointment/series', body);
}

export interface BookSeriesVariables {
  body: BookSeriesBody;
  /** Whose slots are booked: that provider's free slots are refetched. */
  providerId: string;
}

/** Books a series; the appointment lists and the provider's free slots are refetched either way. */
export function useBookSeries() {
  return useInvalidatingMutation(({ body }: BookSeriesVariables) => bookSeries(body), {
    keys: ({ providerId }) => [
      queryKeys.appointments,
      queryKeys.providerAvailableSlots(providerId),
    ],
    when: 'settled',
  });
}
