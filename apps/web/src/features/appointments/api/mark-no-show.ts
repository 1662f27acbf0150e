import type { ProviderAppointmentMessageResponse } from '@slotwise/shared/appointments-schemas';
import { NO_SHOW_WINDOW_HOURS } from '@slotwise/shared/reviews-schemas';
import { apiPatch } from '../../../lib/api-client';
import { useActingProvider, withProviderId } from '../../../lib/acting-provider';
import { queryKeys } from '../../../lib/query-keys';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

const HOUR = 3_600_000;

/**
 * Whether 'Mark as no-show' is offered (the server decides for real): booked or completed as
 * shown, started, and not more than 72 hours ago.
 */
export function canMarkNoShow(
  appointment: { status: string; starts_at: string },
  now: number = Date.now(),
): boolean {
  if (appointment.status !== 'booked' && appointment.status !== 'completed') return false;
  const start = Date.parse(appointment.starts_at);
  return start <= now && now - start <= NO_SHOW_WINDOW_HOURS * HOUR;
}

/** PATCH /appointment/provider/no-show/:id: the client did not come. */
export function markNoShow(
  appointmentId: string,
  providerId: string | null = null,
): Promise<ProviderAppointmentMessageResponse> {
  return apiPatch<ProviderAppointmentMessageResponse>(
    withProviderId(
      `/appointment/provider/no-show/${encodeURIComponent(appointmentId)}`,
      providerId,
    ),
  );
}

/** Refreshes the appointment lists and the stats (the no-show rate), either way. */
export function useMarkNoShow() {
  const providerId = useActingProvider();
  return useInvalidatingMutation((id: string) => markNoShow(id, providerId), {
    keys: [queryKeys.appointments, queryKeys.stats, queryKeys.analytics],
    when: 'settled',
  });
}
