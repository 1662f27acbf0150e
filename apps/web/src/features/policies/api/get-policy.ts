import type { BookingPolicy } from '@slotwise/shared/policies-schemas';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useFetcherQuery } from '../../../lib/query-hooks';

export interface BookingPolicyResponse {
  policy: BookingPolicy;
}

/** GET /provider/policy: the signed-in provider's booking policy (defaults when never saved). */
export function getBookingPolicy(): Promise<BookingPolicyResponse> {
  return apiGet<BookingPolicyResponse>('/provider/policy');
}

export function useBookingPolicy() {
  return useFetcherQuery(queryKeys.bookingPolicy, getBookingPolicy, {
    select: (data) => data.policy,
  });
}
