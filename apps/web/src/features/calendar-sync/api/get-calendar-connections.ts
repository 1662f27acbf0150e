import type { CalendarConnection } from '@slotwise/shared/calendar-sync-schemas';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useFetcherQuery } from '../../../lib/query-hooks';

export interface CalendarConnectionsResponse {
  connections: CalendarConnection[];
}

/** GET /calendar/connections → {connections} (docs/product.md §18.1): with their health. */
export function fetchCalendarConnections(
  signal?: AbortSignal,
): Promise<CalendarConnectionsResponse> {
  return apiGet<CalendarConnectionsResponse>('/calendar/connections', { signal });
}

export function useCalendarConnections() {
  return useFetcherQuery(queryKeys.calendarConnections, fetchCalendarConnections, {
    select: (data: CalendarConnectionsResponse) => data.connections,
  });
}
