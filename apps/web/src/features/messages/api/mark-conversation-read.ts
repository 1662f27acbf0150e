import type { MarkReadResponse } from '@slotwise/shared/messages-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPatch } from '../../../lib/api-client';
import { conversationMessagesKey } from './get-conversation-messages';
import { conversationsKey } from './get-conversations';
import { unreadMessagesKey } from './get-unread-message-count';

/** PATCH /conversations/:id/read: the other party's messages in it are read. */
export function markConversationRead(conversationId: string): Promise<MarkReadResponse> {
  return apiPatch<MarkReadResponse>(`/conversations/${encodeURIComponent(conversationId)}/read`);
}

export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: ({ updated }, conversationId) => {
      if (updated === 0) return;
      for (const queryKey of [
        conversationsKey,
        unreadMessagesKey,
        conversationMessagesKey(conversationId),
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
