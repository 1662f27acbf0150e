import type { BusyBlock } from '@slotwise/shared/calendar-sync-schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface BusyBlocksResponse {
  busy: BusyBlock[];
}

/** GET /calendar/busy?from&to (ISO instants, at most 62 days) → {busy} (docs/product.md §18.2). */
export function fetchBusyBlocks(
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<BusyBlocksResponse> {
  const query = new URLSearchParams({ from, to });
  return apiGet<BusyBlocksResponse>(`/calendar/busy?${query.toString()}`, { signal });
}

/** The signed-in provider's busy time between two instants; off while `enabled` is false. */
export function useBusyBlocks(from: string, to: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.calendarBusy(from, to),
    queryFn: ({ signal }) => fetchBusyBlocks(from, to, signal),
    select: (data) => data.busy,
    placeholderData: keepPreviousData,
    enabled,
  });
}
