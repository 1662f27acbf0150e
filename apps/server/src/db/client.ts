import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgSession } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import * as schema from './schema';
import { SessionKeepingPool } from './session-keeping-pool';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Services take either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  poolStats(): PoolStats;
  /**
   * PostgreSQL: opens every connection of the pool now (main.ts, before listening), so the first
   * burst does not wait for them (docs/decisions/062). PGlite: nothing to open.
   */
  warm(): Promise<void>;
  close(): Promise<void>;
  /** The underlying PGlite (embedded only), for migrations and test templates. */
  pglite?: PGlite;
  /** The underlying pool (PostgreSQL only). */
  pool?: pg.Pool;
  /** `pgbouncer`: DATABASE_URL is PgBouncer in transaction mode (docs/decisions/077). */
  pooler: Pooler;
  /**
   * A connection string that reaches PostgreSQL itself, for what needs a session: LISTEN and the
   * migrations' advisory lock (DATABASE_DIRECT_URL, else DATABASE_URL). PostgreSQL only.
   */
  directUrl?: string;
}

export type Pooler = 'none' | 'pgbouncer';

export const pgliteExtensions = { pg_trgm, btree_gist, cube, earthdistance };

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  poolSize: number;
  logger?: FastifyBaseLogger;
  /** PostgreSQL: the pool's waits (tests shorten them; see POOL_WAITS). */
  poolWaits?: PoolWaits;
  /** Tests hand in a ready PGlite (e.g. cloned from a migrated template). */
  pglite?: PGlite;
  /** What sits between us and PostgreSQL (DATABASE_POOLER); default none. */
  pooler?: Pooler;
  /** DATABASE_DIRECT_URL: PostgreSQL itself when DATABASE_URL is a pooler. */
  directUrl?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(options);
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  let client = options.pglite;
  if (!client) {
    const dir = path.join(options.dataDir, 'db');
    // PGlite needs the parent folder to exist before it can create its own.
    await fs.mkdir(options.dataDir, { recursive: true });
    client = await PGlite.create(dir, { extensions: pgliteExtensions });
  }
  const pglite = client;
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite,
    async ping() {
      await pglite.query('select 1');
    },
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    pooler: 'none',
    async warm() {},
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}

export interface PoolWaits {
  /** How long a query may wait in the pool's (first-come, first-served) queue for a connection. */
  queueMs: number;
  /** How long opening one new connection may take. */
  connectMs: number;
}

/**
 * A burst (a booking rush: 2,000 requests on 10 connections, docs/decisions/058) is queued, not
 * refused: a request waits its turn for a connection as long as a burst takes to drain, far
 * longer than 5 s. A database that is down is still a quick, clear 503: opening a connection to
 * it is refused at once (or times out after `connectMs`), and every waiter's own attempt fails
 * the same way instead of waiting out the queue.
 */
export const POOL_WAITS: PoolWaits = { queueMs: 30_000, connectMs: 5_000 };

/**
 * pg-pool has one `connectionTimeoutMillis` for both waits: the pool's is the queue wait, and
 * each new client gets the (shorter) connect timeout of its own.
 */
export function clientWithConnectTimeout(connectMs: number, pooler: Pooler): typeof pg.Client {
  return class extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      const options = typeof config === 'string' ? { connectionString: config } : config;
      super({ ...options, connectionTimeoutMillis: connectMs });
    }

    override query(...args: unknown[]): never {
      // PgBouncer 1.18 in transaction mode hands each transaction whichever server connection is
      // free: a statement prepared by name on one is unknown on the next. Every named statement
      // (drizzle's `.prepare(name)`, preparedRows below) becomes an unnamed one here, in one place.
      const [first] = args;
      if (pooler === 'pgbouncer' && first && typeof first === 'object' && 'name' in first) {
        const { name: _name, ...unnamed } = first as { name?: string };
        args[0] = unnamed;
      }
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  };
}

/** The pool's settings; the read replica's pool (read-replica.ts) uses them too. */
export function poolConfig(
  url: string,
  poolSize: number,
  pooler: Pooler,
  waits: PoolWaits = POOL_WAITS,
): pg.PoolConfig {
  return {
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: waits.queueMs,
    Client: clientWithConnectTimeout(waits.connectMs, pooler),
    idleTimeoutMillis: 30_000,
    // Opened connections stay open (warm() opens them all at start): a burst after a quiet spell
    // must not wait for new backends, nor PostgreSQL parse the prepared statements again.
    min: poolSize,
    // A stuck query must not hold a request (and a pool slot) forever. PgBouncer refuses it as a
    // startup parameter: behind it, set it on the role or database (docs/deploy.md).
    ...(pooler === 'pgbouncer' ? {} : { statement_timeout: 15_000 }),
  };
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const { poolSize, logger } = options;
  const pooler = options.pooler ?? 'none';
  const pool = new SessionKeepingPool(poolConfig(url, poolSize, pooler, options.poolWaits));
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', (err) => logger?.warn({ err: err.message }, 'postgres pool client error'));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  let closed = false;
  return {
    kind: 'postgres',
    db,
    pool,
    pooler,
    directUrl: options.directUrl ?? url,
    async ping() {
      await db.execute(sql`select 1`);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async warm() {
      const clients = await Promise.all(Array.from({ length: poolSize }, () => pool.connect()));
      for (const client of clients) client.release();
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** Rows of a raw SQL query; both drivers answer `{ rows }` (numbers from count() may be strings). */
export async function queryRows<T = Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** What drizzle's own `execute` prepares a raw statement with (public on every database handle). */
interface RawStatementMaker {
  dialect: PgDialect;
  session: PgSession;
}

type PreparedRaw = ReturnType<PgSession['prepareQuery']>;

const preparedRaw = new WeakMap<DbOrTx, Map<string, PreparedRaw>>();

/**
 * Rows of a raw SQL statement prepared under `name`, its values given as `sql.placeholder`s and
 * filled from `values`. `db.execute` sends an unnamed statement, which PostgreSQL parses and plans
 * on every call; a named one is parsed once per pooled connection and its plan reused (the
 * booking claim: parse and plan were ~1 of its ~2 ms in the database, docs/decisions/058). Built
 * once per database handle; `build` must give the same text every time (node-postgres refuses a
 * name reused for another text). PGlite runs it as an ordinary parameterised query.
 */
export async function preparedRows<T = Record<string, unknown>>(
  db: DbOrTx,
  name: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<T[]> {
  let byName = preparedRaw.get(db);
  if (!byName) preparedRaw.set(db, (byName = new Map()));
  let statement = byName.get(name);
  if (!statement) {
    const { dialect, session } = db as unknown as RawStatementMaker;
    statement = session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false);
    byName.set(name, statement);
  }
  const result = (await statement.execute(values)) as { rows: T[] };
  return result.rows;
}
