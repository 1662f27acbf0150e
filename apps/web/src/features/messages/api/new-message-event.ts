import type { NewMessageEvent } from '@slotwise/shared/realtime';
import type { QueryClient } from '@tanstack/react-query';
import { addMessageToThread } from './get-conversation-messages';
import { conversationsKey, messagesRootKey } from './get-conversations';
import { unreadMessagesKey } from './get-unread-message-count';

/**
 * `new_message` (socket): an open thread gets the message at once (the thread screen then marks
 * it read), and the list and the unread badges refetch — the same keys the mutations invalidate.
 */
export function applyNewMessage(queryClient: QueryClient, event: NewMessageEvent): void {
  addMessageToThread(queryClient, event.conversationId, event.message);
  void queryClient.invalidateQueries({ queryKey: conversationsKey });
  void queryClient.invalidateQueries({ queryKey: unreadMessagesKey });
}

/** After a reconnect: messages may have arrived meanwhile. */
export function refreshMessages(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: messagesRootKey });
}
