import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import type { TestUser } from '../helpers/factories';
import { createPastAppointment } from '../helpers/review-factories';
import { collect, connectSocket, nextEvent } from '../helpers/sockets';
import { HTTP_MATRIX } from './authorization-matrix';
import { buildWorld, type World } from './world';
import { asUser } from '../helpers/requests';

/**
 * No response carries a password hash, a secret, a token other than the caller's own (at login),
 * or another user's private data. Decision (docs/security.md, docs/decisions/033-what-each-party-sees.md):
 * providers see of their clients the first and last name only; a client's email is shown to
 * nobody but that client. A provider's email is public on the provider detail page (docs/product.md §2).
 */

const PRIVATE_KEYS = new Set([
  'password',
  'passwordhash',
  'password_hash',
  'tokenhash',
  'token_hash',
  'jti',
  'secret',
  'client_email',
  'clientemail',
  'client_id',
  'clientid',
]);
const JWT = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/g;

/** Routes that describe the API (their schemas name `password` fields) or the process. */
const DESCRIPTIVE = /^\/api\/(docs|openapi)|^\/metrics/;
/**
 * The caller's own rows as stored (docs/product.md §19.5): their own `client_id`s are data, not a
 * leak. The checks of values (hashes, stored secrets, tokens, other people's addresses) still
 * apply; the export test (modules/personal-data) proves no other person's rows are in it.
 */
const OWN_DATA = /^\/api\/account\/export$/;

function keysOf(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      into.push(key);
      keysOf(item, into);
    }
  }
  return into;
}

