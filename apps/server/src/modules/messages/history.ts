import { MESSAGING_MAX_LIMIT, MESSAGING_MESSAGES } from '@slotwise/shared/messages-schemas';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, preparedRows } from '../../db/client';
import { conversations, messages } from '../../db/schema';
import { NotFoundError, ValidationError } from '../../errors';
import { isoTextOf } from '../../lib/iso';
import type { Caller } from './service';

/**
 * A conversation's history, newest first, by keyset over (created_at, id) (docs/decisions/
 * 043-messages.md); the cursor is the id of the last message of a page.
 */

const messageColumns = sql`m.id, m.body, m.sender_id, m.created_at, m.read_at`;

/** The values of the page statement: placeholders when prepared, parameters for EXPLAIN. */
interface PageValues {
  conversation: SQL;
  user: SQL;
  role: SQL;
  cursor: SQL;
  take: SQL;
}

/**
 * A page of a conversation as JSON text, in one statement (docs/decisions/083-background-work-
 * under-load.md): whether the caller takes part (its side's column), whether the cursor is a
 * message of it, and the page from the cursor's position on (`messages_conversation_created_idx`,
 * no sort), each message in chatMessageSchema's shape, and the last one shown when there is more.
 * The scan's limit is the largest page's, a constant, so PostgreSQL reuses the statement's plan
 * instead of planning each call (as it does with the page size as a parameter).
 */
export function messagesPageSql(v: PageValues): SQL {
  return sql`
  with conversation as (
    select c.id from ${conversations} c
    where c.id = ${v.conversation}::uuid
      and (case when ${v.role}::text = 'provider' then c.provider_user_id else c.client_id end)
          = ${v.user}::uuid
  ),
  position as (
    select coalesce(at.created_at, 'infinity') as created_at,
           coalesce(at.id, 'ffffffff-ffff-ffff-ffff-ffffffffffff') as id
    from (select 1) first_page
    left join ${messages} at on at.id = ${v.cursor}::uuid
      and at.conversation_id = ${v.conversation}::uuid
    where ${v.cursor}::uuid is null or at.id is not null
  ),
  page as (
    select m.* from position cross join lateral (
      select q.*, row_number() over (order by q.created_at desc, q.id desc) as n
      from (select ${messageColumns} from ${messages} m
            where m.conversation_id = ${v.conversation}::uuid
              and (m.created_at, m.id) < (position.created_at, position.id)
              and exists (select 1 from conversation)
            order by m.created_at desc, m.id desc
            limit ${sql.raw(String(MESSAGING_MAX_LIMIT + 1))}) q) m
  )
  select exists (select 1 from conversation) as member, exists (select 1 from position) as found,
    coalesce((select json_agg(json_build_object('id', page.id, 'body', page.body,
        'sender_id', page.sender_id, 'created_at', ${isoTextOf(sql`page.created_at`)},
        'read_at', case when page.read_at is null then null
                        else ${isoTextOf(sql`page.read_at`)} end) order by page.n)
      from page where page.n < ${v.take}::int), '[]')::text as messages,
    (select page.id from page where page.n = ${v.take}::int - 1
       and exists (select 1 from page where page.n = ${v.take}::int)) as next_id`;
}

const placeholders: PageValues = {
  conversation: sql`${sql.placeholder('conversation')}`,
  user: sql`${sql.placeholder('user')}`,
  role: sql`${sql.placeholder('role')}`,
  cursor: sql`${sql.placeholder('cursor')}`,
  take: sql`${sql.placeholder('take')}`,
};

/**
 * GET /conversations/:id/messages: newest first; `nextCursor` continues with older ones. The
 * answer's JSON text (messagesResponseSchema's shape), sent as is.
 */
export async function messagesPageJson(
  db: DbOrTx,
  caller: Caller,
  conversationId: string,
  page: { cursor?: string; limit: number },
): Promise<string> {
  const [row] = await preparedRows<{
    member: boolean;
    found: boolean;
    messages: string;
    next_id: string | null;
  }>(db, 'slotwise_messages_page', () => messagesPageSql(placeholders), {
    conversation: conversationId,
    user: caller.userId,
    role: caller.role,
    cursor: page.cursor ?? null,
    take: page.limit + 1,
  });
  if (!row?.member) throw new NotFoundError(MESSAGING_MESSAGES.conversationNotFound);
  if (!row.found) throw ValidationError.field('cursor', MESSAGING_MESSAGES.invalidCursor);
  return `{"messages":${row.messages},"nextCursor":${JSON.stringify(row.next_id)}}`;
}
