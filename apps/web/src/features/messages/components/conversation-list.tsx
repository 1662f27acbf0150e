import { useTranslation } from '../../../lib/i18n';
import type { Conversation } from '@slotwise/shared/messages-schemas';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { fullName } from '../../../lib/full-name';
import { formatListTime } from '../message-format';

interface ConversationListProps {
  conversations: Conversation[];
  selectedId: string | undefined;
  myId: string | undefined;
}

/** Name, avatar, last message (as text), its time, and a dot while something is unread. */
export function ConversationList({ conversations, selectedId, myId }: ConversationListProps) {
  const { t } = useTranslation();
  if (conversations.length === 0) {
    return (
      <p className="p-4 text-sm text-slate-600">
        {t(
          "No conversations yet. Start one with the Message button on an appointment or a provider's page.",
        )}
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-100">
      {conversations.map((conversation) => {
        const name = fullName(conversation.other.first_name, conversation.other.last_name);
        const last = conversation.last_message;
        const unread = conversation.unread_count;
        const selected = conversation.id === selectedId;
        return (
          <li key={conversation.id}>
            <Link
              to={`/messages/${conversation.id}`}
              aria-current={selected ? 'page' : undefined}
              className={`flex items-center gap-3 px-4 py-3 hover:bg-slate-50 ${
                selected ? 'bg-indigo-50' : ''
              }`}
            >
              <Avatar src={conversation.other.profile_image_url} name={name} alt="" size="md" />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span
                    className={`truncate text-sm text-slate-900 ${unread > 0 ? 'font-bold' : 'font-medium'}`}
                  >
                    {name}
                  </span>
                  {last ? (
                    <time dateTime={last.created_at} className="shrink-0 text-xs text-slate-600">
                      {formatListTime(last.created_at)}
                    </time>
                  ) : null}
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate text-sm text-slate-600">
                    {last
                      ? last.sender_id === myId
                        ? t('You: {{message}}', { message: last.body })
                        : last.body
                      : t('No messages yet')}
                  </span>
                  {unread > 0 ? (
                    <span className="flex shrink-0 items-center">
                      <span aria-hidden="true" className="size-2.5 rounded-full bg-indigo-600" />
                      <span className="sr-only">
                        {t('{{count}} unread messages', { count: unread })}
                      </span>
                    </span>
                  ) : null}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
