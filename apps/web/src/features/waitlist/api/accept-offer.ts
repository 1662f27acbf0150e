import type { ClientAppointmentMessageResponse } from '@slotwise/shared/appointments-schemas';
import { apiPost } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/query-hooks';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /waitlist/offers/:id/accept → 201 {message, appointment}: books the held time in one
 * step (docs/decisions/069-waitlist.md). A service that takes money answers a 'pending_payment'
 * appointment whose payment.checkout_url is the next stop, as booking does (docs/product.md §16).
 * 409 INVALID_STATE when the offer ran out or closed.
 */
export function acceptOffer(offerId: string): Promise<ClientAppointmentMessageResponse> {
  return apiPost<ClientAppointmentMessageResponse>(
    `/waitlist/offers/${encodeURIComponent(offerId)}/accept`,
  );
}

/**
 * Either way the offers and entries are read again (a refused offer is gone); a booking also
 * changes the client's appointments, the free times and the bell.
 */
export function useAcceptOffer() {
  return useInvalidatingMutation(acceptOffer, {
    keys: [
      queryKeys.waitlist,
      queryKeys.appointments,
      queryKeys.availableSlots,
      queryKeys.notifications,
    ],
    when: 'settled',
  });
}
