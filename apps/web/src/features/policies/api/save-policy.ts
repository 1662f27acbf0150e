import type { BookingPolicy } from '@slotwise/shared/policies-schemas';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSaveMutation } from '../../../lib/query-hooks';

export interface SaveBookingPolicyResponse {
  message: string;
  policy: BookingPolicy;
}

/** PUT /provider/policy: replaces the booking policy (existing bookings are untouched). */
export function saveBookingPolicy(policy: BookingPolicy): Promise<SaveBookingPolicyResponse> {
  return apiRequest<SaveBookingPolicyResponse>('PUT', '/provider/policy', policy);
}

/** What clients may book changes with it. */
export function useSaveBookingPolicy() {
  return useSaveMutation(saveBookingPolicy, queryKeys.bookingPolicy, ({ policy }) => ({ policy }), [
    queryKeys.availableSlots,
    queryKeys.providers,
  ]);
}
