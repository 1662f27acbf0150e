import { apiPost } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/query-hooks';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /waitlist/offers/:id/decline → 200 {message}: the time passes to the next person waiting
 * (docs/decisions/069-waitlist.md).
 */
export function declineOffer(offerId: string): Promise<{ message: string }> {
  return apiPost<{ message: string }>(`/waitlist/offers/${encodeURIComponent(offerId)}/decline`);
}

export function useDeclineOffer() {
  return useInvalidatingMutation(declineOffer, {
    keys: [queryKeys.waitlist, queryKeys.availableSlots],
    when: 'settled',
  });
}
