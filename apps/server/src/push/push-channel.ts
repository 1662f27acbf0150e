import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client';

export interface ChannelHandlers {
  /** One NOTIFY payload. */
  message(payload: string): void;
  /**
   * The channel is listened to again (first time, or after a reconnect): notifications from now
   * on arrive; the ones sent while it was down are lost, so reload what they would have told.
   */
  up(): Promise<void>;
  /** The channel stopped: nothing arrives until the next `up`. */
  down(): void;
}

/** The channel the 0014 and 0015 migrations' triggers announce on: revocations, freed slots, window changes. */
export const PUSH_CHANNEL = 'slotwise_push';

/** Several subscribers on one listening connection, told in order. */
export function fanOut(...subscribers: ChannelHandlers[]): ChannelHandlers {
  return {
    message(payload) {
      for (const subscriber of subscribers) subscriber.message(payload);
    },
    async up() {
      for (const subscriber of subscribers) await subscriber.up();
    },
    down() {
      for (const subscriber of subscribers) subscriber.down();
    },
  };
}

export interface ChannelListener {
  /**
   * NOTIFY on the channel from the listening connection itself (PostgreSQL; rejects while the
   * listener is not up). Null on PGlite: there a notification is delivered before the statement
   * that sent it returns, so nothing is ever in flight.
   */
  notify: ((payload: string) => Promise<void>) | null;
  /**
   * Several payloads in one statement from the listening connection (PostgreSQL; rejects while
   * the listener is not up), null on PGlite. Payloads must not contain a comma.
   */
  notifyAll: ((payloads: string[]) => Promise<void>) | null;
  close(): Promise<void>;
}

/** How often the PostgreSQL listener proves its connection still answers. */
const HEARTBEAT_MS = 5_000;
const HEARTBEAT_TIMEOUT_MS = 3_000;
const MAX_RECONNECT_DELAY_MS = 5_000;

/**
 * LISTEN on `channel`: on embedded PGlite its own listen (delivered as the notifying statement
 * returns, one process); on PostgreSQL a dedicated connection outside the pool (a pooled one
 * would LISTEN on whichever connection it got), reconnected with back-off after any error, and
 * checked by a heartbeat so a silently dead connection is noticed within seconds.
 */
export async function listenToChannel(
  database: Database,
  channel: string,
  handlers: ChannelHandlers,
  log: FastifyBaseLogger,
): Promise<ChannelListener> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  if (database.pglite) {
    const unlisten = await database.pglite.listen(channel, handlers.message);
    await handlers.up();
    return {
      notify: null,
      notifyAll: null,
      async close() {
        handlers.down();
        if (!database.pglite!.closed) await unlisten();
      },
    };
  }
  // Never through a transaction-mode pooler: LISTEN belongs to one session (docs/decisions/077).
  const connectionString = database.directUrl ?? database.pool!.options.connectionString;
  let closed = false;
  let client: pg.Client | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = 100;
  /** The current client has LISTENed and its subscribers have reloaded. */
  let ready = false;

  const lost = (reason: string) => {
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    const dead = client;
    client = null;
    ready = false;
    handlers.down();
    if (dead) {
      dead.removeAllListeners('notification');
      dead.on('error', () => {});
      void dead.end().catch(() => {});
    }
    if (closed) return;
    log.warn({ channel, reason }, 'database listener down: checking the database meanwhile');
    retry = setTimeout(connect, delay);
    retry.unref();
    delay = Math.min(delay * 2, MAX_RECONNECT_DELAY_MS);
  };

  const connect = async () => {
    retry = null;
    const next = new pg.Client({
      connectionString,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
      // Named after its channel: visible as such in pg_stat_activity.
      application_name: `slotwise-listen-${channel}`,
    });
    next.on('error', (err) => {
      if (client === next) lost(err.message);
    });
    next.on('end', () => {
      if (client === next) lost('connection ended');
    });
    next.on('notification', (msg) => {
      if (client === next && msg.channel === channel && msg.payload !== undefined) {
        handlers.message(msg.payload);
      }
    });
    client = next;
    try {
      await next.connect();
      // Markers sent from here (push-barrier.ts) need no durability: no WAL flush wait for them.
      await next.query('SET synchronous_commit TO off');
      await next.query(`LISTEN ${channel}`);
      // From here notifications arrive: reload what was missed, then we are current.
      await handlers.up();
      if (client !== next) return;
      ready = true;
      delay = 100;
      heartbeat = setInterval(() => {
        const timer = setTimeout(() => {
          if (client === next) lost('heartbeat timed out');
        }, HEARTBEAT_TIMEOUT_MS);
        next.query('select 1').then(
          () => clearTimeout(timer),
          (err: Error) => {
            clearTimeout(timer);
            if (client === next) lost(err.message);
          },
        );
      }, HEARTBEAT_MS);
      heartbeat.unref();
    } catch (err) {
      if (client === next) lost((err as Error).message);
    }
  };

  await connect();
  return {
    async notify(payload) {
      const current = client;
      if (!current || !ready) throw new Error('listener not up');
      await current.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async notifyAll(payloads) {
      const current = client;
      if (!current || !ready) throw new Error('listener not up');
      await current.query("select pg_notify($1, p) from unnest(string_to_array($2, ',')) p", [
        channel,
        payloads.join(','),
      ]);
    },
    async close() {
      closed = true;
      ready = false;
      if (retry) clearTimeout(retry);
      if (heartbeat) clearInterval(heartbeat);
      const last = client;
      client = null;
      handlers.down();
      if (last) await last.end().catch(() => {});
    },
  };
}
