import type { ClientAppointmentMessageResponse } from '@slotwise/shared/appointment-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPatch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

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

/** Refetches the appointment lists and the freed slot's provider's availability, either way. */
export function useCancelAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAppointment,
    onSettled: (_data, _error, { providerId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.appointments }),
        queryClient.invalidateQueries({ queryKey: queryKeys.providerAvailableSlots(providerId) }),
      ]),
  });
}
