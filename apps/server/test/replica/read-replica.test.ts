import { addDays, todayIn } from '@slotwise/shared/dates';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { parseLsn } from '../../src/db/read-replica';
import { testConfig } from '../helpers/app';
import { createTestDatabase } from '../helpers/database';
import { createProvider, type TestUser } from '../helpers/factories';

/**
 * Public reads on a streaming replica (docs/decisions/077-read-replica-and-pgbouncer.md), against
 * the replica of TEST_DATABASE_URL's server at TEST_REPLICA_URL (.ci/run: scripts/ci-replica.sh).
 * Replay is paused on the replica to make it fall behind on purpose; it is resumed after each test.
 */
const replicaUrl = process.env.TEST_REPLICA_URL;
if (!replicaUrl && process.env.REQUIRE_REPLICA === '1') {
  throw new Error('REQUIRE_REPLICA=1 but TEST_REPLICA_URL is not set (scripts/ci-replica.sh)');
}
if (replicaUrl && !process.env.TEST_DATABASE_URL) {
  throw new Error('TEST_REPLICA_URL needs TEST_DATABASE_URL (the replica is of that server)');
}
if (!replicaUrl) console.warn('read-replica tests skipped: TEST_REPLICA_URL is not set');

function onReplica(url: string): string {
  const parsed = new URL(replicaUrl!);
  parsed.pathname = new URL(url).pathname;
  return parsed.toString();
}

