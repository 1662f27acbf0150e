import type { ProviderStats, ProviderTrustFigures } from '@slotwise/shared/stats-types';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useFetcherQuery } from '../../../lib/query-hooks';

export interface ProviderStatsResponse {
  /** With the trust figures (optional here: an older server answers without them). */
  stats: ProviderStats & Partial<ProviderTrustFigures>;
}

/** GET /stats/ (docs/product.md §7): the dashboard figures, defined in the README "Provider statistics". */
export function fetchProviderStats(signal?: AbortSignal): Promise<ProviderStatsResponse> {
  return apiGet<ProviderStatsResponse>('/stats/', { signal });
}

export function useProviderStats() {
  return useFetcherQuery(queryKeys.stats, fetchProviderStats);
}
