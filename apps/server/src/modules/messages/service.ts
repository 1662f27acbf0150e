import type { UserRole } from '@slotwise/shared/enums';
import {
  type ChatMessage,
  type Conversation,
  MESSAGING_MESSAGES,
} from '@slotwise/shared/messages-schemas';
import { and, eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { appointments, conversations, jobs, messages, providers, users } from '../../db/schema';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import { imageUrl } from '../../images/image-store';
import { MESSAGE_DIGEST_DELAY_MINUTES, MESSAGE_DIGEST_JOB } from '../../jobs/job-payloads';
import { firstOrNotFound } from '../../lib/first-row';
import { toIso } from '../../lib/iso';
import { queuePushes } from '../web-push/push-queue';

/**
 * Conversations and messages (docs/decisions/043-messages.md). Only the two participants of a
 * conversation can see it: every query filters on the caller being its client or its provider's
 * user, so for anyone else it does not exist (404, the same as an unknown id).
 *
 * History is keyset-paginated newest first on (created_at desc, id desc), served by the index
 * `messages_conversation_created_idx`; the cursor is the id of the last message of a page.
 */

export interface Caller {
  userId: string;
  role: UserRole;
  providerId: string | null;
}

interface MessageRow {
  id: string;
  body: string;
  sender_id: string;
  created_at: Date | string;
  read_at: Date | string | null;
}

function toMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    body: row.body,
    sender_id: row.sender_id,
    created_at: toIso(row.created_at),
    read_at: row.read_at === null ? null : toIso(row.read_at),
  };
}

/** The caller's side of a conversation: which column holds them (uses that column's index). */
const mine = (caller: Caller) =>
  caller.role === 'provider'
    ? sql`c.provider_user_id = ${caller.userId}::uuid`
    : sql`c.client_id = ${caller.userId}::uuid`;

interface ConversationRow {
  id: string;
  provider_id: string;
  created_at: Date | string;
  other_id: string;
  other_first_name: string;
  other_last_name: string;
  other_image_id: string | null;
  other_role: UserRole;
  unread_count: number | string;
  lm_id: string | null;
  lm_body: string | null;
  lm_sender_id: string | null;
  lm_created_at: Date | string | null;
  lm_read_at: Date | string | null;
}

function toConversation(row: ConversationRow): Conversation {
  return {
    id: row.id,
    provider_id: row.provider_id,
    other: {
      id: row.other_id,
      first_name: row.other_first_name,
      last_name: row.other_last_name,
      profile_image_url: imageUrl(row.other_image_id),
      role: row.other_role,
    },
    last_message:
      row.lm_id === null
        ? null
        : toMessage({
            id: row.lm_id,
            body: row.lm_body!,
            sender_id: row.lm_sender_id!,
            created_at: row.lm_created_at!,
            read_at: row.lm_read_at,
          }),
    unread_count: Number(row.unread_count),
    created_at: toIso(row.created_at),
  };
}

/** Conversations of the caller as the list shows them (other party, last message, unread). */
async function selectConversations(
  db: DbOrTx,
  caller: Caller,
  filter: ReturnType<typeof sql>,
  limit: number,
): Promise<ConversationRow[]> {
  const otherId = sql`(case when c.client_id = ${caller.userId}::uuid then c.provider_user_id else c.client_id end)`;
  return queryRows<ConversationRow>(
    db,
    sql`
    select c.id, c.provider_id, c.created_at,
           o.id as other_id, o.first_name as other_first_name, o.last_name as other_last_name,
           o.profile_image_id as other_image_id, o.role as other_role,
           (select count(*) from ${messages} u
             where u.conversation_id = c.id and u.read_at is null
               and u.sender_id <> ${caller.userId}::uuid) as unread_count,
           lm.id as lm_id, lm.body as lm_body, lm.sender_id as lm_sender_id,
           lm.created_at as lm_created_at, lm.read_at as lm_read_at
    from ${conversations} c
    join ${users} o on o.id = ${otherId}
    left join lateral (
      select m.id, m.body, m.sender_id, m.created_at, m.read_at from ${messages} m
      where m.conversation_id = c.id
      order by m.created_at desc, m.id desc limit 1
    ) lm on true
    where ${mine(caller)} and ${filter}
    order by c.last_activity_at desc, c.id desc
    limit ${limit}`,
  );
}

