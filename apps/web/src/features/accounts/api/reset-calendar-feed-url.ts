import type { FeedUrlResponse } from '@slotwise/shared/email-schemas';
import { apiPost } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useStoringMutation } from '../../../lib/query-hooks';

/** POST /calendar/feed-url/reset → {url, message}: a new secret; the old URL stops working. */
export function resetCalendarFeedUrl(): Promise<FeedUrlResponse> {
  return apiPost<FeedUrlResponse>('/calendar/feed-url/reset');
}

export function useResetCalendarFeedUrl() {
  return useStoringMutation(resetCalendarFeedUrl, queryKeys.calendarFeedUrl);
}
