import { useTranslation } from '../../../lib/i18n';
import type { ChatMessage, Conversation } from '@slotwise/shared/messages-schemas';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { failureMessage } from '../../../lib/failure-message';
import { fullName } from '../../../lib/full-name';
import { useConversationMessages } from '../api/get-conversation-messages';
import { useMarkConversationRead } from '../api/mark-conversation-read';
import { useSendMessage } from '../api/send-message';
import { formatDayHeading, formatMessageTime, groupByDay } from '../message-format';
import { MessageComposer } from './message-composer';
import { SharedAppointments } from './shared-appointments';

interface Pending {
  localId: string;
  body: string;
  createdAt: string;
  status: 'sending' | 'failed';
  error?: string;
}

interface MessageThreadProps {
  conversation: Conversation;
  myId: string;
  myRole: 'client' | 'provider';
  /** Phones show one pane at a time: the thread then links back to the list. */
  showBack: boolean;
  /** 'Report' beside each received message (composed in by app/). */
  report?: (messageId: string, authorName: string) => ReactNode;
}

let localCounter = 0;

/** One conversation: day-grouped history (oldest at the top), live arrivals, the composer. */
export function MessageThread({
  conversation,
  myId,
  myRole,
  showBack,
  report,
}: MessageThreadProps) {
  const { t } = useTranslation();
  const id = conversation.id;
  const name = fullName(conversation.other.first_name, conversation.other.last_name);
  const history = useConversationMessages(id);
  const markRead = useMarkConversationRead();
  const send = useSendMessage();
  const [pending, setPending] = useState<Pending[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const bottomRef = useRef<HTMLDivElement>(null);

  const messages: ChatMessage[] = useMemo(
    () => (history.data?.pages ?? []).flatMap((page) => page.messages).reverse(),
    [history.data],
  );
  const newest = messages[messages.length - 1];

  // An open thread reads what arrives: mark the other party's messages read while it is shown.
  const firstUnread = messages.find((m) => m.sender_id !== myId && m.read_at === null)?.id;
  const { mutate: markMutate } = markRead;
  useEffect(() => {
    if (!firstUnread) return;
    const markIfShown = () => {
      if (document.visibilityState === 'visible') markMutate(id);
    };
    markIfShown();
    // Arrived while the tab was in the background: read once the user comes back.
    document.addEventListener('visibilitychange', markIfShown);
    return () => document.removeEventListener('visibilitychange', markIfShown);
  }, [firstUnread, id, markMutate]);

  // Announce the other party's new messages politely (not the history loaded on opening).
  const seenNewest = useRef<string | null>(null);
  useEffect(() => {
    if (!newest) return;
    const previous = seenNewest.current;
    seenNewest.current = newest.id;
    if (previous !== null && previous !== newest.id && newest.sender_id !== myId) {
      setAnnouncement(t('New message from {{name}}: {{message}}', { name, message: newest.body }));
    }
  }, [newest, myId, name, t]);

  // Keep the latest message in view when one arrives or is sent.
  const latestKey = `${newest?.id ?? ''}:${pending.length}`;
  useEffect(() => {
    bottomRef.current?.scrollIntoView?.({ block: 'end' });
  }, [latestKey]);

  const deliver = (item: Pending) => {
    send.mutate(
      { conversationId: id, body: item.body },
      {
        onSuccess: () => setPending((all) => all.filter((p) => p.localId !== item.localId)),
        onError: (error) =>
          setPending((all) =>
            all.map((p) =>
              p.localId === item.localId
                ? { ...p, status: 'failed', error: failureMessage(error, t('Not sent')) }
                : p,
            ),
          ),
      },
    );
  };
  const onSend = (body: string) => {
    localCounter += 1;
    const item: Pending = {
      localId: `local-${localCounter}`,
      body,
      createdAt: new Date().toISOString(),
      status: 'sending',
    };
    setPending((all) => [...all, item]);
    deliver(item);
  };
  const retry = (item: Pending) => {
    const again: Pending = { ...item, status: 'sending' };
    setPending((all) => all.map((p) => (p.localId === item.localId ? again : p)));
    deliver(again);
  };

  return (
    <section aria-labelledby={`thread-${id}-title`} className="flex h-full min-h-0 flex-col">
      <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-3">
        {showBack ? (
          <Link
            to="/messages"
            className="rounded-md px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50"
          >
            <span className="inline-block rtl:rotate-180">←</span> {t('Conversations')}
          </Link>
        ) : null}
        <Avatar src={conversation.other.profile_image_url} name={name} alt="" size="sm" />
        <h2 id={`thread-${id}-title`} className="truncate font-semibold text-slate-900">
          {name}
        </h2>
      </header>
      {myRole === 'client' ? <SharedAppointments providerId={conversation.provider_id} /> : null}

      <div
        role="region"
        aria-label={t('Messages with {{name}}', { name })}
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-4 py-3 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        {history.hasNextPage ? (
          <div className="mb-3 text-center">
            <button
              type="button"
              onClick={() => void history.fetchNextPage()}
              disabled={history.isFetchingNextPage}
              className="rounded-md border border-slate-300 bg-white px-3 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100"
            >
              {history.isFetchingNextPage ? t('Loading…') : t('Load older messages')}
            </button>
          </div>
        ) : null}
        {history.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            {t('Loading messages…')}
          </p>
        ) : null}
        {history.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t('Messages could not be loaded.')}
          </p>
        ) : null}
        {!history.isPending && messages.length === 0 && pending.length === 0 ? (
          <p className="text-sm text-slate-600">{t('No messages yet. Say hello!')}</p>
        ) : null}
        {groupByDay(messages).map((group) => (
          <section key={group.day} aria-label={formatDayHeading(group.first)} className="mb-3">
            <h3 className="my-2 text-center text-xs font-semibold text-slate-600">
              {formatDayHeading(group.first)}
            </h3>
            <ol className="flex flex-col gap-2">
              {group.messages.map((message) => (
                <MessageBubble
                  key={message.id}
                  mine={message.sender_id === myId}
                  author={message.sender_id === myId ? t('You') : name}
                  body={message.body}
                  at={message.created_at}
                >
                  {report && message.sender_id !== myId ? report(message.id, name) : null}
                </MessageBubble>
              ))}
            </ol>
          </section>
        ))}
        {pending.length > 0 ? (
          <ol className="flex flex-col gap-2">
            {pending.map((item) => (
              <MessageBubble
                key={item.localId}
                mine
                author={t('You')}
                body={item.body}
                at={item.createdAt}
              >
                {item.status === 'sending' ? (
                  <span className="text-xs text-slate-600">{t('Sending…')}</span>
                ) : (
                  <span className="flex items-center gap-2 text-xs text-red-700">
                    <span>{t('Not sent: {{reason}}', { reason: item.error })}</span>
                    <button
                      type="button"
                      onClick={() => retry(item)}
                      className="rounded px-1 font-semibold underline hover:bg-red-50"
                    >
                      {t('Retry')}
                    </button>
                  </span>
                )}
              </MessageBubble>
            ))}
          </ol>
        ) : null}
        <div ref={bottomRef} />
      </div>
      <div aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </div>
      <MessageComposer recipientName={name} onSend={onSend} />
    </section>
  );
}

function MessageBubble({
  mine,
  author,
  body,
  at,
  children,
}: {
  mine: boolean;
  author: string;
  body: string;
  at: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <li className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`}>
      <div
        className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm whitespace-pre-wrap break-words sm:max-w-[70%] ${
          mine ? 'bg-indigo-600 text-white' : 'border border-slate-200 bg-white text-slate-900'
        }`}
      >
        <span className="sr-only">{t('{{author}}:', { author })} </span>
        {body}
      </div>
      <span className="mt-0.5 flex items-center gap-2">
        <time dateTime={at} className="text-xs text-slate-600">
          {formatMessageTime(at)}
        </time>
        {children}
      </span>
    </li>
  );
}
