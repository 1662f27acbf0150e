import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { useTestApp } from '../../../test/helpers/app';
import { createClient, createProvider } from '../../../test/helpers/factories';
import { asUser } from '../../../test/helpers/requests';
import { messagesPageSql } from './history';

/** A long conversation: pages come from the keyset index, never from sorting the history. */
describe('messages: a 10,000-message history', () => {
  const t = useTestApp();

  it('pages through the index (no sort), deep pages included', async () => {
    const client = await createClient(t.app);
    const provider = await createProvider(t.app);
    const opened = await asUser(t.app, client).post('/api/conversations', {
      providerId: provider.providerId,
    });
    const id = opened.json().conversation.id as string;
    const db = t.app.database.db;
    await db.execute(sql`
      insert into messages (conversation_id, sender_id, body, created_at)
      select ${id}::uuid,
             case when i % 2 = 0 then ${client.id}::uuid else ${provider.id}::uuid end,
             'message ' || i,
             now() - make_interval(secs => 10000 - i)
      from generate_series(1, 10000) as i`);
    await db.execute(sql`analyze messages`);

    const [middle] = await queryRows<{ id: string }>(
      db,
      sql`select id from messages where conversation_id = ${id}::uuid and body = 'message 5000'`,
    );
    // The page statement itself (messagesPageSql), from a cursor deep in the history.
    const plan = (
      await queryRows<{ 'QUERY PLAN': string }>(
        db,
        sql`explain ${messagesPageSql({
          conversation: sql`${id}`,
          user: sql`${provider.id}`,
          role: sql`${'provider'}`,
          cursor: sql`${middle!.id}`,
          take: sql`${51}`,
        })}`,
      )
    )
      .map((row) => row['QUERY PLAN'])
      .join('\n');
    // The history is read from the cursor's position on by the index, never sorted: the only
    // sort is the page's own rows (at most 51) into the JSON array.
    expect(plan).toMatch(
      /Index Scan using messages_conversation_created_idx[^\n]*\n\s*Index Cond: \(\(conversation_id = [^\n]*ROW\(created_at, id\) < ROW\("position"\.created_at, "position"\.id\)\)\)/,
    );
    expect(plan).not.toMatch(/Sort Key: [^\n]*created_at/);

    const res = await asUser(t.app, provider).get(
      `/api/conversations/${id}/messages?limit=50&cursor=${middle!.id}`,
    );
    expect(res.statusCode).toBe(200);
    const bodies = res.json().messages.map((m: { body: string }) => m.body);
    expect(bodies[0]).toBe('message 4999');
    expect(bodies.at(-1)).toBe('message 4950');
    expect(bodies).toHaveLength(50);

    const unread = await asUser(t.app, provider).get('/api/conversations/unread-count');
    expect(unread.json()).toEqual({ unread: 5000 });
  });
});
