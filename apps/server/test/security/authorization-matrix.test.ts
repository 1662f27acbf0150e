import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import type { TestUser } from '../helpers/factories';
import { collect, connectSocket, type TestSocket } from '../helpers/sockets';
import {
  HTTP_MATRIX,
  IDENTITIES,
  type Identity,
  JUNK_PROVIDER_IDS,
  type MatrixRow,
  SERVER_EVENTS,
  SOCKET_EVENTS,
  SOCKET_HANDSHAKE,
} from './authorization-matrix';
import { expectErrorBody } from './assertions';
import { buildWorld, type World } from './world';
import { asUser } from '../helpers/requests';

/** Every route the app registers, as Fastify announces it (onRoute), for the completeness check. */
const registered: { method: string; url: string }[] = [];

interface Caller {
  user: TestUser | null;
  authorization: string | undefined;
}

/** Who an identity is for a row, with a token made for this case only. */
async function callerFor(world: World, row: Pick<MatrixRow, 'owner'>, identity: Identity) {
  const owner = { client: world.client, provider: world.provider, admin: world.admin }[row.owner];
  const counterpart = row.owner === 'client' ? world.provider : world.client;
  const bearer = (token: string) => `Bearer ${token}`;
  const as = async (user: TestUser): Promise<Caller> => ({
    user,
    authorization: bearer(await world.freshToken(user)),
  });
  switch (identity) {
    case 'anonymous':
      return { user: null, authorization: undefined };
    case 'garbage':
      return { user: null, authorization: 'Bearer not-a-jwt' };
    case 'expired':
      return { user: null, authorization: bearer(world.expiredTokens[row.owner]) };
    case 'revoked':
      return { user: null, authorization: bearer(world.revokedTokens[row.owner]) };
    case 'owner':
      return as(owner);
    case 'otherClient':
      return as(world.otherClient);
    case 'otherProvider':
      return as(world.otherProvider);
    case 'wrongRole':
      return as(counterpart);
  }
}

const key = (method: string, url: string) => `${method} ${url}`;

