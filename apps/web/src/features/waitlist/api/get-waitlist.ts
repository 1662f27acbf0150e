import type { WaitlistEntry } from '@slotwise/shared/waitlist-schemas';
import { apiGet } from '../../../lib/api-client';
import { useFetcherQuery } from '../../../lib/query-hooks';
import { queryKeys } from '../../../lib/query-keys';

export interface WaitlistEntriesResponse {
  entries: WaitlistEntry[];
}

/** GET /waitlist: the signed-in client's own entries (docs/product.md §17). */
export function fetchWaitlist(signal?: AbortSignal): Promise<WaitlistEntriesResponse> {
  return apiGet<WaitlistEntriesResponse>('/waitlist', { signal });
}

export function useWaitlist() {
  return useFetcherQuery(queryKeys.waitlistEntries, fetchWaitlist, {
    select: (data) => data.entries,
  });
}
