import type {
  ConversationResponse,
  ConversationsResponse,
  CreateConversationBody,
} from '@slotwise/shared/messages-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { apiPost } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/failure-message';
import { translate } from '../../../lib/i18n';
import { conversationsKey } from './get-conversations';

/** POST /conversations `{providerId}` or `{appointmentId}` → the pair's conversation. */
export function openConversation(body: CreateConversationBody): Promise<ConversationResponse> {
  return apiPost<ConversationResponse>('/conversations', body);
}

/** The "Message" buttons: opens (or finds) the conversation, then shows it at /messages/:id. */
export function useOpenConversation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: openConversation,
    onSuccess: ({ conversation }) => {
      // The thread opens at once, even before the list has refetched.
      queryClient.setQueryData<ConversationsResponse>(conversationsKey, (old) =>
        old && !old.conversations.some((c) => c.id === conversation.id)
          ? { ...old, conversations: [conversation, ...old.conversations] }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: conversationsKey });
      void navigate(`/messages/${conversation.id}`);
    },
    onError: (error) => {
      toast.error(failureMessage(error, translate('Could not open the conversation')));
    },
  });
}
