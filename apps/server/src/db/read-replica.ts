import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { type Db, type Pooler, poolConfig } from './client';
import * as schema from './schema';
import { SessionKeepingPool } from './session-keeping-pool';

/** A WAL position (`16/B374D848`) as a number of bytes. */
export function parseLsn(text: string): bigint {
  const [high = '0', low = '0'] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

export interface ReplicaState {
  /** The last probe reached both servers and the replica was within the allowed lag. */
  usable: boolean;
  /** The WAL position the replica had replayed at the last probe (null: never reached). */
  replayed: bigint | null;
  /** How far behind the replica was at the last probe, in ms (null: not reached). */
  lagMs: number | null;
}

export interface ReadReplica {
  /** Reads on the replica; a query that cannot reach it runs on the primary instead. */
  db: Db;
  state(): ReplicaState;
  /**
   * Whether the replica had replayed, at the last probe, a primary position read after
   * `instant` (performance.now()): then every commit made before `instant` is on the replica.
   */
  covers(instant: number): boolean;
  /** Starts probing every `probeMs` (the app's onReady); until the first probe, reads use the primary. */
  start(): void;
  /** Probes now (tests). */
  probe(): Promise<void>;
  close(): Promise<void>;
}

export interface ReadReplicaOptions {
  url: string;
  primary: pg.Pool;
  maxLagMs: number;
  poolSize: number;
  pooler: Pooler;
  log: FastifyBaseLogger;
  probeMs?: number;
}

/** Errors that say "the replica cannot answer this now", not "this query is wrong". */
function replicaUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true; // a socket error
  // connection exceptions, operator intervention (shutdown), recovery conflicts
  return code.startsWith('08') || code.startsWith('57P') || code === '40001';
}

/**
 * A streaming replica for public reads (docs/decisions/077-read-replica-and-pgbouncer.md). Every
 * `probeMs` one tiny query on each side compares the primary's `pg_current_wal_lsn()` with the
 * replica's `pg_last_wal_replay_lsn()`. Lag in time: the primary's positions of the last probes
 * are kept with their instants; the replica is as far behind as the oldest of them it has not
 * replayed yet (0 when it has replayed the newest). An idle primary's position does not move, so
 * an idle replica shows no lag (a replay timestamp would grow while nothing is written).
 */
export function openReadReplica(options: ReadReplicaOptions): ReadReplica {
  const { primary, maxLagMs, log } = options;
  const probeMs = options.probeMs ?? 500;
  const pool = new SessionKeepingPool({
    ...poolConfig(options.url, options.poolSize, options.pooler, {
      queueMs: 5_000,
      // A replica that does not answer at once is not worth a request's wait: the primary is.
      connectMs: 1_000,
    }),
    // Opened on demand: a replica that is down at start must not hold the start.
    min: 0,
  });
  pool.on('error', (err) => log.debug({ err: err.message }, 'read replica client error'));

  let state: ReplicaState = { usable: false, replayed: null, lagMs: null };
  let down = false;
  /** The primary's positions of the last probes: `at` (Date.now()) for the lag, `askedAt`
   * (performance.now(), just before the question) for `covers`. */
  const history: { at: number; askedAt: number; lsn: bigint }[] = [];

  const markDown = (reason: string) => {
    state = { ...state, usable: false };
    if (down) return;
    down = true;
    log.warn({ reason }, 'read replica unreachable: reads go to the primary, retrying');
  };

  const probe = async () => {
    let replayed: bigint;
    try {
      const { rows } = await pool.query<{ lsn: string | null }>(
        'select pg_last_wal_replay_lsn()::text as lsn',
      );
      if (!rows[0]?.lsn) throw new Error('not a replica (pg_last_wal_replay_lsn is null)');
      replayed = parseLsn(rows[0].lsn);
    } catch (error) {
      markDown((error as Error).message);
      return;
    }
    let current: bigint;
    const askedAt = performance.now();
    try {
      const { rows } = await primary.query<{ lsn: string }>(
        'select pg_current_wal_lsn()::text as lsn',
      );
      current = parseLsn(rows[0]!.lsn);
    } catch {
      state = { ...state, usable: false };
      return;
    }
    const now = Date.now();
    history.push({ at: now, askedAt, lsn: current });
    while (history.length > 1 && history[0]!.at < now - 2 * maxLagMs - 2 * probeMs) history.shift();
    const missing = history.find((sample) => sample.lsn > replayed);
    const lagMs = missing ? now - missing.at : 0;
    if (down) log.info('read replica reachable again');
    down = false;
    state = { usable: lagMs <= maxLagMs, replayed, lagMs };
  };

  let probing: Promise<void> | null = null;
  const probeOnce = () => (probing ??= probe().finally(() => (probing = null)));
  let timer: NodeJS.Timeout | null = null;

  // Queries that fail for want of the replica run again on the primary: a read answers anyway.
  // Named …Pool so drizzle treats it as a pool: a transaction on it (none today) takes one
  // primary connection for all its statements.
  class ReplicaOrPrimaryPool {
    async query(...args: unknown[]): Promise<unknown> {
      const run = (target: pg.Pool) =>
        (target.query as (...a: unknown[]) => Promise<unknown>).apply(target, args);
      if (!state.usable) return run(primary);
      try {
        return await run(pool);
      } catch (error) {
        if (!replicaUnavailable(error)) throw error;
        markDown((error as Error).message);
        return run(primary);
      }
    }

    connect() {
      return primary.connect();
    }
  }
  const fallback = new ReplicaOrPrimaryPool();
  const db = drizzlePg({ client: fallback as unknown as pg.Pool, schema }) as unknown as Db;

  return {
    db,
    state: () => state,
    covers(instant) {
      const { usable, replayed } = state;
      if (!usable || replayed === null) return false;
      return history.some((sample) => sample.askedAt > instant && sample.lsn <= replayed);
    },
    probe: probeOnce,
    start() {
      if (timer) return;
      timer = setInterval(() => void probeOnce(), probeMs);
      timer.unref();
      void probeOnce();
    },
    async close() {
      if (timer) clearInterval(timer);
      await probing?.catch(() => {});
      await pool.end().catch(() => {});
    },
  };
}
