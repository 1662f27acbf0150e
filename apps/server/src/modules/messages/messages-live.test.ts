import { MESSAGE_RATE_LIMIT_PER_MINUTE } from '@slotwise/shared/messages-schemas';
import { afterAll, describe, expect, it } from 'vitest';
import { type TestApp, useTestApp, useTestWorld } from '../../../test/helpers/app';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { collect, connectSocket, nextEvent, type TestSocket } from '../../../test/helpers/sockets';
import { asUser } from '../../../test/helpers/requests';

async function openConversation(t: TestApp, client: TestUser, provider: TestUser) {
  const res = await asUser(t.app, client).post('/api/conversations', {
    providerId: provider.providerId,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().conversation.id as string;
}

describe('messages: live delivery', () => {
  const t = useTestWorld(async (app) => ({
    baseUrl: await app.listen({ port: 0, host: '127.0.0.1' }),
  }));
  const sockets: TestSocket[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.close();
  });

  const connect = async (user: TestUser) => {
    const socket = await connectSocket(t.baseUrl, { token: user.token });
    sockets.push(socket);
    return socket;
  };

  it('new_message reaches every socket of the other party, and nobody else', async () => {
    const client = await createClient(t.app);
    const provider = await createProvider(t.app);
    const outsider = await createClient(t.app);
    const otherProvider = await createProvider(t.app);
    const id = await openConversation(t, client, provider);

    const providerTabs = [await connect(provider), await connect(provider)];
    const senderTab = await connect(client);
    const outsiderTabs = [await connect(outsider), await connect(otherProvider)];
    const arrivals = providerTabs.map((socket) => nextEvent(socket, 'new_message'));
    const senderHeard = collect(senderTab, 'new_message');
    const notForOutsiders = outsiderTabs.map((socket) => collect(socket, 'new_message'));

    const res = await asUser(t.app, client).post(`/api/conversations/${id}/messages`, {
      body: 'Running 10 minutes late',
    });
    expect(res.statusCode).toBe(201);
    const message = res.json().message;
    for (const event of await Promise.all(arrivals)) {
      expect(event).toEqual({ conversationId: id, message });
    }

    // The reply goes the other way; had the sender's own message been echoed to its tab, it
    // would have arrived before the reply (one room, in order).
    const reply = nextEvent(senderTab, 'new_message');
    const answered = await asUser(t.app, provider).post(`/api/conversations/${id}/messages`, {
      body: 'No problem',
    });
    expect(answered.statusCode).toBe(201);
    const replied = await reply;
    expect(replied).toEqual({ conversationId: id, message: answered.json().message });
    // The sender's tab heard the reply only, never its own message.
    expect(senderHeard).toEqual([replied]);

    // An outsider's attempt is refused, and no socket hears anything of it.
    const refused = await asUser(t.app, outsider).post(`/api/conversations/${id}/messages`, {
      body: 'hi there',
    });
    expect(refused.statusCode).toBe(404);
    const probe = nextEvent(providerTabs[0]!, 'new_message');
    await asUser(t.app, client).post(`/api/conversations/${id}/messages`, { body: 'last one' });
    expect((await probe).message.body).toBe('last one');
    for (const seen of notForOutsiders) expect(seen).toEqual([]);
  });
});

describe('messages: rate limit', () => {
  const t = useTestApp({ RATE_LIMIT: 'on' });

  it(`allows ${MESSAGE_RATE_LIMIT_PER_MINUTE} messages a minute per sender, then 429 RATE_LIMITED`, async () => {
    const client = await createClient(t.app);
    const provider = await createProvider(t.app);
    const id = await openConversation(t, client, provider);
    const sendAs = (user: TestUser, i: number) =>
      asUser(t.app, user).post(`/api/conversations/${id}/messages`, { body: `message ${i}` });
    const statuses: number[] = [];
    for (let i = 0; i <= MESSAGE_RATE_LIMIT_PER_MINUTE; i++) {
      statuses.push((await sendAs(client, i)).statusCode);
    }
    expect(statuses.slice(0, MESSAGE_RATE_LIMIT_PER_MINUTE).every((s) => s === 201)).toBe(true);
    const limited = await sendAs(client, 99);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(statuses[MESSAGE_RATE_LIMIT_PER_MINUTE]).toBe(429);
    // The budget is the sender's: the other participant still writes.
    expect((await sendAs(provider, 0)).statusCode).toBe(201);
    const history = await asUser(t.app, provider).get(`/api/conversations/${id}/messages?limit=50`);
    expect(history.json().messages).toHaveLength(MESSAGE_RATE_LIMIT_PER_MINUTE + 1);
  });
});