describe.skipIf(!replicaUrl)('public reads on a read replica', () => {
  let replica: pg.Client;

  const setReplay = (paused: boolean) =>
    replica.query(paused ? 'select pg_wal_replay_pause()' : 'select pg_wal_replay_resume()');

  /** Until the replica has this test file's database (its CREATE DATABASE replayed). */
  async function replicaReaches(url: string) {
    for (;;) {
      const client = new pg.Client({ connectionString: onReplica(url) });
      try {
        await client.connect();
        await client.end();
        return;
      } catch {
        await client.end().catch(() => {});
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  beforeAll(async () => {
    replica = new pg.Client({ connectionString: replicaUrl });
    await replica.connect();
    await setReplay(false);
  });

  afterAll(async () => {
    await setReplay(false).catch(() => {});
    await replica?.end();
  });

  /** A real app on a fresh database whose public reads may go to `readUrl` (its replica). */
  async function startApp(
    maxLagMs: number,
    readUrl?: string,
    beforeReady?: (app: FastifyInstance) => void,
  ) {
    const testDb = await createTestDatabase();
    await replicaReaches(testDb.url!);
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'slotwise-replica-'));
    const app = await buildApp(
      testConfig({
        DATA_DIR: dataDir,
        JOBS_POLL_INTERVAL_MS: '0',
        DATABASE_URL: testDb.url!,
        DATABASE_READ_URL: readUrl ?? onReplica(testDb.url!),
        READ_MAX_LAG_MS: String(maxLagMs),
      }),
      { database: testDb.database, migrate: false },
    );
    beforeReady?.(app);
    await app.ready();
    return {
      app,
      async close() {
        await app.close();
        await testDb.drop();
        await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  type Started = Awaited<ReturnType<typeof startApp>>;

  async function untilState(t: Started, usable: boolean) {
    for (;;) {
      await t.app.reads.replica!.probe();
      if (t.app.reads.replica!.state().usable === usable) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Probes until the replica has replayed everything written on the primary so far. */
  async function untilCaughtUp(t: Started) {
    const { rows } = await t.app.database.pool!.query<{ lsn: string }>(
      'select pg_current_wal_lsn()::text as lsn',
    );
    const written = parseLsn(rows[0]!.lsn);
    for (;;) {
      await t.app.reads.replica!.probe();
      const { usable, replayed } = t.app.reads.replica!.state();
      if (usable && replayed !== null && replayed >= written) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const dayOf = (user: TestUser) => addDays(todayIn(user.timezone), 3);
  const createSlot = (t: Started, user: TestUser, startTime: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/timeslots/create',
      headers: user.headers,
      payload: { day: dayOf(user), startTime, endTime: `${startTime.slice(0, 2)}:30` },
    });
  async function slotsSeenBy(t: Started, provider: TestUser, viewer: TestUser | null) {
    const day = dayOf(provider);
    const res = await t.app.inject({
      url: `/api/search/providers/${provider.providerId}/available-slots?from=${day}&to=${day}`,
      headers: viewer ? viewer.headers : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ availableSlots: unknown[] }>().availableSlots.length;
  }

  it('the writer reads their own new slot at once; an anonymous read is on the (paused) replica', async () => {
    const t = await startApp(600_000);
    try {
      const provider = await createProvider(t.app);
      // "Usable" only says the lag is allowed: the provider must be on the replica before it
      // stops replaying.
      await untilCaughtUp(t);
      await setReplay(true);
      try {
        expect((await createSlot(t, provider, '09:00')).statusCode).toBe(201);
        // Their own write, not replayed yet: the primary answers them.
        expect(await slotsSeenBy(t, provider, provider)).toBe(1);
        // Anyone else reads the replica, which has not replayed it (lag allowed: 10 minutes),
        // and that answer is not kept.
        const cached = t.app.windowCache.size;
        expect(await slotsSeenBy(t, provider, null)).toBe(0);
        expect(t.app.windowCache.size).toBe(cached);
      } finally {
        await setReplay(false);
      }
      // The replica has every change heard of now: its answer is kept in the window cache
      // (docs/decisions/077); the answer read while it lagged was not. A background job's write
      // heard between the catch-up and the read (the job worker runs meanwhile) puts the
      // replica behind again for that read, so it is asked again, caught up, a few times.
      let kept = false;
      for (let attempt = 0; attempt < 5 && !kept; attempt++) {
        await untilCaughtUp(t);
        const cachedBefore = t.app.windowCache.size;
        expect(await slotsSeenBy(t, provider, null)).toBe(1);
        kept = t.app.windowCache.size === cachedBefore + 1;
      }
      expect(kept).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('a replica further behind than READ_MAX_LAG_MS is skipped: reads go to the primary', async () => {
    const t = await startApp(300);
    try {
      const provider = await createProvider(t.app);
      await untilState(t, true);
      await setReplay(true);
      try {
        expect((await createSlot(t, provider, '10:00')).statusCode).toBe(201);
        await untilState(t, false);
        expect(t.app.reads.replica!.state().lagMs).toBeGreaterThan(300);
        expect(await slotsSeenBy(t, provider, null)).toBe(1);
      } finally {
        await setReplay(false);
      }
    } finally {
      await t.close();
    }
  });

  it('a replica that is down: reads still answer from the primary, and one log line says so', async () => {
    const dead = 'postgres://postgres@127.0.0.1:1/nowhere';
    let warn: MockInstance | undefined;
    const t = await startApp(2_000, dead, (app) => {
      warn = vi.spyOn(app.log, 'warn');
    });
    try {
      const provider = await createProvider(t.app);
      expect((await createSlot(t, provider, '11:00')).statusCode).toBe(201);
      for (let i = 0; i < 3; i++) await t.app.reads.replica!.probe();
      expect(t.app.reads.replica!.state().usable).toBe(false);
      expect(await slotsSeenBy(t, provider, null)).toBe(1);
      expect(await slotsSeenBy(t, provider, provider)).toBe(1);
      const search = await t.app.inject({ url: '/api/search/providers' });
      expect(search.statusCode, search.body).toBe(200);
      // Probed again and again (and reads tried it): one line, when it was first found down.
      const replicaLines = warn!.mock.calls.filter(([, message]) =>
        String(message).includes('read replica'),
      );
      expect(replicaLines).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
