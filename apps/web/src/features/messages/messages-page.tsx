import { useTranslation } from '../../lib/i18n';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useSession } from '../../lib/session';
import { useMediaQuery } from '../../lib/use-media-query';
import { useConversations } from './api/get-conversations';
import { ConversationList } from './components/conversation-list';
import { MessageThread } from './components/message-thread';

/** Phones (≤ 640 px) show one pane at a time: the list, or the open conversation. */
const PHONE = '(max-width: 640px)';

/**
 * /messages and /messages/:conversationId, for clients and providers: the conversation list
 * beside the open thread on wider screens (docs/decisions/043-messages.md).
 */
export function MessagesPage({
  report,
}: {
  /**
   * 'Report' on each received message (features/moderation, docs/product.md §19.3), composed in
   * by app/.
   */
  report?: (messageId: string, authorName: string) => ReactNode;
} = {}) {
  const { t } = useTranslation();
  const { conversationId } = useParams();
  const { session } = useSession();
  const conversations = useConversations();
  const phone = useMediaQuery(PHONE, false);
  const list = conversations.data?.conversations ?? [];
  const open = list.find((c) => c.id === conversationId);
  const showList = !phone || !conversationId;
  const showThread = !phone || Boolean(conversationId);

  return (
    <div className="mx-auto flex h-[calc(100vh-5rem)] max-w-6xl flex-col px-0 py-0 sm:px-4 sm:py-4">
      <title>{t('Messages · Slotwise')}</title>
      <h1
        className={`px-4 py-3 text-2xl font-bold text-slate-900 sm:px-0 ${phone && conversationId ? 'sr-only' : ''}`}
      >
        {t('Messages')}
      </h1>
      <div className="flex min-h-0 flex-1 overflow-hidden border-slate-200 bg-white sm:rounded-lg sm:border">
        {showList ? (
          <nav
            aria-label={t('Conversations')}
            className={`min-h-0 overflow-y-auto ${phone ? 'w-full' : 'w-80 shrink-0 border-e border-slate-200'}`}
          >
            {conversations.isPending ? (
              <p role="status" className="p-4 text-sm text-slate-600">
                {t('Loading conversations…')}
              </p>
            ) : conversations.isError ? (
              <p role="alert" className="p-4 text-sm text-red-700">
                {t('Conversations could not be loaded.')}
              </p>
            ) : (
              <ConversationList
                conversations={list}
                selectedId={conversationId}
                myId={session?.userId}
              />
            )}
          </nav>
        ) : null}
        {showThread ? (
          <div className="min-h-0 min-w-0 flex-1">
            {open && session ? (
              <MessageThread
                key={open.id}
                conversation={open}
                myId={session.userId}
                myRole={session.role === 'provider' ? 'provider' : 'client'}
                showBack={phone}
                report={report}
              />
            ) : conversationId && !conversations.isPending ? (
              <p role="alert" className="p-6 text-sm text-slate-600">
                {t('Conversation not found.')}
              </p>
            ) : (
              <p className="p-6 text-sm text-slate-600">
                {list.length > 0 ? t('Choose a conversation.') : ''}
              </p>
            )}
          </div>
        ) : null}
      </div>
    </div>
  );
}
