/**
 * Past one database server (docs/decisions/077-read-replica-and-pgbouncer.md), PostgreSQL only:
 *
 * - `replica`: search and available slots on a server whose public reads go to a streaming
 *   replica (DATABASE_READ_URL) against the same on a server reading the primary, alternated in
 *   one run; then the booking rush on the primary alone, while a steady read load is served from
 *   the replica, and while the same load is served from the primary.
 * - `pgbouncer`: the booking rush through PgBouncer in transaction mode (DATABASE_POOLER), on
 *   rounds of fresh slots of its own, to set beside the direct rushes of `storm`.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { parseLsn } from '../../../apps/server/src/db/read-replica';
import { type Scenario, log } from '../cli';
import type { BenchDatabase } from '../database';
import { DATASET } from '../dataset';
import { type LoadResult } from '../load';
import { type BenchProcess, startServer, withServers } from '../processes';
import { READ_ENDPOINTS, authHeaders, measureEndpoint } from './reads';
import { type StormResult, runStorm } from './storm';

export interface ReplicaReadPair {
  key: string;
  label: string;
  primary: LoadResult;
  replica: LoadResult;
}

export interface ReplicaRushes {
  /** The rush on the primary with nothing else going on. */
  alone: StormResult;
  /** The same while a second server answers `readRate` reads a second from the replica. */
  readsOnReplica: StormResult;
  /** The same while that server answers the reads from the primary. */
  readsOnPrimary: StormResult;
  readRate: number;
  /** The reads answered during each rush (per second over the rush). */
  readsDuringReplicaRush: number;
  readsDuringPrimaryRush: number;
}

export interface ReplicaResult {
  reads: ReplicaReadPair[];
  rushes: ReplicaRushes;
  /** The replica's replay behind the primary once the bench's data was written, ms to catch up. */
  catchUpMs: number;
}

export interface PoolerResult {
  rushes: StormResult[];
}

/** The bench database's URL on another server (the replica, PgBouncer): same name. */
function onServer(adminUrl: string, db: BenchDatabase): string {
  const url = new URL(adminUrl);
  url.pathname = new URL(db.url!).pathname;
  return url.toString();
}

/**
 * The replica's replay paused or resumed (`pg_wal_replay_pause()`). A streaming replica on the
 * bench's own machine replays every row the run writes on the same cores; paused, it only
 * receives the WAL, so every other scenario runs as if it were not there, and the `replica`
 * scenario resumes it and waits for it to catch up before measuring (bench/README.md).
 */
export async function setReplay(replicaAdminUrl: string, running: boolean): Promise<void> {
  const replica = new pg.Client({ connectionString: replicaAdminUrl });
  await replica.connect();
  try {
    await replica.query(running ? 'select pg_wal_replay_resume()' : 'select pg_wal_replay_pause()');
  } finally {
    await replica.end().catch(() => {});
  }
}