async function conversationView(db: DbOrTx, caller: Caller, id: string): Promise<Conversation> {
  const [row] = await selectConversations(db, caller, sql`c.id = ${id}::uuid`, 1);
  if (!row) throw new NotFoundError(MESSAGING_MESSAGES.conversationNotFound);
  return toConversation(row);
}

/** The pair a new conversation is for: from a provider id (clients) or an appointment (either). */
async function pairOf(
  db: DbOrTx,
  caller: Caller,
  target: { providerId?: string; appointmentId?: string },
): Promise<{ clientId: string; providerId: string; providerUserId: string }> {
  if (target.providerId !== undefined) {
    if (caller.role !== 'client')
      throw new ForbiddenError(MESSAGING_MESSAGES.clientsOnlyByProvider);
    const [provider] = await db
      .select({ id: providers.id, userId: providers.userId })
      .from(providers)
      .where(eq(providers.id, target.providerId))
      .limit(1);
    if (!provider) throw new NotFoundError(MESSAGING_MESSAGES.providerNotFound);
    return { clientId: caller.userId, providerId: provider.id, providerUserId: provider.userId };
  }
  const own =
    caller.role === 'provider'
      ? eq(appointments.providerId, caller.providerId ?? '00000000-0000-0000-0000-000000000000')
      : eq(appointments.clientId, caller.userId);
  return firstOrNotFound(
    db
      .select({
        clientId: appointments.clientId,
        providerId: appointments.providerId,
        providerUserId: providers.userId,
      })
      .from(appointments)
      .innerJoin(providers, eq(providers.id, appointments.providerId))
      .where(and(eq(appointments.id, target.appointmentId!), own))
      .limit(1),
    MESSAGING_MESSAGES.appointmentNotFound,
  );
}

/**
 * POST /conversations: the conversation of the caller's pair, created on first use. The unique
 * (client_id, provider_id) index makes two simultaneous first uses end in the same row.
 */
export async function openConversation(
  db: DbOrTx,
  caller: Caller,
  target: { providerId?: string; appointmentId?: string },
): Promise<{ conversation: Conversation; created: boolean }> {
  const pair = await pairOf(db, caller, target);
  const inserted = await db
    .insert(conversations)
    .values(pair)
    .onConflictDoNothing({ target: [conversations.clientId, conversations.providerId] })
    .returning({ id: conversations.id });
  let id = inserted[0]?.id;
  if (!id) {
    const [existing] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(
          eq(conversations.clientId, pair.clientId),
          eq(conversations.providerId, pair.providerId),
        ),
      )
      .limit(1);
    id = existing!.id;
  }
  return { conversation: await conversationView(db, caller, id), created: inserted.length > 0 };
}

/** GET /conversations: most recent activity first, keyset-paginated by conversation id. */
export async function listConversations(
  db: DbOrTx,
  caller: Caller,
  page: { cursor?: string; limit: number },
): Promise<{ conversations: Conversation[]; nextCursor: string | null }> {
  let filter = sql`true`;
  if (page.cursor) {
    const [at] = await queryRows<{ id: string }>(
      db,
      sql`select c.id from ${conversations} c where c.id = ${page.cursor}::uuid and ${mine(caller)}`,
    );
    if (!at) throw ValidationError.field('cursor', MESSAGING_MESSAGES.invalidCursor);
    filter = sql`(c.last_activity_at, c.id) < (select last_activity_at, id from ${conversations} where id = ${page.cursor}::uuid)`;
  }
  const rows = await selectConversations(db, caller, filter, page.limit + 1);
  const more = rows.length > page.limit;
  const shown = rows.slice(0, page.limit);
  return {
    conversations: shown.map(toConversation),
    nextCursor: more ? shown[shown.length - 1]!.id : null,
  };
}

