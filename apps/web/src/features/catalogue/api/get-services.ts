import type { ServicesResponse } from '@slotwise/shared/catalogue-schemas';
import { apiGet } from '../../../lib/api-client';
import { useActingProvider, withProviderId } from '../../../lib/acting-provider';
import { queryKeys } from '../../../lib/query-keys';
import { useFetcherQuery } from '../../../lib/query-hooks';

/** Invalidated by every service mutation (every provider's list is under it). */
export const servicesQueryKey = queryKeys.services;

/**
 * GET /services → {services} (docs/product.md §11.1): the signed-in provider's own, or with
 * `providerId` the staff member's an owner acts for (docs/product.md §13.1).
 */
export function fetchServices(
  signal?: AbortSignal,
  providerId: string | null = null,
): Promise<ServicesResponse> {
  return apiGet<ServicesResponse>(withProviderId('/services', providerId), { signal });
}

export function useServices({ enabled = true }: { enabled?: boolean } = {}) {
  const providerId = useActingProvider();
  return useFetcherQuery(
    queryKeys.providerServices(providerId),
    (signal) => fetchServices(signal, providerId),
    { select: (data) => data.services, enabled },
  );
}
