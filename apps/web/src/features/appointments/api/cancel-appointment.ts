import type { ClientAppointmentMessageResponse } from '@slotwise/shared/appointments-schemas';
import { apiPatch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

export interface CancelAppointmentVariables {
  appointmentId: string;
  /** Whose slot is freed: that provider's available slots are refetched. */
  providerId: string;
}

/** PATCH /appointment/cancel/{id} (docs/product.md §7): the client cancels a booked appointment. */
export function cancelAppointment({
  appointmentId,
}: CancelAppointmentVariables): Promise<ClientAppointmentMessageResponse> {
  return apiPatch<ClientAppointmentMessageResponse>(
    `/appointment/cancel/${encodeURIComponent(appointmentId)}`,
  );
}

/** What a client's change to an appointment alters: the lists and that provider's free slots. */
export const appointmentChangeKeys = ({ providerId }: { providerId: string }) => [
  queryKeys.appointments,
  queryKeys.providerAvailableSlots(providerId),
];

/** Refetches the appointment lists and the freed slot's provider's availability, either way. */
export function useCancelAppointment() {
  return useInvalidatingMutation(cancelAppointment, {
    keys: appointmentChangeKeys,
    when: 'settled',
  });
}
