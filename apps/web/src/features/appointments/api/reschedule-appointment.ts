import type { ClientAppointmentMessageResponse } from '@slotwise/shared/appointments-schemas';
import type { RescheduleBody } from '@slotwise/shared/appointments-booking-schemas';
import { apiPatch } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/query-hooks';
import { appointmentChangeKeys } from './cancel-appointment';

export interface RescheduleAppointmentVariables extends RescheduleBody {
  appointmentId: string;
  /** The appointment's provider: the old slot is freed and the new one taken. */
  providerId: string;
}

/** PATCH /appointment/reschedule/{id} {newTimeslotId} (docs/product.md §7). */
export function rescheduleAppointment({
  appointmentId,
  newTimeslotId,
}: RescheduleAppointmentVariables): Promise<ClientAppointmentMessageResponse> {
  return apiPatch<ClientAppointmentMessageResponse>(
    `/appointment/reschedule/${encodeURIComponent(appointmentId)}`,
    { newTimeslotId },
  );
}

/** Refetches the appointment lists and the provider's availability, either way. */
export function useRescheduleAppointment() {
  return useInvalidatingMutation(rescheduleAppointment, {
    keys: appointmentChangeKeys,
    when: 'settled',
  });
}
