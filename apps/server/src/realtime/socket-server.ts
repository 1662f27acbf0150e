import type {
  ClientToServerEvents,
  ServerToClientEvents,
  SlotAvailabilityEvent,
} from '@slotwise/shared/realtime';
import { SOCKET_PATH } from '@slotwise/shared/realtime';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { isUuid } from '../lib/uuid';
import type { AuthContext } from '../plugins/tokens';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

interface SocketData {
  auth: AuthContext;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, object, SocketData>;

type UserEvent = Exclude<keyof ServerToClientEvents, 'slots_changed'>;

export interface Realtime {
  io: RealtimeServer;
  /** Sends an event to every open socket of one user (any instance, with Redis). */
  toUser<E extends UserEvent>(
    userId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Tells everyone watching a provider's page which slots were taken or freed. */
  slotsChanged(change: SlotAvailabilityEvent): void;
  openSockets(): number;
}

export const userRoom = (userId: string) => `user:${userId}`;
export const providerSlotsRoom = (providerId: string) => `provider-slots:${providerId}`;

/**
 * socket.io on the app's own HTTP server, websocket transport only. The handshake token is
 * verified like a bearer token; the user id comes from it, never from the client, and each
 * socket joins its user's room. With REDIS_URL, emits fan out across instances.
 */
export function attachRealtime(app: FastifyInstance): Realtime {
  const io: RealtimeServer = new Server(app.server, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    cors: app.config.corsOrigins.length
      ? { origin: app.config.corsOrigins, credentials: true }
      : undefined,
    // Small frames only: clients send ids, nothing more.
    maxHttpBufferSize: 10_000,
  });

  if (app.redis) {
    // The adapter needs a publisher and a dedicated subscriber connection.
    // Commands wait for a reconnect instead of failing: the adapter does not catch them.
    const pub = app.redis.duplicate({ maxRetriesPerRequest: null });
    const sub = app.redis.duplicate({ maxRetriesPerRequest: null });
    for (const client of [pub, sub]) {
      client.on('error', (err: Error) =>
        app.log.warn({ err: err.message }, 'redis (socket.io) error'),
      );
    }
    // The adapter fires publish and (un)subscribe commands without handling their promise:
    // with Redis unreachable each rejects ("Connection is closed") as an unhandled rejection,
    // which would crash the process. The error is already logged above; mark them handled.
    handleRejections(pub, ['publish']);
    handleRejections(sub, ['subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe']);
    io.adapter(createAdapter(pub, sub));
    app.addHook('onClose', async () => {
      pub.disconnect();
      sub.disconnect();
    });
  }

  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || token.length === 0)
      return next(new Error('Authentication required'));
    app.tokens.verify(token).then(
      (auth) => {
        socket.data.auth = auth;
        next();
      },
      (error: Error) => next(new Error(error.message)),
    );
  });

  io.on('connection', (socket) => {
    void socket.join(userRoom(socket.data.auth.userId));
    socket.on('watch_provider', (id, ack) => {
      const ok = isUuid(id);
      if (ok) void socket.join(providerSlotsRoom(id));
      if (typeof ack === 'function') ack({ ok });
    });
    socket.on('unwatch_provider', (id) => {
      if (typeof id === 'string') void socket.leave(providerSlotsRoom(id));
    });
  });

  // Closing the HTTP server alone would wait for sockets forever: disconnect them so clients
  // reconnect to another instance.
  app.addHook('preClose', async () => {
    // (io.close() would also close the HTTP server, which Fastify closes itself.)
    io.disconnectSockets(true);
    io.engine.close();
  });

  return {
    io,
    toUser(userId, event, ...args) {
      io.to(userRoom(userId)).emit(event, ...args);
    },
    slotsChanged(change) {
      io.to(providerSlotsRoom(change.providerId)).emit('slots_changed', change);
    },
    openSockets: () => io.engine.clientsCount,
  };
}

/** `app.realtime`: socket.io on the app's server (see `attachRealtime`). */
export const realtimePlugin = fp(
  async (app) => {
    app.decorate('realtime', attachRealtime(app));
  },
  { name: 'realtime', dependencies: ['redis', 'tokens'] },
);

function handleRejections(client: Redis, commands: readonly string[]): void {
  const target = client as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const command of commands) {
    const original = target[command]!.bind(client);
    target[command] = (...args: unknown[]) => {
      const pending = original(...args);
      pending.catch(() => {});
      return pending;
    };
  }
}
