import type { ProviderWaitlist } from '@slotwise/shared/waitlist-schemas';
import { apiGet } from '../../../lib/api-client';
import { useFetcherQuery } from '../../../lib/query-hooks';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /provider/waitlist → {entries, refilled_last_30_days}: who waits for the signed-in
 * provider, in offer order, and the dashboard's figure (docs/product.md §17).
 */
export function fetchProviderWaitlist(signal?: AbortSignal): Promise<ProviderWaitlist> {
  return apiGet<ProviderWaitlist>('/provider/waitlist', { signal });
}

export function useProviderWaitlist({ enabled = true }: { enabled?: boolean } = {}) {
  return useFetcherQuery(queryKeys.providerWaitlist, fetchProviderWaitlist, { enabled });
}
