import type { UnreadCountResponse } from '@slotwise/shared/messages-schemas';
import { apiGet } from '../../../lib/api-client';
import { useFetcherQuery } from '../../../lib/query-hooks';

/** GET /conversations/unread-count → `{unread}`. */
export const unreadMessagesKey = ['messages', 'unread'] as const;

export function fetchUnreadMessageCount(signal?: AbortSignal): Promise<UnreadCountResponse> {
  return apiGet<UnreadCountResponse>('/conversations/unread-count', { signal });
}

/** Unread messages from others, in every conversation (badges). Live: see new-message-event.ts. */
export function useUnreadMessageCount() {
  return useFetcherQuery(unreadMessagesKey, fetchUnreadMessageCount, {
    select: (data) => data.unread,
  });
}
