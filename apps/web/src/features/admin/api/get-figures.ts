import type { FiguresResponse } from '@slotwise/shared/marketplace-figures-schemas';
import { apiGet } from '../../../lib/api-client';
import { useFetcherQuery } from '../../../lib/query-hooks';
import { queryKeys } from '../../../lib/query-keys';

/** GET /admin/figures (docs/product.md §19.2): without from/to, the last 30 UTC days. */
export function fetchFigures(signal?: AbortSignal): Promise<FiguresResponse> {
  return apiGet<FiguresResponse>('/admin/figures', { signal });
}

export function useFigures() {
  return useFetcherQuery(queryKeys.adminFigures, fetchFigures);
}
