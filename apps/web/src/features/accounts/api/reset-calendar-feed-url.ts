import type { FeedUrlResponse } from '@slotwise/shared/email-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /calendar/feed-url/reset → {url, message}: a new secret; the old URL stops working. */
export function resetCalendarFeedUrl(): Promise<FeedUrlResponse> {
  return apiPost<FeedUrlResponse>('/calendar/feed-url/reset');
}

export function useResetCalendarFeedUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetCalendarFeedUrl,
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.calendarFeedUrl, data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.calendarFeedUrl });
    },
  });
}
