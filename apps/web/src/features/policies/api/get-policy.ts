import type { BookingPolicy } from '@slotwise/shared/policy-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface BookingPolicyResponse {
  policy: BookingPolicy;
}

/** GET /provider/policy: the signed-in provider's booking policy (defaults when never saved). */
export function getBookingPolicy(): Promise<BookingPolicyResponse> {
  return apiGet<BookingPolicyResponse>('/provider/policy');
}

export function useBookingPolicy() {
  return useQuery({
    queryKey: queryKeys.bookingPolicy,
    queryFn: getBookingPolicy,
    select: (data) => data.policy,
  });
}
