import type { ProviderAppointmentMessageResponse } from '@slotwise/shared/appointments-schemas';
import { apiPatch } from '../../../lib/api-client';
import { useActingProvider, withProviderId } from '../../../lib/acting-provider';
import { queryKeys } from '../../../lib/query-keys';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

/** PATCH /appointment/provider/cancel/{id} (docs/product.md §7): the provider cancels a booked appointment. */
export function cancelProviderAppointment(
  appointmentId: string,
  providerId: string | null = null,
): Promise<ProviderAppointmentMessageResponse> {
  return apiPatch<ProviderAppointmentMessageResponse>(
    withProviderId(`/appointment/provider/cancel/${encodeURIComponent(appointmentId)}`, providerId),
  );
}

/**
 * Refetches what a cancellation changes, either way: the appointment lists, the stats and the
 * provider's own slots (the slot is free again), and every cached availability list.
 */
export function useCancelProviderAppointment() {
  const providerId = useActingProvider();
  return useInvalidatingMutation((id: string) => cancelProviderAppointment(id, providerId), {
    keys: [queryKeys.appointments, queryKeys.stats, queryKeys.timeslots, queryKeys.availableSlots],
    when: 'settled',
  });
}
