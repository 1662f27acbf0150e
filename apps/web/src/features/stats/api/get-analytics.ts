import type { ProviderAnalytics } from '@slotwise/shared/stats-types';
import { apiGet } from '../../../lib/api-client';
import { useActingProvider, withProviderId } from '../../../lib/acting-provider';
import { queryKeys } from '../../../lib/query-keys';
import { useFetcherQuery } from '../../../lib/query-hooks';

export interface ProviderAnalyticsResponse {
  analytics: ProviderAnalytics;
}

/** GET /stats/analytics: the Analytics page's figures (README "Provider statistics"). */
export function fetchProviderAnalytics(
  signal?: AbortSignal,
  providerId: string | null = null,
): Promise<ProviderAnalyticsResponse> {
  return apiGet<ProviderAnalyticsResponse>(withProviderId('/stats/analytics', providerId), {
    signal,
  });
}

/** The provider's own, or the staff member's the page acts for (lib/acting-provider.ts). */
export function useProviderAnalytics() {
  const providerId = useActingProvider();
  return useFetcherQuery(queryKeys.providerAnalytics(providerId), (signal) =>
    fetchProviderAnalytics(signal, providerId),
  );
}
