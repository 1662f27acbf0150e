import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { providers } from './providers';

/** Messages between a client and a provider (docs/decisions/043-messages.md). */

/** One conversation per client–provider pair (docs/decisions/043-messages.md). */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    /** The provider's user (copied from providers.user_id, which never changes): who may read. */
    providerUserId: uuid('provider_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Creation, then every message (in its transaction): orders the conversation list. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
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
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Plain text, trimmed, 1–2,000 characters. */
    body: text('body').notNull(),
    createdAt: createdAt(),
    /** When the recipient read it. */
    readAt: timestamp('read_at', { withTimezone: true }),
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
