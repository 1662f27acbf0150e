import type { PublicBusiness } from '@slotwise/shared/business-schemas';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useFetcherQuery } from '../../../lib/query-hooks';

export interface PublicBusinessResponse {
  business: PublicBusiness;
}

/** GET /businesses/:id (anyone): name, zone, staff, services, rating (docs/product.md §13.1). */
export function fetchPublicBusiness(
  businessId: string,
  signal?: AbortSignal,
): Promise<PublicBusinessResponse> {
  return apiGet<PublicBusinessResponse>(`/businesses/${encodeURIComponent(businessId)}`, {
    signal,
  });
}

export function usePublicBusiness(businessId: string) {
  return useFetcherQuery(
    queryKeys.publicBusiness(businessId),
    (signal) => fetchPublicBusiness(businessId, signal),
    { select: (data) => data.business },
  );
}
