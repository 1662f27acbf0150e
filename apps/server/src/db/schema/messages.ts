import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, instant, uuidId } from './columns';
import { users } from './accounts';
import { providers } from './providers';

/** Messages between a client and a provider (docs/decisions/043-messages.md). */

/** One conversation per client–provider pair (docs/decisions/043-messages.md). */
export const conversations = pgTable(
  'conversations',
  {
    id: uuidId(),
    clientId: belongsTo('client_id', () => users.id),
    providerId: belongsTo('provider_id', () => providers.id),
    /** The provider's user (copied from providers.user_id, which never changes): who may read. */
    providerUserId: belongsTo('provider_user_id', () => users.id),
    /** Creation, then every message (in its transaction): orders the conversation list. */
    lastActivityAt: instant('last_activity_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_client_provider_key').on(t.clientId, t.providerId),
    index('conversations_client_activity_idx').on(t.clientId, t.lastActivityAt.desc(), t.id.desc()),
    index('conversations_provider_user_activity_idx').on(
      t.providerUserId,
      t.lastActivityAt.desc(),
      t.id.desc(),
    ),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuidId(),
    conversationId: belongsTo('conversation_id', () => conversations.id),
    senderId: belongsTo('sender_id', () => users.id),
    /** Plain text, trimmed, 1–2,000 characters. */
    body: text('body').notNull(),
    createdAt: createdAt(),
    /** When the recipient read it. */
    readAt: instant('read_at'),
  },
  (t) => [
    // Keyset pagination of a conversation's history, newest first.
    index('messages_conversation_created_idx').on(
      t.conversationId,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    // Unread counts read only the unread rows.
    index('messages_unread_idx')
      .on(t.conversationId, t.senderId)
      .where(sql`${t.readAt} is null`),
    check('messages_body_length_check', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);

// ---- Email and calendars (docs/decisions/042-job-queue.md) ------------------------------------
