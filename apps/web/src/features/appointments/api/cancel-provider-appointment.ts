import type { ProviderAppointmentMessageResponse } from '@slotwise/shared/appointments-schemas';
import { apiPatch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

/** PATCH /appointment/provider/cancel/{id} (docs/product.md §7): the provider cancels a booked appointment. */
export function cancelProviderAppointment(
  appointmentId: string,
): Promise<ProviderAppointmentMessageResponse> {
  return apiPatch<ProviderAppointmentMessageResponse>(
    `/appointment/provider/cancel/${encodeURIComponent(appointmentId)}`,
  );
}

/**
 * Refetches what a cancellation changes, either way: the appointment lists, the stats and the
 * provider's own slots (the slot is free again), and every cached availability list.
 */
export function useCancelProviderAppointment() {
  return useInvalidatingMutation(cancelProviderAppointment, {
    keys: [queryKeys.appointments, queryKeys.stats, queryKeys.timeslots, queryKeys.availableSlots],
    when: 'settled',
  });
}
