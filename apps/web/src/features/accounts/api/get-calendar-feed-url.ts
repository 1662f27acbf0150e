import type { FeedUrlResponse } from '@slotwise/shared/email-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /calendar/feed-url → {url}: the caller's secret calendar feed (an .ics URL). */
export function fetchCalendarFeedUrl(signal?: AbortSignal): Promise<FeedUrlResponse> {
  return apiGet<FeedUrlResponse>('/calendar/feed-url', { signal });
}

export function useCalendarFeedUrl() {
  return useQuery({
    queryKey: queryKeys.calendarFeedUrl,
    queryFn: ({ signal }) => fetchCalendarFeedUrl(signal),
    select: (data) => data.url,
  });
}
