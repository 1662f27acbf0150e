import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client';
import type { KeepRule } from '../push/provider-window-cache';
import { openReadReplica, parseLsn, type ReadReplica } from '../db/read-replica';

export interface ReadRoute {
  db: Db;
  /**
   * The caller wrote something the replica has not replayed yet: this read is on the primary and
   * must not be answered from a cache another request may have filled from the replica.
   */
  fresh: boolean;
  /**
   * The provider window caches (docs/decisions/057) may answer: not for a caller's read of their
   * own fresh write.
   */
  windowCache: boolean;
  /**
   * For a load from the replica: may its answer be kept? Entries are dropped by NOTIFY when the
   * primary commits; a load from a replica that has not replayed that commit yet would put the
   * old answer back, so it is kept only when the replica had replayed a primary position read
   * after the last invalidation was heard (docs/decisions/077).
   */
  keeps?: KeepRule;
  where: 'primary' | 'replica';
}

export interface Reads {
  /** Where this request's public reads go (search, public pages, available slots). */
  route(request: FastifyRequest): Promise<ReadRoute>;
  /** The replica (DATABASE_READ_URL), null without one. */
  replica: ReadReplica | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    reads: Reads;
  }
}

/** Where each user's last write ended in the WAL, kept for every instance (Redis) or this one. */
interface WriteMarks {
  mark(userId: string, lsn: bigint): Promise<void>;
  get(userId: string): Promise<bigint | null>;
}

const KEY = (userId: string) => `slotwise:last-write:${userId}`;
// Keeps the larger of two positions (two writes of one user may record out of order).
const MARK_SCRIPT = `local c = redis.call('GET', KEYS[1])
if (not c) or tonumber(ARGV[1]) > tonumber(c) then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
else
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 1`;

function redisMarks(redis: Redis, ttlMs: number): WriteMarks {
  return {
    async mark(userId, lsn) {
      await redis.eval(MARK_SCRIPT, 1, KEY(userId), lsn.toString(), String(ttlMs));
    },
    async get(userId) {
      const value = await redis.get(KEY(userId));
      return value ? BigInt(value) : null;
    },
  };
}

function memoryMarks(ttlMs: number): WriteMarks {
  const marks = new Map<string, { lsn: bigint; until: number }>();
  return {
    async mark(userId, lsn) {
      const now = Date.now();
      for (const [id, entry] of marks) if (entry.until < now) marks.delete(id);
      const previous = marks.get(userId);
      marks.set(userId, {
        lsn: previous && previous.lsn > lsn ? previous.lsn : lsn,
        until: now + ttlMs,
      });
    },
    async get(userId) {
      const entry = marks.get(userId);
      return entry && entry.until >= Date.now() ? entry.lsn : null;
    },
  };
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * `app.reads` (docs/decisions/077-read-replica-and-pgbouncer.md): with DATABASE_READ_URL, public
 * reads go to the replica while it is within READ_MAX_LAG_MS, except for a signed-in caller whose
 * last write's WAL position the replica has not replayed yet (read-your-writes). Each successful
 * write of a signed-in user records `pg_current_wal_lsn()` before its answer is sent.
 */
export const readRoutingPlugin = fp(
  async (app) => {
    const primary: ReadRoute = {
      db: app.database.db,
      fresh: false,
      windowCache: true,
      where: 'primary',
    };
    const { databaseReadUrl, readMaxLagMs } = app.config;
    if (!databaseReadUrl || !app.database.pool) {
      app.decorate('reads', { route: async () => primary, replica: null });
      return;
    }
    const replica = openReadReplica({
      url: databaseReadUrl,
      primary: app.database.pool,
      maxLagMs: readMaxLagMs,
      poolSize: app.config.databasePoolSize,
      pooler: app.config.databasePooler,
      log: app.log,
    });
    app.addHook('onReady', async () => replica.start());
    app.addHook('onClose', async () => replica.close());
    // Long enough that a mark outlives any replica still allowed to serve (lag ≤ READ_MAX_LAG_MS).
    const ttlMs = Math.max(60_000, 10 * readMaxLagMs);
    const marks = app.redis ? redisMarks(app.redis, ttlMs) : memoryMarks(ttlMs);
    const onPrimary: ReadRoute = { ...primary, fresh: true, windowCache: false };
    const onReplica: ReadRoute = {
      db: replica.db,
      fresh: false,
      windowCache: true,
      keeps: (heardAt) => replica.covers(heardAt),
      where: 'replica',
    };

    app.addHook('onSend', async (request, reply, payload) => {
      const userId = request.auth?.userId;
      if (!userId || READ_METHODS.has(request.method) || reply.statusCode >= 400) return payload;
      try {
        const { rows } = await app.database.pool!.query<{ lsn: string }>(
          'select pg_current_wal_lsn()::text as lsn',
        );
        await marks.mark(userId, parseLsn(rows[0]!.lsn));
      } catch (err) {
        // Unrecorded: this user's next public reads may briefly miss the write.
        request.log.warn({ err: (err as Error).message }, 'could not record a write position');
      }
      return payload;
    });

    app.decorate('reads', {
      replica,
      async route(request: FastifyRequest) {
        const { usable, replayed } = replica.state();
        if (!usable || replayed === null) return primary;
        const userId = request.auth?.userId;
        if (!userId) return onReplica;
        try {
          const written = await marks.get(userId);
          return written !== null && written > replayed ? onPrimary : onReplica;
        } catch {
          return onPrimary;
        }
      },
    });
  },
  { name: 'read-routing', dependencies: ['database', 'redis'] },
);
