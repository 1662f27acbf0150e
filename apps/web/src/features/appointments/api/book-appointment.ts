import type { ClientAppointmentMessageResponse } from '@slotwise/shared/appointments-schemas';
import type { BookingBody } from '@slotwise/shared/appointments-booking-schemas';
import type { AnyStaffBookingBody } from '@slotwise/shared/business-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiPost } from '../../../lib/api-client';
import { withoutSlots } from '../../../lib/available-slots-cache';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /appointment/booking {timeslotId} → 201 {message, appointment}; 409 SLOT_TAKEN. Or a
 * business's "any staff" booking {businessId, serviceId, startsAt} (docs/product.md §13.2): the
 * server picks the staff member, whom the answer's appointment names; 409 SLOT_TAKEN when nobody
 * is free any more, RESOURCE_BUSY when the room or equipment is taken.
 */
export function bookAppointment(
  body: BookingBody | AnyStaffBookingBody,
): Promise<ClientAppointmentMessageResponse> {
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
    mutationFn: (body: BookingBody) => bookAppointment(body),
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

/**
 * Books a time of a business's page (docs/product.md §13.2): "any staff", or one person's slot.
 * Success or failure, the business's times are refetched (a time taken meanwhile disappears), and
 * so are the free slots clients see.
 */
export function useBookBusinessTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookAppointment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.appointments }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.businesses }),
        queryClient.invalidateQueries({ queryKey: queryKeys.availableSlots }),
      ]),
  });
}
