import type { Earnings } from '@slotwise/shared/payments-schemas';
import { keepPreviousData } from '@tanstack/react-query';
import { API_BASE, apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useFetcherQuery } from '../../../lib/query-hooks';

export interface EarningsRange {
  from: string;
  to: string;
  group: 'week' | 'month';
}

const rangeQuery = ({ from, to }: { from: string; to: string }) =>
  `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

/** GET /payments/earnings?from&to&group: the provider's takings (docs/product.md §16). */
export function fetchEarnings(range: EarningsRange, signal?: AbortSignal): Promise<Earnings> {
  return apiGet<Earnings>(`/payments/earnings?${rangeQuery(range)}&group=${range.group}`, {
    signal,
  });
}

/** The previous range's figures stay on screen while a new range loads. */
export function useEarnings(range: EarningsRange) {
  return useFetcherQuery(queryKeys.earnings(range), (signal) => fetchEarnings(range, signal), {
    placeholderData: keepPreviousData,
  });
}

export const rangeSearch = rangeQuery;

/** Where the CSV download of the same range is (GET /payments/earnings.csv?from&to). */
export function earningsCsvUrl(range: { from: string; to: string }): string {
  return `${API_BASE}/payments/earnings.csv?${rangeQuery(range)}`;
}
