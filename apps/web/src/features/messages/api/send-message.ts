import type { SendMessageResponse } from '@slotwise/shared/messages-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { addMessageToThread } from './get-conversation-messages';
import { conversationsKey } from './get-conversations';

export interface SendMessageInput {
  conversationId: string;
  body: string;
}

/** POST /conversations/:id/messages → 201 `{message}`. */
export function sendMessage({ conversationId, body }: SendMessageInput) {
  return apiPost<SendMessageResponse>(
    `/conversations/${encodeURIComponent(conversationId)}/messages`,
    { body },
  );
}

/**
 * The thread shows the message at once (its own pending entry, see the thread screen); on
 * success the server's copy joins the cached thread and the list re-sorts.
 */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: ({ message }, { conversationId }) => {
      addMessageToThread(queryClient, conversationId, message);
      void queryClient.invalidateQueries({ queryKey: conversationsKey });
    },
  });
}
