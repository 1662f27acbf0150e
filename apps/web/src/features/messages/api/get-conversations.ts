import type { ConversationsResponse } from '@slotwise/shared/messages-schemas';
import { apiGet } from '../../../lib/api-client';
import { useFetcherQuery } from '../../../lib/query-hooks';

/** Everything about messages: the list, the unread count and every thread live under it. */
export const messagesRootKey = ['messages'] as const;
/** GET /conversations → `{conversations, nextCursor}` (first page, the 50 most recent). */
export const conversationsKey = ['messages', 'conversations'] as const;

const LIST_LIMIT = 50;

/** GET /conversations: most recent activity first. */
export function fetchConversations(signal?: AbortSignal): Promise<ConversationsResponse> {
  return apiGet<ConversationsResponse>(`/conversations?limit=${LIST_LIMIT}`, { signal });
}

export function useConversations() {
  return useFetcherQuery(conversationsKey, fetchConversations);
}
