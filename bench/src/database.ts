import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { hashPassword } from '../../apps/server/src/modules/accounts/passwords';
import { DATASET } from './dataset';
import { classIds, payIds, providerId, teamIds, webhookIds } from './ids';
import { seedSteps } from './seed';
import { webhookSteps } from './seed-webhooks';
import { waitlistSteps } from './seed-waitlist';

export const BENCH_PASSWORD = 'bench-password-1';

export interface BenchDatabase {
  kind: 'postgres' | 'pglite';
  /** DATABASE_URL for the processes (PostgreSQL), or undefined (embedded). */
  url: string | undefined;
  /** DATA_DIR for the processes: the embedded database lives in DATA_DIR/db. */
  dataDir: string;
  describe: string;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * A fresh database: `slotwise_bench_<rand>` on the BENCH_DATABASE_URL server (dropped at the
 * end), or an embedded PGlite in a temporary DATA_DIR. Migrated and seeded before any server
 * starts (PGlite is one process's database: the runner closes it before handing it over).
 */
export async function createBenchDatabase(
  log: (line: string) => void,
  seed: 'all' | 'payments' | 'waitlist' | 'none' = 'all',
): Promise<BenchDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'slotwise-bench-'));
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const reuse = process.env.BENCH_REUSE_DATABASE;
  if (adminUrl && reuse) return reuseDatabase(withDatabase(adminUrl, reuse), dataDir, log);
  let bench: BenchDatabase;
  if (adminUrl) {
    const name = `slotwise_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = withDatabase(adminUrl, name);
    bench = {
      kind: 'postgres',
      url,
      dataDir,
      describe: `PostgreSQL ${new URL(adminUrl).host}/${name}`,
      async drop() {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
        await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
  } else {
    bench = {
      kind: 'pglite',
      url: undefined,
      dataDir,
      describe: `embedded PGlite in ${dataDir}`,
      async drop() {
        await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  try {
    const database = await openDatabase({ databaseUrl: bench.url, dataDir, poolSize: 2 });
    try {
      await runMigrations(database);
      const passwordHash = await hashPassword(BENCH_PASSWORD);
      const steps =
        seed === 'all'
          ? [
              ...seedSteps(passwordHash),
              ...webhookSteps(passwordHash),
              ...waitlistSteps(passwordHash),
            ]
          : seed === 'payments'
            ? webhookSteps(passwordHash)
            : seed === 'waitlist'
              ? waitlistSteps(passwordHash)
              : [];
      for (const step of steps) {
        const started = performance.now();
        // The server's pool stops statements after 15 s: seeding a million rows takes longer.
        await database.db.transaction(async (tx) => {
          await tx.execute(sql.raw('set local statement_timeout = 0'));
          await tx.execute(sql.raw("set local maintenance_work_mem = '256MB'"));
          if (step.bulk) await tx.execute(sql.raw('set local session_replication_role = replica'));
          await tx.execute(sql.raw(step.sql));
        });
        log(`  seeded ${step.name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
      if (seed === 'all') {
        // Outside a transaction, as autovacuum would soon after a bulk load: merges the trigram
        // GIN index's pending list, without which the planner prices q's index scan over all
        // 100,000 fresh entries and reads the table instead (docs/decisions/061).
        const started = performance.now();
        await database.db.execute(sql.raw('vacuum (analyze) providers'));
        log(`  vacuumed providers in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
    } finally {
      await database.close();
    }
  } catch (error) {
    await bench.drop().catch(() => {});
    throw error;
  }
  return bench;
}

/**
 * For working on the bench itself: BENCH_REUSE_DATABASE=<name> (on the BENCH_DATABASE_URL
 * server) skips seeding an already seeded database; what earlier runs booked is undone, and
 * the database is kept.
 */
async function reuseDatabase(
  url: string,
  dataDir: string,
  log: (line: string) => void,
): Promise<BenchDatabase> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Only the storm, real-time, teams, class-rush, series, payments and waitlist scenarios book: undo
  // what they booked (a hold's payment goes with its appointment; its expiry job then finds none).
  const touched = [
    providerId(DATASET.stormProvider.index),
    ...Array.from({ length: DATASET.realtimeProviders }, (_, n) =>
      providerId(DATASET.firstRealtimeProvider + n),
    ),
    ...[1, 2].flatMap((b) =>
      Array.from({ length: DATASET.teams.staff }, (_, s) => teamIds.provider(b, s + 1)),
    ),
    classIds.provider(1),
    classIds.provider(2),
    payIds.provider,
    webhookIds.provider,
  ];
  await client.query('delete from appointments where provider_id = any($1::uuid[])', [touched]);
  await client.query('delete from appointment_series where provider_id = any($1::uuid[])', [
    touched,
  ]);
  await client.query(
    'update timeslots set is_booked = false, seats_taken = 0 where (is_booked or seats_taken > 0) and provider_id = any($1::uuid[])',
    [touched],
  );
  // The waitlist's rows as seeded: no offers, every entry waiting, its bookings back (the
  // rounds canceled them, the rushes' offerees booked them again).
  const waitlistProviders = `select p.id from providers p join users u on u.id = p.user_id
    where u.email like 'wl-provider%@bench.slotwise.test'`;
  await client.query('delete from waitlist_offers');
  await client.query("update waitlist_entries set status = 'waiting' where status <> 'waiting'");
  await client.query(`delete from appointments where provider_id in (${waitlistProviders})`);
  await client.query(waitlistSteps('')[3]!.sql);
  await client.query(`update timeslots t set held_until = null,
      seats_taken = (select count(*) from appointments a where a.timeslot_id = t.id and a.status = 'booked'),
      is_booked = exists (select 1 from appointments a where a.timeslot_id = t.id and a.status = 'booked')
    where provider_id in (${waitlistProviders})`);
  await client.query('delete from notifications');
  await client.query('vacuum analyze appointments, timeslots, appointment_events, notifications');
  await client.end();
  log(`reusing ${url} (earlier bookings undone)`);
  return {
    kind: 'postgres',
    url,
    dataDir,
    describe: `PostgreSQL ${new URL(url).host}${new URL(url).pathname} (reused)`,
    async drop() {
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
