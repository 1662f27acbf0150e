import { apiDelete } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/query-hooks';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /waitlist/:id → 200 {message}: the client leaves one waitlist (docs/product.md §17). */
export function leaveWaitlist(entryId: string): Promise<{ message: string }> {
  return apiDelete<{ message: string }>(`/waitlist/${encodeURIComponent(entryId)}`);
}

/**
 * Removing an entry also withdraws an offer it held (the time passes on): the entries, the
 * offers and the free times clients see are read again, either way.
 */
export function useLeaveWaitlist() {
  return useInvalidatingMutation(leaveWaitlist, {
    keys: [queryKeys.waitlist, queryKeys.availableSlots],
    when: 'settled',
  });
}
