import type { OwnBusiness } from '@slotwise/shared/business-schemas';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useFetcherQuery } from '../../../lib/query-hooks';

export interface OwnBusinessResponse {
  business: OwnBusiness | null;
}

/**
 * GET /business (docs/product.md §13.1): the signed-in provider's business, null when they have
 * none; the owner also sees the pending invitations.
 */
export function fetchBusiness(signal?: AbortSignal): Promise<OwnBusinessResponse> {
  return apiGet<OwnBusinessResponse>('/business', { signal });
}

export function useBusiness({ enabled = true }: { enabled?: boolean } = {}) {
  return useFetcherQuery(queryKeys.business, fetchBusiness, {
    select: (data) => data.business,
    enabled,
  });
}
