import { describe, expect, it } from 'vitest';
import { useTestWorld } from '../../test/helpers/app';
import { DEMO_CLIENT_EMAIL, DEMO_PROVIDER_EMAIL } from './demo-catalogue';
import { seedDemoData } from './seed-demo';
import { demoSignIn } from '../../test/helpers/demo';

describe('demo conversations', () => {
  const t = useTestWorld(async (app) => {
    await seedDemoData(app.database.db, app.log);
    return {};
  });

  const signIn = (email: string) => demoSignIn(t.app, email);
  const get = async (headers: { authorization: string }, url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('the demo client has two conversations, one unread answer from the demo provider', async () => {
    const headers = await signIn(DEMO_CLIENT_EMAIL);
    const { conversations } = await get(headers, '/api/conversations');
    expect(conversations).toHaveLength(2);
    expect(conversations[0]).toMatchObject({
      other: { first_name: 'Marcus', last_name: 'Reed', role: 'provider' },
      unread_count: 1,
      last_message: { read_at: null },
    });
    expect(conversations[1].unread_count).toBe(0);
    expect(await get(headers, '/api/conversations/unread-count')).toEqual({ unread: 1 });
    const history = await get(headers, `/api/conversations/${conversations[0].id}/messages`);
    expect(history.messages).toHaveLength(4);
  });

  it('the demo provider has a message waiting from another client', async () => {
    const headers = await signIn(DEMO_PROVIDER_EMAIL);
    const { conversations } = await get(headers, '/api/conversations');
    expect(conversations).toHaveLength(2);
    // Most recent first: its own answer to the demo client, then the unread message.
    expect(conversations.map((c: { unread_count: number }) => c.unread_count)).toEqual([0, 1]);
    expect(conversations[1].last_message.body).toMatch(/running about 10 minutes late/);
    expect(await get(headers, '/api/conversations/unread-count')).toEqual({ unread: 1 });
  });
});
