import type { FeedUrlResponse } from '@slotwise/shared/email-schemas';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useFetcherQuery } from '../../../lib/query-hooks';

/** GET /calendar/feed-url → {url}: the caller's secret calendar feed (an .ics URL). */
export function fetchCalendarFeedUrl(signal?: AbortSignal): Promise<FeedUrlResponse> {
  return apiGet<FeedUrlResponse>('/calendar/feed-url', { signal });
}

export function useCalendarFeedUrl() {
  return useFetcherQuery(queryKeys.calendarFeedUrl, fetchCalendarFeedUrl, {
    select: (data) => data.url,
  });
}
