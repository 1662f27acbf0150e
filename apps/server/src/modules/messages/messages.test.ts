import { MESSAGING_MESSAGES } from '@slotwise/shared/messages-schemas';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { useTestApp } from '../../../test/helpers/app';
import { book, createSlot } from '../../../test/helpers/booking-factories';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { injectAs } from '../../../test/helpers/requests';

const MESSAGE_FIELDS = ['body', 'created_at', 'id', 'read_at', 'sender_id'];
const CONVERSATION_FIELDS = [
  'created_at',
  'id',
  'last_message',
  'other',
  'provider_id',
  'unread_count',
];
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('messages', () => {
  const t = useTestApp();

  const inject = (
    user: TestUser | null,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: unknown,
  ) => injectAs(t.app, user, method, url, payload);

  /** Each caller opening a conversation with its body is refused with `status` and `code`. */
  async function expectEachOpenRefused(
    status: number,
    code: string,
    attempts: readonly (readonly [TestUser, object])[],
  ) {
    for (const [user, body] of attempts) {
      const res = await inject(user, 'POST', '/api/conversations', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().code).toBe(code);
    }
  }

  async function pair() {
    const client = await createClient(t.app, { firstName: 'Cleo' });
    const provider = await createProvider(t.app, { firstName: 'Pia' });
    const res = await inject(client, 'POST', '/api/conversations', {
      providerId: provider.providerId,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { client, provider, id: res.json().conversation.id as string };
  }

  const send = async (user: TestUser, id: string, body: string) => {
    const res = await inject(user, 'POST', `/api/conversations/${id}/messages`, { body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().message as { id: string; body: string; sender_id: string };
  };

  const unreadOf = async (user: TestUser) => {
    const res = await inject(user, 'GET', '/api/conversations/unread-count');
    expect(res.statusCode).toBe(200);
    return res.json().unread as number;
  };

  describe('POST /api/conversations', () => {
    it('a client opens one with a provider (201), then gets the same one again (200)', async () => {
      const client = await createClient(t.app, { firstName: 'Cleo', lastName: 'Client' });
      const provider = await createProvider(t.app, { firstName: 'Pia', lastName: 'Prov' });
      const first = await inject(client, 'POST', '/api/conversations', {
        providerId: provider.providerId,
      });
      expect(first.statusCode).toBe(201);
      const conversation = first.json().conversation;
      expect(Object.keys(conversation).sort()).toEqual(CONVERSATION_FIELDS);
      expect(conversation).toMatchObject({
        provider_id: provider.providerId,
        other: {
          id: provider.id,
          first_name: 'Pia',
          last_name: 'Prov',
          profile_image_url: null,
          role: 'provider',
        },
        last_message: null,
        unread_count: 0,
      });
      expect(Object.keys(conversation.other).sort()).toEqual(
        ['first_name', 'id', 'last_name', 'profile_image_url', 'role'].sort(),
      );
      const again = await inject(client, 'POST', '/api/conversations', {
        providerId: provider.providerId,
      });
      expect(again.statusCode).toBe(200);
      expect(again.json().conversation.id).toBe(conversation.id);
    });

    it('from an appointment, either party reaches the same conversation', async () => {
      const client = await createClient(t.app);
      const provider = await createProvider(t.app);
      const slot = await createSlot(t.app, provider.providerId!);
      const appointmentId = await book(t.app, client, slot.id);
      const byProvider = await inject(provider, 'POST', '/api/conversations', { appointmentId });
      expect(byProvider.statusCode).toBe(201);
      expect(byProvider.json().conversation.other).toMatchObject({
        id: client.id,
        first_name: client.firstName,
        role: 'client',
      });
      const byClient = await inject(client, 'POST', '/api/conversations', { appointmentId });
      expect(byClient.statusCode).toBe(200);
      expect(byClient.json().conversation.id).toBe(byProvider.json().conversation.id);
      const byProviderId = await inject(client, 'POST', '/api/conversations', {
        providerId: provider.providerId,
      });
      expect(byProviderId.json().conversation.id).toBe(byProvider.json().conversation.id);
    });

    it('simultaneous first uses end in one conversation', async () => {
      const client = await createClient(t.app);
      const provider = await createProvider(t.app);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          inject(client, 'POST', '/api/conversations', { providerId: provider.providerId }),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
      expect(new Set(answers.map((r) => r.json().conversation.id)).size).toBe(1);
    });

    it('someone else’s appointment or an unknown provider is 404; a provider naming a provider is 403', async () => {
      const client = await createClient(t.app);
      const stranger = await createClient(t.app);
      const provider = await createProvider(t.app);
      const otherProvider = await createProvider(t.app);
      const appointmentId = await book(
        t.app,
        client,
        (await createSlot(t.app, provider.providerId!)).id,
      );
      await expectEachOpenRefused(404, 'NOT_FOUND', [
        [stranger, { appointmentId }],
        [otherProvider, { appointmentId }],
        [client, { appointmentId: UNKNOWN_ID }],
        [client, { providerId: UNKNOWN_ID }],
      ]);
      const res = await inject(otherProvider, 'POST', '/api/conversations', {
        providerId: provider.providerId,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'FORBIDDEN',
        message: MESSAGING_MESSAGES.clientsOnlyByProvider,
      });
    });

    it('needs exactly one of providerId / appointmentId, as UUIDs (400), and a token (401)', async () => {
      const client = await createClient(t.app);
      const provider = await createProvider(t.app);
      await expectEachOpenRefused(
        400,
        'VALIDATION_FAILED',
        [
          {},
          { providerId: provider.providerId, appointmentId: UNKNOWN_ID },
          { providerId: 'nope' },
          { appointmentId: 42 },
        ].map((body) => [client, body] as const),
      );
      const anonymous = await inject(null, 'POST', '/api/conversations', {
        providerId: provider.providerId,
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('messages', () => {
    it('sends trimmed plain text (201) with every field, stored byte for byte', async () => {
      const { client, id } = await pair();
      const body = '  <b>Can you bring a ladder?</b>\nhttps://example.test/?a=1&b=2 𝕏  ';
      const res = await inject(client, 'POST', `/api/conversations/${id}/messages`, { body });
      expect(res.statusCode).toBe(201);
      const message = res.json().message;
      expect(Object.keys(message).sort()).toEqual(MESSAGE_FIELDS);
      expect(message).toMatchObject({ body: body.trim(), sender_id: client.id, read_at: null });
      expect(new Date(message.created_at).toISOString()).toBe(message.created_at);
      const history = await inject(client, 'GET', `/api/conversations/${id}/messages`);
      expect(history.json()).toEqual({ messages: [message], nextCursor: null });
    });

    it('refuses empty, blank, missing and over-2,000-character bodies (400); 2,000 is fine', async () => {
      const { client, id } = await pair();
      const url = `/api/conversations/${id}/messages`;
      for (const payload of [
        {},
        { body: '' },
        { body: ' \n\t ' },
        { body: 5 },
        { body: 'x'.repeat(2001) },
      ]) {
        const res = await inject(client, 'POST', url, payload);
        expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
        expect(res.json().fieldErrors).toHaveProperty('body');
      }
      const tooLong = await inject(client, 'POST', url, { body: 'x'.repeat(2001) });
      expect(tooLong.json().message).toBe(MESSAGING_MESSAGES.bodyTooLong);
      const longest = await inject(client, 'POST', url, { body: `  ${'x'.repeat(2000)}  ` });
      expect(longest.statusCode).toBe(201);
      expect(longest.json().message.body).toHaveLength(2000);
      const [count] = await queryRows<{ n: string }>(
        t.app.database.db,
        sql`select count(*) as n from messages where conversation_id = ${id}::uuid`,
      );
      expect(Number(count!.n)).toBe(1);
    });

    it('only the two participants can read, write or mark read; everyone else gets 404', async () => {
      const { client, provider, id } = await pair();
      await send(client, id, 'Hello');
      const outsiders = [await createClient(t.app), await createProvider(t.app)];
      for (const outsider of outsiders) {
        for (const [method, url, payload] of [
          ['GET', `/api/conversations/${id}/messages`, undefined],
          ['POST', `/api/conversations/${id}/messages`, { body: 'let me in' }],
          ['PATCH', `/api/conversations/${id}/read`, undefined],
        ] as const) {
          const res = await inject(outsider, method, url, payload);
          const madeUp = await inject(outsider, method, url.replace(id, UNKNOWN_ID), payload);
          expect(res.statusCode, `${method} ${url} as ${outsider.role}`).toBe(404);
          expect(res.json()).toEqual(madeUp.json());
        }
        const list = await inject(outsider, 'GET', '/api/conversations');
        expect(list.json().conversations).toEqual([]);
        expect(await unreadOf(outsider)).toBe(0);
      }
      // Nothing an outsider did reached the conversation.
      const history = await inject(provider, 'GET', `/api/conversations/${id}/messages`);
      expect(history.json().messages.map((m: { body: string }) => m.body)).toEqual(['Hello']);
      expect(await unreadOf(provider)).toBe(1);
    });

    it('history is newest first; following nextCursor returns every message exactly once', async () => {
      const { client, provider, id } = await pair();
      const sent: string[] = [];
      for (let i = 0; i < 23; i++) {
        const author = i % 3 === 0 ? provider : client;
        sent.push((await send(author, id, `message ${i}`)).id);
      }
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = cursor ? `?limit=5&cursor=${cursor}` : '?limit=5';
        const res = await inject(client, 'GET', `/api/conversations/${id}/messages${query}`);
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.messages.length).toBeLessThanOrEqual(5);
        seen.push(...body.messages.map((m: { id: string }) => m.id));
        cursor = body.nextCursor;
        pages++;
      } while (cursor && pages < 20);
      expect(pages).toBe(5);
      expect(seen).toEqual([...sent].reverse());
      const all = await inject(client, 'GET', `/api/conversations/${id}/messages?limit=50`);
      expect(all.json().messages).toHaveLength(23);
      expect(all.json().nextCursor).toBeNull();
      const defaults = await inject(client, 'GET', `/api/conversations/${id}/messages`);
      expect(defaults.json().messages).toHaveLength(23);
    });

    it('refuses a bad limit or a cursor from elsewhere (400)', async () => {
      const a = await pair();
      const b = await pair();
      const foreign = await send(b.client, b.id, 'elsewhere');
      for (const query of [
        'limit=0',
        'limit=51',
        'limit=abc',
        'cursor=nope',
        `cursor=${UNKNOWN_ID}`,
        `cursor=${foreign.id}`,
      ]) {
        const res = await inject(a.client, 'GET', `/api/conversations/${a.id}/messages?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
      }
    });
  });

  describe('read state and the list', () => {
    it('counts unread per conversation and in total; marking read clears only the caller’s side', async () => {
      const client = await createClient(t.app, { firstName: 'Uma' });
      const first = await createProvider(t.app, { firstName: 'Fay' });
      const second = await createProvider(t.app, { firstName: 'Sam' });
      const open = async (provider: TestUser) =>
        (
          await inject(client, 'POST', '/api/conversations', { providerId: provider.providerId })
        ).json().conversation.id as string;
      const withFirst = await open(first);
      const withSecond = await open(second);
      await send(first, withFirst, 'one');
      await send(first, withFirst, 'two');
      await send(second, withSecond, 'three');
      await send(client, withSecond, 'my own message is never unread for me');

      expect(await unreadOf(client)).toBe(3);
      expect(await unreadOf(second)).toBe(1);
      const list = await inject(client, 'GET', '/api/conversations');
      expect(list.statusCode).toBe(200);
      const conversations = list.json().conversations;
      // Most recent activity first.
      expect(conversations.map((c: { id: string }) => c.id)).toEqual([withSecond, withFirst]);
      expect(conversations[0]).toMatchObject({
        unread_count: 1,
        other: { first_name: 'Sam', role: 'provider' },
        last_message: { body: 'my own message is never unread for me', sender_id: client.id },
      });
      expect(conversations[1]).toMatchObject({
        unread_count: 2,
        last_message: { body: 'two', sender_id: first.id, read_at: null },
      });
      expect(list.json().nextCursor).toBeNull();

      const marked = await inject(client, 'PATCH', `/api/conversations/${withFirst}/read`);
      expect(marked.statusCode).toBe(200);
      expect(marked.json()).toEqual({ message: MESSAGING_MESSAGES.markedRead, updated: 2 });
      expect(await unreadOf(client)).toBe(1);
      const history = await inject(first, 'GET', `/api/conversations/${withFirst}/messages`);
      for (const message of history.json().messages) {
        expect(new Date(message.read_at).toISOString()).toBe(message.read_at);
      }
      // Again: nothing left to mark. The sender marking their own side changes nothing.
      expect(
        (await inject(client, 'PATCH', `/api/conversations/${withFirst}/read`)).json().updated,
      ).toBe(0);
      expect(
        (await inject(second, 'PATCH', `/api/conversations/${withSecond}/read`)).json().updated,
      ).toBe(1);
      expect(await unreadOf(client)).toBe(1);
      expect(await unreadOf(second)).toBe(0);
    });

    it('pages the conversation list with nextCursor', async () => {
      const client = await createClient(t.app);
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const provider = await createProvider(t.app);
        const res = await inject(client, 'POST', '/api/conversations', {
          providerId: provider.providerId,
        });
        ids.push(res.json().conversation.id);
        await send(client, ids[i]!, `hello ${i}`);
      }
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
        const res = await inject(client, 'GET', `/api/conversations${query}`);
        seen.push(...res.json().conversations.map((c: { id: string }) => c.id));
        cursor = res.json().nextCursor;
      } while (cursor && seen.length < 20);
      expect(seen).toEqual([...ids].reverse());
      const bad = await inject(client, 'GET', `/api/conversations?cursor=${UNKNOWN_ID}`);
      expect(bad.statusCode).toBe(400);
    });

    it('every endpoint needs a token (401)', async () => {
      const { id } = await pair();
      for (const [method, url] of [
        ['GET', '/api/conversations'],
        ['GET', '/api/conversations/unread-count'],
        ['GET', `/api/conversations/${id}/messages`],
        ['POST', `/api/conversations/${id}/messages`],
        ['PATCH', `/api/conversations/${id}/read`],
      ] as const) {
        const res = await inject(null, method, url, method === 'POST' ? { body: 'x' } : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    });
  });
});