/** GET /conversations/unread-count: unread messages from others in all the caller's conversations. */
export async function countUnread(db: DbOrTx, caller: Caller): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from ${conversations} c
        join ${messages} m on m.conversation_id = c.id
        where ${mine(caller)} and m.read_at is null and m.sender_id <> ${caller.userId}::uuid`,
  );
  return Number(row?.n ?? 0);
}

/** 404 unless the caller takes part in the conversation; returns both participants' user ids. */
async function participation(db: DbOrTx, caller: Caller, conversationId: string) {
  const [row] = await queryRows<{ client_id: string; provider_user_id: string }>(
    db,
    sql`select c.client_id, c.provider_user_id from ${conversations} c
        where c.id = ${conversationId}::uuid and ${mine(caller)}`,
  );
  if (!row) throw new NotFoundError(MESSAGING_MESSAGES.conversationNotFound);
  return row;
}

const messageColumns = sql`m.id, m.body, m.sender_id, m.created_at, m.read_at`;

/**
 * POST /conversations/:id/messages, as one statement (one implicit transaction): touch the
 * conversation — only if the caller takes part — insert the message, and enqueue the
 * recipient's unread digest 15 minutes later unless one is already pending (the partial unique
 * index `jobs_pending_digest_key`). Returns the message and who must be told (the other
 * participant).
 */
export async function sendMessage(
  db: DbOrTx,
  caller: Caller,
  conversationId: string,
  body: string,
): Promise<{ message: ChatMessage; recipientId: string }> {
  const [row] = await queryRows<MessageRow & { client_id: string; provider_user_id: string }>(
    db,
    sql`
    with c as (
      update ${conversations} c set last_activity_at = now()
      where c.id = ${conversationId}::uuid and ${mine(caller)}
      returning c.id, c.client_id, c.provider_user_id
    ), m as (
      insert into ${messages} (conversation_id, sender_id, body)
      select id, ${caller.userId}::uuid, ${body} from c
      returning id, conversation_id, body, sender_id, created_at, read_at
    ), r as (
      select case when c.client_id = ${caller.userId}::uuid
                  then c.provider_user_id else c.client_id end as recipient_id from c
    ), queued as ( -- the unread digest: at most one pending per conversation and recipient
      insert into ${jobs} (kind, key, payload, run_at)
      select ${MESSAGE_DIGEST_JOB}::text,
             ${MESSAGE_DIGEST_JOB}::text || ':' || m.conversation_id::text || ':' || r.recipient_id::text,
             jsonb_build_object('conversationId', m.conversation_id,
                                'recipientUserId', r.recipient_id, 'fromMessageId', m.id),
             m.created_at + ${`${MESSAGE_DIGEST_DELAY_MINUTES} minutes`}::interval
      from m, r
      on conflict do nothing
    )
    select ${messageColumns}, c.client_id, c.provider_user_id from m, c`,
  );
  if (!row) throw new NotFoundError(MESSAGING_MESSAGES.conversationNotFound);
  const recipientId = row.client_id === caller.userId ? row.provider_user_id : row.client_id;
  return { message: toMessage(row), recipientId };
}

/** A push shows the start of a message (docs/product.md §20.2). */
const PUSHED_MESSAGE_CHARS = 140;

/**
 * Sends a message and, in the same transaction, queues its push to the recipient (when their
 * cell message × push is on and they have a device, docs/product.md §20.2). `pushJobs`: to run
 * at once after commit.
 */
export async function sendMessageWithPush(
  db: DbOrTx,
  caller: Caller,
  conversationId: string,
  body: string,
): Promise<{ message: ChatMessage; recipientId: string; pushJobs: string[] }> {
  return db.transaction(async (tx) => {
    const sent = await sendMessage(tx, caller, conversationId, body);
    const [sender] = await tx
      .select({ firstName: users.firstName })
      .from(users)
      .where(eq(users.id, caller.userId));
    const text = body.trim();
    const pushJobs = await queuePushes(tx, 'message', [
      {
        userId: sent.recipientId,
        title: `${sender?.firstName ?? 'Someone'} sent you a new message`,
        body:
          text.length > PUSHED_MESSAGE_CHARS ? `${text.slice(0, PUSHED_MESSAGE_CHARS - 1)}…` : text,
        url: `/messages/${conversationId}`,
        tag: `conversation:${conversationId}`,
      },
    ]);
    return { ...sent, pushJobs };
  });
}

/** PATCH /conversations/:id/read: marks the other party's unread messages read. */
export async function markConversationRead(
  db: DbOrTx,
  caller: Caller,
  conversationId: string,
): Promise<number> {
  await participation(db, caller, conversationId);
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update ${messages} set read_at = now()
        where conversation_id = ${conversationId}::uuid and read_at is null
          and sender_id <> ${caller.userId}::uuid
        returning id`,
  );
  return rows.length;
}
