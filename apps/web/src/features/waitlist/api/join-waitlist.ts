import type { joinWaitlistResponseSchema } from '@slotwise/shared/waitlist-api-schemas';
import type { JoinWaitlistInput } from '@slotwise/shared/waitlist-schemas';
import type { z } from '@slotwise/shared/zod';
import { apiPost } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/query-hooks';
import { queryKeys } from '../../../lib/query-keys';

export type JoinWaitlistResponse = z.infer<typeof joinWaitlistResponseSchema>;

/**
 * POST /waitlist {providerId, serviceId?, windows} → 201 {message, entry} (docs/product.md §17):
 * 1–5 date windows on the provider's wall clock.
 */
export function joinWaitlist(body: JoinWaitlistInput): Promise<JoinWaitlistResponse> {
  return apiPost<JoinWaitlistResponse>('/waitlist', body);
}

/** Joining adds an entry to the client's list. */
export function useJoinWaitlist() {
  return useInvalidatingMutation(joinWaitlist, { keys: [queryKeys.waitlistEntries] });
}
