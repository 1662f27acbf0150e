import { describe, expect, it } from 'vitest';
import { useTestApp, useTestWorld } from '../../../test/helpers/app';
import { createClient, createProvider } from '../../../test/helpers/factories';
import { collect, connectSocket, nextEvent } from '../../../test/helpers/sockets';
import { eq } from 'drizzle-orm';
import { notifications } from '../../db/schema';
import { createNotification } from './service';
import { asUser } from '../../../test/helpers/requests';

describe('notifications API', () => {
  const t = useTestApp();

  // Explicit, increasing times: PGlite's clock can give two quick inserts the same instant.
  let clock = Date.now();
  const notify = async (userId: string, title = 'New Appointment') => {
    const id = await createNotification(t.app.database.db, {
      userId,
      type: 'new',
      title,
      message: `${title} for ${userId}`,
      appointmentId: null,
    });
    clock += 1000;
    await t.app.database.db
      .update(notifications)
      .set({ createdAt: new Date(clock) })
      .where(eq(notifications.id, id));
    return id;
  };

  it('needs a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications/unread'],
      ['GET', '/api/notifications'],
      ['PATCH', '/api/notifications/mark-all-read'],
      ['PATCH', '/api/notifications/00000000-0000-4000-8000-000000000000/read'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it('a notification stored while offline is in /unread on the next load, newest first', async () => {
    const provider = await createProvider(t.app);
    await notify(provider.id, 'First');
    await notify(provider.id, 'Second');
    const res = await asUser(t.app, provider).get('/api/notifications/unread');
    expect(res.statusCode).toBe(200);
    const { unreadNotifications, unreadCount } = res.json();
    expect(unreadCount).toBe(2);
    expect(unreadNotifications.map((n: { title: string }) => n.title)).toEqual(['Second', 'First']);
    expect(unreadNotifications[0]).toMatchObject({
      type: 'new',
      read: false,
      is_read: false,
      created_at: expect.any(String),
      time: expect.any(String),
    });
  });

  it('mark-one and mark-all change exactly the caller’s notifications', async () => {
    const alice = await createClient(t.app);
    const bob = await createClient(t.app);
    const [a1, a2] = [await notify(alice.id), await notify(alice.id)];
    const b1 = await notify(bob.id);

    // Bob cannot mark Alice's notification: it is "not found" for him.
    const foreign = await asUser(t.app, bob).patch(`/api/notifications/${a1}/read`);
    expect(foreign.statusCode).toBe(404);
    const bad = await asUser(t.app, bob).patch('/api/notifications/nope/read');
    expect(bad.statusCode).toBe(400);

    const one = await asUser(t.app, alice).patch(`/api/notifications/${a1}/read`);
    expect(one.statusCode).toBe(200);
    let unread = (await asUser(t.app, alice).get('/api/notifications/unread')).json();
    expect(unread.unreadNotifications.map((n: { id: string }) => n.id)).toEqual([a2]);

    const all = await asUser(t.app, alice).patch('/api/notifications/mark-all-read');
    expect(all.json()).toMatchObject({ updated: 1 });
    unread = (await asUser(t.app, alice).get('/api/notifications/unread')).json();
    expect(unread.unreadCount).toBe(0);

    const bobs = (
      await t.app.inject({ method: 'GET', url: '/api/notifications/unread', headers: bob.headers })
    ).json();
    expect(bobs.unreadNotifications.map((n: { id: string }) => n.id)).toEqual([b1]);
  });

  it('lists all notifications, paginated, own only', async () => {
    const client = await createClient(t.app);
    const other = await createClient(t.app);
    for (let i = 0; i < 5; i++) await notify(client.id, `N${i}`);
    await notify(other.id, 'not yours');
    const page1 = (await asUser(t.app, client).get('/api/notifications?page=1&pageSize=3')).json();
    const page2 = (await asUser(t.app, client).get('/api/notifications?page=2&pageSize=3')).json();
    expect(page1.total).toBe(5);
    expect(page1.notifications.map((n: { title: string }) => n.title)).toEqual(['N4', 'N3', 'N2']);
    expect(page2.notifications.map((n: { title: string }) => n.title)).toEqual(['N1', 'N0']);
  });
});

describe('socket.io handshake and rooms', () => {
  const t = useTestWorld(async (app) => ({
    baseUrl: await app.listen({ port: 0, host: '127.0.0.1' }),
  }));

  it('refuses a missing, garbage or revoked token', async () => {
    await expect(connectSocket(t.baseUrl, {})).rejects.toThrow(/Authentication required/);
    await expect(connectSocket(t.baseUrl, { token: 'garbage' })).rejects.toThrow(
      /Invalid authentication token/,
    );
    const client = await createClient(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: client.headers });
    await expect(connectSocket(t.baseUrl, { token: client.token })).rejects.toThrow(
      /session has ended/,
    );
  });

  it('delivers to the token’s user only, whatever ids the client claims', async () => {
    const victim = await createProvider(t.app);
    const attacker = await createClient(t.app);
    const victimSocket = await connectSocket(t.baseUrl, { token: victim.token });
    // The attacker claims the victim's ids; the server ignores them and uses the token.
    const attackerSocket = await connectSocket(t.baseUrl, {
      token: attacker.token,
      userId: victim.id,
      providerId: victim.providerId,
    });
    try {
      const stolen = collect(attackerSocket, 'new_appointment');
      const received = nextEvent(victimSocket, 'new_appointment');
      t.app.realtime.toUser(victim.id, 'new_appointment', {
        message: 'hello',
        appointmentId: 'a1',
      });
      expect(await received).toEqual({ message: 'hello', appointmentId: 'a1' });
      // Give a stray event time to arrive before asserting that none did.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(stolen).toEqual([]);
    } finally {
      victimSocket.close();
      attackerSocket.close();
    }
  });

  it('watch_provider joins that provider’s availability room (valid ids only)', async () => {
    const provider = await createProvider(t.app);
    const client = await createClient(t.app);
    const socket = await connectSocket(t.baseUrl, { token: client.token });
    try {
      expect(await socket.emitWithAck('watch_provider', 'not-a-uuid')).toEqual({ ok: false });
      expect(await socket.emitWithAck('watch_provider', provider.providerId!)).toEqual({
        ok: true,
      });
      const change = nextEvent(socket, 'slots_changed');
      t.app.realtime.slotsChanged({ providerId: provider.providerId!, taken: ['s1'], freed: [] });
      expect(await change).toEqual({ providerId: provider.providerId, taken: ['s1'], freed: [] });
    } finally {
      socket.close();
    }
  });
});
