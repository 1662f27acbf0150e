import type { ProviderDetailResponse } from '@slotwise/shared/discovery-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /profile/providers/:id (docs/product.md §7): a listed provider's details, 404 'Provider not found'. */
export function fetchProvider(
  providerId: string,
  signal?: AbortSignal,
): Promise<ProviderDetailResponse> {
  return apiGet<ProviderDetailResponse>(`/profile/providers/${encodeURIComponent(providerId)}`, {
    signal,
  });
}

export function useProvider(providerId: string) {
  return useQuery({
    queryKey: queryKeys.providerDetail(providerId),
    queryFn: ({ signal }) => fetchProvider(providerId, signal),
    select: (data) => data.provider,
  });
}