describe('no leaks', () => {
  let t: TestApp;
  let world: World;
  /** Every stored secret: password hashes and verification token hashes. */
  let secrets: string[];
  let viewers: { name: string; user: TestUser }[];
  let checked = 0;

  beforeAll(async () => {
    t = await createTestApp();
    world = await buildWorld(t.app);
    viewers = [
      { name: 'client', user: world.client },
      { name: 'otherClient', user: world.otherClient },
      { name: 'provider', user: world.provider },
      { name: 'otherProvider', user: world.otherProvider },
    ];
    // The world needs one pending verification token to look for.
    await world.freshVerificationToken();
    const rows = await t.app.database.db.execute(
      sql`select password_hash as s from users union all select token_hash from email_verification_tokens`,
    );
    secrets = (rows as unknown as { rows: { s: string }[] }).rows
      .map((row) => row.s)
      .filter((secret) => secret.length >= 20);
  });
  afterAll(async () => {
    console.log(`[security] no leaks: ${checked} responses checked`);
    await t?.close();
  });

  const clients = () => [world.client, world.otherClient];

  /** Checks one response to `viewer` (null: anonymous). */
  function expectNoLeak(res: LightMyRequestResponse, viewer: TestUser | null, label: string) {
    checked++;
    const body = res.body;
    expect(body, `${label}: argon2 hash`).not.toContain('$argon2');
    for (const secret of secrets)
      expect(body.includes(secret), `${label}: a stored secret`).toBe(false);
    expect(body.match(JWT) ?? [], `${label}: a token`).toEqual([]);
    // A client's email reaches nobody but that client.
    for (const client of clients()) {
      if (viewer?.id === client.id) continue;
      expect(body.toLowerCase(), `${label}: ${client.email}`).not.toContain(client.email);
    }
    const route = label.split(' ')[1] ?? '';
    if (DESCRIPTIVE.test(route) || OWN_DATA.test(route)) return;
    if (!String(res.headers['content-type']).startsWith('application/json')) return;
    const keys = keysOf(res.json()).map((key) => key.toLowerCase());
    expect(
      keys.filter((key) => PRIVATE_KEYS.has(key)),
      `${label}: private keys`,
    ).toEqual([]);
  }

  it('every GET endpoint, as every kind of user', async () => {
    const gets = HTTP_MATRIX.filter((row) => row.method === 'GET');
    for (const { name, user } of [...viewers, { name: 'anonymous', user: null }]) {
      for (const row of gets) {
        const { url } = await row.request(world, user);
        const res = await t.app.inject({
          method: 'GET',
          url,
          headers: user ? { authorization: `Bearer ${await world.freshToken(user)}` } : {},
        });
        expectNoLeak(res, user, `GET ${row.route} as ${name}`);
      }
    }
  });

  it('what a provider sees of a client: first and last name only', async () => {
    const res = await asUser(t.app, world.provider).get('/api/appointment/provider/view');
    const mine = res.json().appointments.find((a: { id: string }) => a.id === world.appointmentId);
    expect(mine).toMatchObject({
      client_first_name: world.client.firstName,
      client_last_name: world.client.lastName,
    });
    expect(Object.keys(mine).filter((key) => key.startsWith('client_'))).toEqual([
      'client_first_name',
      'client_last_name',
    ]);
    expect(JSON.stringify(mine)).not.toContain(world.client.id);
  });

  it('search finds providers only: a client cannot be looked up by name or email', async () => {
    for (const q of [world.client.firstName, world.client.lastName, world.client.email]) {
      const res = await asUser(t.app, world.otherClient).get(
        `/api/search/providers?q=${encodeURIComponent(q)}`,
      );
      expect(res.statusCode, q).toBe(200);
      expect(res.json().providers, q).toEqual([]);
    }
  });

  it('login answers only the caller’s own token, and no secret', async () => {
    for (const { name, user } of viewers) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const tokens = res.body.match(JWT) ?? [];
      expect(tokens, name).toEqual([body.token]);
      const claims = JSON.parse(Buffer.from(body.token.split('.')[1], 'base64url').toString());
      expect(claims.userId, name).toBe(user.id);
      expect(res.body).not.toContain('$argon2');
      expect(keysOf(body).filter((key) => PRIVATE_KEYS.has(key.toLowerCase()))).toEqual([]);
      expect(body.user.email).toBe(user.email);
      checked++;
    }
  });

  it('answers of booking changes, and refusals, tell nothing about the other client', async () => {
    const slot = await world.freshSlot();
    const booked = await asUser(t.app, world.client).post('/api/appointment/booking', {
      timeslotId: slot.id,
    });
    expect(booked.statusCode).toBe(201);
    expectNoLeak(booked, world.client, 'POST /api/appointment/booking as client');

    // Someone else trying the same slot learns it is taken, not by whom.
    const taken = await asUser(t.app, world.otherClient).post('/api/appointment/booking', {
      timeslotId: slot.id,
    });
    expect(taken.statusCode).toBe(409);
    expectNoLeak(taken, world.otherClient, 'POST /api/appointment/booking (taken) as otherClient');
    expect(taken.body).not.toContain(world.client.firstName);
    expect(taken.body).not.toContain(world.client.lastName);

    // Another client poking at that appointment gets the same 404 as for a made-up id.
    const id = booked.json().appointment.id as string;
    const poke = await asUser(t.app, world.otherClient).patch(`/api/appointment/cancel/${id}`);
    const madeUp = await asUser(t.app, world.otherClient).patch(
      '/api/appointment/cancel/00000000-0000-4000-8000-000000000000',
    );
    expect(poke.statusCode).toBe(404);
    expect(poke.json()).toEqual(madeUp.json());

    const canceled = await asUser(t.app, world.provider).patch(
      `/api/appointment/provider/cancel/${id}`,
    );
    expect(canceled.statusCode).toBe(200);
    expectNoLeak(canceled, world.provider, 'PATCH /api/appointment/provider/cancel as provider');
  });

  it('socket events carry no email, and availability events no client at all', async () => {
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const providerSocket = await connectSocket(baseUrl, { token: world.provider.token });
    const watcher = await connectSocket(baseUrl, { token: world.otherClient.token });
    try {
      expect(await watcher.emitWithAck('watch_provider', world.provider.providerId!)).toEqual({
        ok: true,
      });
      const availability = collect(watcher, 'slots_changed');
      const event = nextEvent(providerSocket, 'new_appointment');
      const slot = await world.freshSlot();
      const res = await asUser(t.app, world.client).post('/api/appointment/booking', {
        timeslotId: slot.id,
      });
      expect(res.statusCode).toBe(201);
      const payload = JSON.stringify(await event);
      expect(payload).not.toContain(world.client.email);
      await expect.poll(() => availability.length).toBeGreaterThan(0);
      const seen = JSON.stringify(availability);
      expect(seen).not.toContain(world.client.id);
      expect(seen).not.toContain(world.client.firstName);
      expect(seen).not.toContain(world.client.email);
    } finally {
      providerSocket.close();
      watcher.close();
    }
  });

  it('reviews: new_review reaches only the provider, without email; the public list names the client by first name and initial', async () => {
    // The socket test above may have started listening already.
    const address = t.app.server.address();
    const baseUrl =
      address && typeof address === 'object'
        ? `http://127.0.0.1:${address.port}`
        : await t.app.listen({ port: 0, host: '127.0.0.1' });
    const providerSocket = await connectSocket(baseUrl, { token: world.provider.token });
    const others = await Promise.all(
      [world.otherProvider, world.otherClient, world.client].map((user) =>
        connectSocket(baseUrl, { token: user.token }),
      ),
    );
    try {
      const strays = others.map((socket) => collect(socket, 'new_review'));
      const event = nextEvent(providerSocket, 'new_review');
      const appointmentId = await createPastAppointment(t.app, world.provider, world.client);
      const res = await asUser(t.app, world.client).post('/api/reviews', {
        appointmentId,
        rating: 4,
        comment: 'Fine',
      });
      expect(res.statusCode).toBe(201);
      expectNoLeak(res, world.client, 'POST /api/reviews as client');
      const payload = JSON.stringify(await event);
      for (const secret of [world.client.email, world.client.id, world.client.lastName]) {
        expect(payload).not.toContain(secret);
      }
      // Give a stray event the same time to arrive as the provider's did: none may.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(strays.map((seen) => seen.length)).toEqual([0, 0, 0]);

      for (const viewer of [null, ...viewers.map((v) => v.user)]) {
        const list = await t.app.inject({
          method: 'GET',
          url: `/api/providers/${world.provider.providerId}/reviews`,
          headers: viewer ? viewer.headers : {},
        });
        expect(list.json().reviews).toHaveLength(1);
        expectNoLeak(list, viewer, 'GET /api/providers/:id/reviews');
        expect(list.body).not.toContain(world.client.id);
        expect(list.body).not.toContain(world.client.lastName);
        expect(list.body).not.toContain(appointmentId);
      }
    } finally {
      providerSocket.close();
      for (const socket of others) socket.close();
    }
  });

  it('messages: the answers and the new_message event carry names and ids, never an email', async () => {
    // The app listens since the socket test above.
    const { port } = t.app.server.address() as AddressInfo;
    const baseUrl = `http://127.0.0.1:${port}`;
    const providerSocket = await connectSocket(baseUrl, { token: world.provider.token });
    try {
      const event = nextEvent(providerSocket, 'new_message');
      const sent = await asUser(t.app, world.client).post(
        `/api/conversations/${world.conversationId}/messages`,
        { body: 'No leaks, please' },
      );
      expect(sent.statusCode).toBe(201);
      expectNoLeak(sent, world.client, 'POST /api/conversations/:id/messages as client');
      expect(JSON.stringify(await event)).not.toContain(world.client.email);
      for (const user of [world.client, world.provider]) {
        const opened = await asUser(t.app, user).post('/api/conversations', {
          appointmentId: world.appointmentId,
        });
        expect(opened.statusCode).toBe(200);
        expectNoLeak(opened, user, `POST /api/conversations as ${user.role}`);
        expect(opened.json().conversation.id).toBe(world.conversationId);
      }
    } finally {
      providerSocket.close();
    }
  });
});
