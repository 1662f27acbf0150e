import type { ProviderAnalytics } from '@slotwise/shared/stats-types';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface ProviderAnalyticsResponse {
  analytics: ProviderAnalytics;
}

/** GET /stats/analytics: the Analytics page's figures (README "Provider statistics"). */
export function fetchProviderAnalytics(signal?: AbortSignal): Promise<ProviderAnalyticsResponse> {
  return apiGet<ProviderAnalyticsResponse>('/stats/analytics', { signal });
}

export function useProviderAnalytics() {
  return useQuery({
    queryKey: queryKeys.analytics,
    queryFn: ({ signal }) => fetchProviderAnalytics(signal),
  });
}
