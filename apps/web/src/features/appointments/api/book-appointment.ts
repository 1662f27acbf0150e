import type { ClientAppointmentMessageResponse } from '@slotwise/shared/appointments-schemas';
import type { BookingBody } from '@slotwise/shared/appointments-booking-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiPost } from '../../../lib/api-client';
import { withoutSlots } from '../../../lib/available-slots-cache';
import { queryKeys } from '../../../lib/query-keys';

/** POST /appointment/booking {timeslotId} → 201 {message, appointment}; 409 SLOT_TAKEN. */
export function bookAppointment(body: BookingBody): Promise<ClientAppointmentMessageResponse> {
  return apiPost<ClientAppointmentMessageResponse>('/appointment/booking', body);
}

/**
 * Books one of `providerId`'s slots. Success or failure, the slot list is refetched (a slot
 * someone else took disappears); a slot answered as taken is dropped from it at once.
 */
export function useBookAppointment(providerId: string) {
  const queryClient = useQueryClient();
  const slotsKey = queryKeys.providerAvailableSlots(providerId);
  return useMutation({
    mutationFn: bookAppointment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.appointments }),
    onError: (error, { timeslotId }) => {
      if (error instanceof ApiError && error.code === 'SLOT_TAKEN') {
        // Every cached window of this provider (the screens' pages too).
        queryClient.setQueriesData<unknown>({ queryKey: slotsKey }, (old: unknown) =>
          withoutSlots(old, new Set([timeslotId])),
        );
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: slotsKey }),
  });
}
