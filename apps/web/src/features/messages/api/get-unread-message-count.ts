import type { UnreadCountResponse } from '@slotwise/shared/conversation-types';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET /conversations/unread-count → `{unread}`. */
export const unreadMessagesKey = ['messages', 'unread'] as const;

export function fetchUnreadMessageCount(signal?: AbortSignal): Promise<UnreadCountResponse> {
  return apiGet<UnreadCountResponse>('/conversations/unread-count', { signal });
}

/** Unread messages from others, in every conversation (badges). Live: see new-message-event.ts. */
export function useUnreadMessageCount() {
  return useQuery({
    queryKey: unreadMessagesKey,
    queryFn: ({ signal }) => fetchUnreadMessageCount(signal),
    select: (data) => data.unread,
  });
}
