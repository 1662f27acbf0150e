import type { TimeslotWindowSlot } from '@slotwise/shared/availability-schemas';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useActingProvider } from '../../../lib/acting-provider';
import { queryKeys } from '../../../lib/query-keys';

/** A slot of the calendar window; the server adds `source` and, for booked ones, the client. */
export type WindowSlot = TimeslotWindowSlot;

export interface TimeslotWindowResponse {
  slots: WindowSlot[];
}

/**
 * GET /timeslots/view?from&to (docs/decisions/040-weekly-hours-and-time-off.md): the provider's
 * slots of the visible days only (inclusive, past days included).
 */
export function fetchTimeslotWindow(
  from: string,
  to: string,
  signal?: AbortSignal,
  providerId: string | null = null,
): Promise<TimeslotWindowResponse> {
  const query = new URLSearchParams({ from, to });
  if (providerId) query.set('providerId', providerId);
  return apiGet<TimeslotWindowResponse>(`/timeslots/view?${query.toString()}`, { signal });
}

/** The visible window; it stays under ['timeslots'], so every slot mutation refreshes it. */
export function useTimeslotWindow(from: string, to: string) {
  const providerId = useActingProvider();
  return useQuery({
    queryKey: queryKeys.timeslotWindow(from, to, providerId),
    queryFn: ({ signal }) => fetchTimeslotWindow(from, to, signal, providerId),
    select: (data) => data.slots,
    placeholderData: keepPreviousData,
  });
}
