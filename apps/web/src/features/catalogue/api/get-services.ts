import type { ServicesResponse } from '@slotwise/shared/catalogue-schemas';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useFetcherQuery } from '../../../lib/query-hooks';

/** Invalidated by every service mutation. */
export const servicesQueryKey = queryKeys.services;

/** GET /services → {services} (docs/product.md §11.1): the signed-in provider's own. */
export function fetchServices(signal?: AbortSignal): Promise<ServicesResponse> {
  return apiGet<ServicesResponse>('/services', { signal });
}

export function useServices({ enabled = true }: { enabled?: boolean } = {}) {
  return useFetcherQuery(servicesQueryKey, fetchServices, {
    select: (data) => data.services,
    enabled,
  });
}
