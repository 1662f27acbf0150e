import type { ChatMessage, MessagesResponse } from '@slotwise/shared/messages-schemas';
import { type InfiniteData, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET /conversations/:id/messages → pages of `{messages, nextCursor}`, newest first. */
export const conversationMessagesKey = (conversationId: string) =>
  ['messages', 'thread', conversationId] as const;

const PAGE_SIZE = 30;

export function fetchConversationMessages(
  conversationId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<MessagesResponse> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return apiGet<MessagesResponse>(
    `/conversations/${encodeURIComponent(conversationId)}/messages?${query.toString()}`,
    { signal },
  );
}

export function useConversationMessages(conversationId: string | undefined) {
  return useInfiniteQuery({
    queryKey: conversationMessagesKey(conversationId ?? ''),
    queryFn: ({ pageParam, signal }) =>
      fetchConversationMessages(conversationId!, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: Boolean(conversationId),
  });
}

/**
 * Puts a message on top of a cached thread (newest first) unless it is there already; false
 * when the thread is not cached (nothing to update: it is fetched when opened).
 */
export function addMessageToThread(
  queryClient: QueryClient,
  conversationId: string,
  message: ChatMessage,
): boolean {
  let added = false;
  queryClient.setQueryData<InfiniteData<MessagesResponse, string | null>>(
    conversationMessagesKey(conversationId),
    (old) => {
      if (!old || old.pages.length === 0) return old;
      if (old.pages.some((page) => page.messages.some((m) => m.id === message.id))) return old;
      added = true;
      const [first, ...rest] = old.pages;
      return { ...old, pages: [{ ...first!, messages: [message, ...first!.messages] }, ...rest] };
    },
  );
  return added;
}
