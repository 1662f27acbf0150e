import type { ProviderStats, ProviderTrustFigures } from '@slotwise/shared/stats-types';
import { apiGet } from '../../../lib/api-client';
import { useActingProvider, withProviderId } from '../../../lib/acting-provider';
import { queryKeys } from '../../../lib/query-keys';
import { useFetcherQuery } from '../../../lib/query-hooks';

export interface ProviderStatsResponse {
  /** With the trust figures (optional here: an older server answers without them). */
  stats: ProviderStats & Partial<ProviderTrustFigures>;
}

/** GET /stats/ (docs/product.md §7): the dashboard figures, defined in the README "Provider statistics". */
export function fetchProviderStats(
  signal?: AbortSignal,
  providerId: string | null = null,
): Promise<ProviderStatsResponse> {
  return apiGet<ProviderStatsResponse>(withProviderId('/stats/', providerId), { signal });
}

/** The provider's own, or the staff member's the page acts for (lib/acting-provider.ts). */
export function useProviderStats() {
  const providerId = useActingProvider();
  return useFetcherQuery(queryKeys.providerStats(providerId), (signal) =>
    fetchProviderStats(signal, providerId),
  );
}