describe('authorization matrix', () => {
  let t: TestApp;
  let world: World;

  beforeAll(async () => {
    // Private addresses allowed: the calendar rows' feed is on loopback.
    t = await createTestApp(
      { ALLOW_PRIVATE_URLS: '1' },
      {
        onRoute: (route) => {
          for (const method of [route.method].flat()) registered.push({ method, url: route.url });
        },
      },
    );
    world = await buildWorld(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every registered route, and only registered routes', () => {
    const routes = new Set(
      registered
        .filter(({ method }) => method !== 'HEAD' && method !== 'OPTIONS')
        .map(({ method, url }) => key(method, url)),
    );
    const table = new Set(HTTP_MATRIX.map((row) => key(row.method, row.route)));
    expect(HTTP_MATRIX.length, 'a route is listed twice').toBe(table.size);
    expect(
      [...routes].filter((route) => !table.has(route)),
      'routes missing from test/security/authorization-matrix.ts',
    ).toEqual([]);
    expect(
      [...table].filter((route) => !routes.has(route)),
      'table rows the app does not register',
    ).toEqual([]);
  });

  it(`answers every cell of the table (${HTTP_MATRIX.length} endpoints × ${IDENTITIES.length} identities)`, async () => {
    const mismatches: string[] = [];
    let cases = 0;
    for (const row of HTTP_MATRIX) {
      for (const identity of IDENTITIES) {
        const caller = await callerFor(world, row, identity);
        const request = await row.request(world, caller.user);
        const res = await t.app.inject({
          method: row.method,
          url: request.url,
          headers: caller.authorization ? { authorization: caller.authorization } : {},
          ...(request.payload ? { payload: request.payload } : {}),
        });
        cases++;
        const label = `${key(row.method, row.route)} as ${identity}`;
        if (res.statusCode !== row.expect[identity]) {
          mismatches.push(
            `${label}: ${res.statusCode} (want ${row.expect[identity]}) ${res.body.slice(0, 160)}`,
          );
        }
        // The app sets no cookie, ever (tokens travel in the Authorization header only).
        if (res.headers['set-cookie']) mismatches.push(`${label}: sets a cookie`);
        if (res.statusCode >= 400) expectErrorBody(res, label);
      }
    }
    console.log(
      `[security] authorization matrix: ${HTTP_MATRIX.length} endpoints × ${IDENTITIES.length} identities = ${cases} HTTP cases`,
    );
    expect(mismatches).toEqual([]);
    // A thousand requests one after the other: on a slow, loaded 2-core CI machine they took
    // over 30 s (the project's default); a wrong answer still fails, only later.
  }, 120_000);

  describe('socket.io', () => {
    let baseUrl: string;
    beforeAll(async () => {
      baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });

    const tokenOf = async (identity: Identity): Promise<Record<string, unknown>> => {
      const caller = await callerFor(world, { owner: 'client' }, identity);
      return caller.authorization ? { token: caller.authorization.slice('Bearer '.length) } : {};
    };

    it('handshakes: refused without a valid, live token; accepted otherwise', async () => {
      const outcomes = {} as Record<Identity, string>;
      for (const identity of IDENTITIES) {
        try {
          const socket = await connectSocket(baseUrl, await tokenOf(identity));
          outcomes[identity] = 'accepted';
          socket.close();
        } catch {
          outcomes[identity] = 'refused';
        }
      }
      expect(outcomes).toEqual(SOCKET_HANDSHAKE);
    });

    it('the table lists every event the server listens to', async () => {
      const socket = await connectSocket(baseUrl, await tokenOf('owner'));
      try {
        const [serverSide] = t.app.realtime.io.of('/').sockets.values();
        const listened = serverSide!
          .eventNames()
          .map(String)
          .filter((name) => !['disconnect', 'disconnecting', 'error'].includes(name));
        expect(listened.sort()).toEqual(SOCKET_EVENTS.map((row) => row.event).sort());
      } finally {
        socket.close();
      }
    });

    it('server events reach exactly the users the table names', async () => {
      for (const row of SERVER_EVENTS) {
        const listeners = (Object.keys(row.receives) as (keyof typeof row.receives)[]).map(
          (identity) => ({ identity, socket: null as TestSocket | null, seen: [] as unknown[] }),
        );
        try {
          for (const listener of listeners) {
            listener.socket = await connectSocket(baseUrl, await tokenOf(listener.identity));
            listener.seen = collect(listener.socket, row.event);
          }
          const sent = await asUser(t.app, world.client).post(
            `/api/conversations/${world.conversationId}/messages`,
            { body: 'Matrix check' },
          );
          expect(sent.statusCode).toBe(201);
          // An ack answered after the request proves any event emitted before it has arrived.
          for (const listener of listeners) {
            await listener.socket!.emitWithAck('watch_provider', 'fence');
          }
          for (const listener of listeners) {
            await expect
              .poll(() => listener.seen.length, { timeout: 3_000 })
              .toBe(row.receives[listener.identity] ? 1 : 0);
          }
        } finally {
          for (const listener of listeners) listener.socket?.close();
        }
      }
    });

    it('watch_provider acks ok:false for junk ids and ok:true for a provider; junk never disconnects', async () => {
      let cases = 0;
      for (const identity of IDENTITIES.filter((id) => SOCKET_HANDSHAKE[id] === 'accepted')) {
        const socket: TestSocket = await connectSocket(baseUrl, await tokenOf(identity));
        const raw = socket as unknown as {
          emitWithAck(event: string, ...args: unknown[]): Promise<unknown>;
          emit(event: string, ...args: unknown[]): void;
        };
        try {
          for (const junk of JUNK_PROVIDER_IDS) {
            expect(
              await raw.emitWithAck('watch_provider', junk),
              `${identity} ${String(junk)}`,
            ).toEqual({ ok: false });
            raw.emit('unwatch_provider', junk);
            cases += 2;
          }
          // A missing ack callback is no crash either.
          raw.emit('watch_provider', 'not-a-uuid');
          expect(await raw.emitWithAck('watch_provider', world.provider.providerId)).toEqual({
            ok: true,
          });
          raw.emit('unwatch_provider', world.provider.providerId);
          cases += 3;
          expect(socket.connected).toBe(true);
        } finally {
          socket.close();
        }
      }
      console.log(
        `[security] socket matrix: ${IDENTITIES.length} handshakes + ${cases} event cases`,
      );
    });
  });
});
