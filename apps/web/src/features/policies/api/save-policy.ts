import type { BookingPolicy } from '@slotwise/shared/policies-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface SaveBookingPolicyResponse {
  message: string;
  policy: BookingPolicy;
}

/** PUT /provider/policy: replaces the booking policy (existing bookings are untouched). */
export function saveBookingPolicy(policy: BookingPolicy): Promise<SaveBookingPolicyResponse> {
  return apiRequest<SaveBookingPolicyResponse>('PUT', '/provider/policy', policy);
}

export function useSaveBookingPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBookingPolicy,
    onSuccess: ({ policy }) => {
      queryClient.setQueryData(queryKeys.bookingPolicy, { policy });
      // What clients may book changes with it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.availableSlots });
      void queryClient.invalidateQueries({ queryKey: queryKeys.providers });
    },
  });
}
