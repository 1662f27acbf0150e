import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, testConfig, useTestWorld } from '../../../test/helpers/app';
import { createProvider, type TestUser } from '../../../test/helpers/factories';
import { buildApp } from '../../app';
import { type Database, openDatabase, queryRows } from '../../db/client';
import { directUrlOf, testPooler } from '../../../test/helpers/pooler';

/**
 * The daily run (docs/decisions/040-weekly-hours-and-time-off.md): it keeps the horizon filled as
 * days pass, runs once per day, catches up at start — and, on PostgreSQL, two instances running
 * it at the same moment create nothing twice. Driven with explicit clocks.
 */

const NOW = new Date('2027-01-04T15:00:00Z'); // Monday 10:00 in New York
const DAY = 24 * 3600 * 1000;
const EVERY_DAY_AT_NINE = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
  weekday,
  start: '09:00',
  end: '10:00',
  slotMinutes: 60,
}));

async function saveHours(app: FastifyInstance, provider: TestUser, horizonWeeks = 1) {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/availability/weekly',
    headers: provider.headers,
    payload: { rules: EVERY_DAY_AT_NINE, horizonWeeks },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().generation.created as number;
}

async function daysOf(app: FastifyInstance, provider: TestUser): Promise<string[]> {
  const rows = await queryRows<{ day: string }>(
    app.database.db,
    sql`select day::text as day from timeslots where provider_id = ${provider.providerId}
        order by starts_at`,
  );
  return rows.map((row) => row.day);
}

describe('the daily run on one instance', () => {
  const t = useTestWorld(
    async (app) => {
      const provider: TestUser = await createProvider(app);
      // Today's 09:00 has passed: Tuesday to Sunday.
      expect(await saveHours(app, provider)).toBe(6);
      return { provider };
    },
    { now: NOW },
  );

  it('fills the horizon as days pass, once per day', async () => {
    const tuesday = new Date(NOW.getTime() + DAY);
    const first = await t.app.schedule.runDaily(tuesday);
    expect(first).toEqual({
      ran: true,
      day: '2027-01-05',
      providers: 1,
      created: 1,
      failed: 0,
      purgedJobs: 0,
    });
    const again = await t.app.schedule.runDaily(new Date(tuesday.getTime() + 3600_000));
    expect(again).toMatchObject({ ran: false, day: '2027-01-05', created: 0 });
    expect(await t.app.schedule.hasRun(tuesday)).toBe(true);

    // Two days of downtime: Thursday's run catches up both missing days.
    const thursday = new Date(NOW.getTime() + 3 * DAY);
    expect(await t.app.schedule.runDaily(thursday)).toMatchObject({ ran: true, created: 2 });
    expect(await daysOf(t.app, t.provider)).toEqual([
      '2027-01-05',
      '2027-01-06',
      '2027-01-07',
      '2027-01-08',
      '2027-01-09',
      '2027-01-10',
      '2027-01-11',
      '2027-01-12',
      '2027-01-13',
    ]);
  });

  it('start() checks at once whether the day has run and runs it if not; stop() waits for it', async () => {
    const friday = new Date(NOW.getTime() + 4 * DAY);
    vi.setSystemTime(friday);
    expect(await t.app.schedule.hasRun(friday)).toBe(false);
    t.app.schedule.start();
    await t.app.schedule.stop();
    expect(await t.app.schedule.hasRun(friday)).toBe(true);
    expect((await daysOf(t.app, t.provider)).at(-1)).toBe('2027-01-14');
  });
});

/**
 * Two app instances, each with its own connection pool, on one PostgreSQL database (PGlite is a
 * single in-process connection: there is no "at the same moment" to test there).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) {
  console.warn(
    'daily run across two instances skipped: set TEST_DATABASE_URL=postgres://… to run it (PGlite has one connection)',
  );
}

describe.skipIf(!onPostgres)('the daily run on two instances sharing PostgreSQL', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let secondDb: Database;
  let providers: TestUser[];

  beforeAll(async () => {
    t = await createTestApp();
    secondDb = await openDatabase({
      databaseUrl: t.testDb.url!,
      dataDir: '',
      poolSize: 4,
      // Behind PgBouncer: no statement_timeout sent, LISTEN on PostgreSQL itself (decision 077).
      pooler: testPooler(),
      directUrl: directUrlOf(t.testDb.url!),
    });
    const config = testConfig({ DATA_DIR: t.dataDir, PUBLIC_URL: 'http://localhost:5001' });
    second = await buildApp(config, { database: secondDb, migrate: false });
    await second.ready();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    providers = [];
    for (let i = 0; i < 3; i++) {
      const provider = await createProvider(t.app);
      expect(await saveHours(t.app, provider)).toBe(6);
      providers.push(provider);
    }
  });
  afterAll(async () => {
    vi.useRealTimers();
    await second?.close();
    await secondDb?.close();
    await t?.close();
  });

  async function countAndDistinct() {
    const [row] = await queryRows<{ n: number; distinct_starts: number }>(
      t.app.database.db,
      sql`select count(*)::int as n,
            count(distinct (provider_id, starts_at))::int as distinct_starts
          from timeslots`,
    );
    return row!;
  }

  it('the same day started at the same moment: one instance runs it, nothing is created twice', async () => {
    const tuesday = new Date(NOW.getTime() + DAY);
    const results = await Promise.all([
      t.app.schedule.runDaily(tuesday),
      second.schedule.runDaily(tuesday),
    ]);
    expect(results.filter((r) => r.ran)).toHaveLength(1);
    expect(results.reduce((sum, r) => sum + r.created, 0)).toBe(3);
    expect(await countAndDistinct()).toEqual({ n: 21, distinct_starts: 21 });
  });

  it('even generations of the same providers racing each other create each slot once', async () => {
    const friday = new Date(NOW.getTime() + 4 * DAY);
    const reports = await Promise.all(
      providers.flatMap((p) => [
        t.app.schedule.fillProvider(p.providerId!, friday),
        second.schedule.fillProvider(p.providerId!, friday),
      ]),
    );
    // Three new days for each provider (Tuesday's run reached Monday 01-11).
    expect(reports.reduce((sum, r) => sum + r.created, 0)).toBe(9);
    const { n, distinct_starts } = await countAndDistinct();
    expect(n).toBe(distinct_starts);
    expect(n).toBe(30);
  });
});
