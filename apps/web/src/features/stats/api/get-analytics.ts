import type { ProviderAnalytics } from '@slotwise/shared/stats-types';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useFetcherQuery } from '../../../lib/query-hooks';

export interface ProviderAnalyticsResponse {
  analytics: ProviderAnalytics;
}

/** GET /stats/analytics: the Analytics page's figures (README "Provider statistics"). */
export function fetchProviderAnalytics(signal?: AbortSignal): Promise<ProviderAnalyticsResponse> {
  return apiGet<ProviderAnalyticsResponse>('/stats/analytics', { signal });
}

export function useProviderAnalytics() {
  return useFetcherQuery(queryKeys.analytics, fetchProviderAnalytics);
}