/** Waits until the replica has replayed everything the primary had written when asked. */
async function waitForReplay(primaryUrl: string, replicaAdminUrl: string): Promise<number> {
  const started = performance.now();
  const primary = new pg.Client({ connectionString: primaryUrl });
  await primary.connect();
  const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  await primary.end();
  const target = parseLsn(rows[0]!.lsn);
  // Replaying the whole seed after a run-long pause takes minutes on this machine.
  const deadline = Date.now() + 900_000;
  for (;;) {
    // Asked on the admin database, not the bench's: while the seed's cleanup is replayed, a
    // session on the bench database is cancelled as a conflict with recovery (40001, FATAL).
    const replica = new pg.Client({ connectionString: replicaAdminUrl });
    // A FATAL after the query must not become an unhandled 'error' event.
    replica.on('error', () => {});
    try {
      await replica.connect();
      const { rows: replayed } = await replica.query<{ lsn: string | null }>(
        'select pg_last_wal_replay_lsn()::text as lsn',
      );
      if (!replayed[0]?.lsn) throw new Error(`${replicaAdminUrl} is not a replica`);
      if (parseLsn(replayed[0].lsn) >= target) return performance.now() - started;
    } catch (error) {
      // A conflict with recovery or a restart: ask again.
      const code = (error as { code?: string }).code;
      if (code !== '40001' && code !== '57P01' && code !== '57P03') throw error;
    } finally {
      await replica.end().catch(() => {});
    }
    if (Date.now() > deadline) throw new Error(`the replica did not catch up within 900 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A steady read load (search and available slots in turn) at `rate` a second, until stopped. */
async function steadyReads(url: string, rate: number) {
  const endpoints = READ_ENDPOINTS.filter((e) => e.key === 'search' || e.key === 'slots');
  const paths = endpoints.flatMap((e) => e.paths);
  const headers = await authHeaders('client');
  let next = 0;
  const instance = autocannon({
    url,
    connections: 20,
    duration: 600,
    overallRate: rate,
    headers,
    timeout: 30,
    requests: [
      { method: 'GET', setupRequest: (r) => ({ ...r, path: paths[next++ % paths.length]! }) },
    ],
  });
  let answered = 0;
  instance.on('response', () => answered++);
  // Let it reach its rate before anything is measured beside it.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  return {
    answered: () => answered,
    async stop() {
      instance.stop();
      await instance;
    },
  };
}

/** The rush of `round`, with `beside` (a steady read load) running, and the reads it answered. */
async function rushBeside(
  server: BenchProcess,
  round: number,
  beside: { url: string; rate: number } | null,
): Promise<{ rush: StormResult; readsPerSecond: number }> {
  const reads = beside ? await steadyReads(beside.url, beside.rate) : null;
  const before = reads?.answered() ?? 0;
  const rush = await runStorm(server.url, {
    round,
    serverPid: server.child.pid,
    inspectPort: undefined,
  });
  const readsPerSecond = reads ? ((reads.answered() - before) / rush.wallMs) * 1000 : 0;
  await reads?.stop();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  return { rush, readsPerSecond };
}

export async function runReplica(
  db: BenchDatabase,
  replicaAdminUrl: string,
  load: { connections: number; duration: number; warmup: number },
): Promise<ReplicaResult> {
  const replicaUrl = onServer(replicaAdminUrl, db);
  await setReplay(replicaAdminUrl, true);
  const catchUpMs = await waitForReplay(db.url!, replicaAdminUrl);
  log(`replica: caught up with the seeded primary in ${(catchUpMs / 1000).toFixed(1)} s`);
  try {
    return await measureReplica(db, replicaUrl, load, catchUpMs);
  } finally {
    // What runs after (PgBouncer, the ceilings) runs without replay beside it again.
    await setReplay(replicaAdminUrl, false);
  }
}

async function measureReplica(
  db: BenchDatabase,
  replicaUrl: string,
  load: { connections: number; duration: number; warmup: number },
  catchUpMs: number,
): Promise<ReplicaResult> {
  return withServers(
    [() => startServer(db), () => startServer(db, { DATABASE_READ_URL: replicaUrl })],
    async ([onPrimary, onReplica]) => {
      // The replica's probe (every 500 ms) must have seen it before reads go there.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const reads: ReplicaReadPair[] = [];
      for (const endpoint of READ_ENDPOINTS.filter((e) => ['search', 'slots'].includes(e.key))) {
        log(`replica: ${endpoint.label}, primary then replica`);
        const primary = await measureEndpoint(onPrimary!.url, endpoint, load);
        const replica = await measureEndpoint(onReplica!.url, endpoint, load);
        reads.push({ key: endpoint.key, label: endpoint.label, primary, replica });
      }
      // The rushes: the primary server books; the replica server answers reads beside it.
      const readRate = 1_000;
      const first = DATASET.stormProvider.rounds + DATASET.stormProvider.pooledRounds;
      log('replica: booking rush on the primary, alone');
      const alone = await rushBeside(onPrimary!, first, null);
      log(`replica: booking rush on the primary, ${readRate} reads/s from the replica beside it`);
      const withReplica = await rushBeside(onPrimary!, first + 1, {
        url: onReplica!.url,
        rate: readRate,
      });
      log(`replica: booking rush on the primary, ${readRate} reads/s from the primary beside it`);
      const withPrimary = await rushBeside(onPrimary!, first + 2, {
        url: onPrimary!.url,
        rate: readRate,
      });
      return {
        reads,
        catchUpMs,
        rushes: {
          alone: alone.rush,
          readsOnReplica: withReplica.rush,
          readsOnPrimary: withPrimary.rush,
          readRate,
          readsDuringReplicaRush: withReplica.readsPerSecond,
          readsDuringPrimaryRush: withPrimary.readsPerSecond,
        },
      };
    },
  );
}

export async function runPooler(db: BenchDatabase, poolerAdminUrl: string): Promise<PoolerResult> {
  const pooled = onServer(poolerAdminUrl, db);
  return withServers(
    [
      () =>
        startServer(db, {
          DATABASE_URL: pooled,
          DATABASE_POOLER: 'pgbouncer',
          DATABASE_DIRECT_URL: db.url!,
        }),
    ],
    async ([server]) => {
      const rushes: StormResult[] = [];
      for (let n = 0; n < DATASET.stormProvider.pooledRounds; n++) {
        const round = DATASET.stormProvider.rounds + n;
        log(`booking rush ${n + 1} through PgBouncer: 2,000 requests on 500 fresh slots`);
        rushes.push(
          await runStorm(server!.url, {
            round,
            serverPid: server!.child.pid,
            inspectPort: undefined,
          }),
        );
      }
      return { rushes };
    },
  );
}

/**
 * The scenarios `replica` (a streaming replica of BENCH_DATABASE_URL's server at
 * BENCH_REPLICA_URL, scripts/ci-replica.sh) and `pgbouncer` (PgBouncer in front of it at
 * BENCH_PGBOUNCER_URL, scripts/ci-pgbouncer.sh), each skipped, saying so, without its server.
 */
export async function runScale(
  scenarios: Scenario[],
  db: BenchDatabase,
  load: { connections: number; duration: number; warmup: number },
): Promise<{ replica?: ReplicaResult; pooler?: PoolerResult }> {
  const results: { replica?: ReplicaResult; pooler?: PoolerResult } = {};
  for (const [scenario, variable] of [
    ['replica', 'BENCH_REPLICA_URL'],
    ['pgbouncer', 'BENCH_PGBOUNCER_URL'],
  ] as const) {
    if (!scenarios.includes(scenario)) continue;
    const url = process.env[variable];
    if (db.kind !== 'postgres' || !url) {
      log(`${scenario}: skipped (needs BENCH_DATABASE_URL and ${variable})`);
      continue;
    }
    if (scenario === 'replica') results.replica = await runReplica(db, url, load);
    else results.pooler = await runPooler(db, url);
  }
  return results;
}
