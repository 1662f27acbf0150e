import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers/app';
import { queryRows } from '../db/client';
import { DEFAULT_LANE, enqueueJobs, type JobLane } from './job-queue';
import { MAX_YIELD_MS, yieldingAtMost } from './worker';

/**
 * The worker's turns and lanes (docs/decisions/083-background-work-under-load.md): a backlog of
 * one kind does not hold up another kind's due job, a lane's kinds are run by that lane only,
 * and background work yields to requests for a while, not for as long as they keep coming.
 */

const MINUTE = 60_000;

describe('the job queue: kinds take turns, lanes run their own kinds', () => {
  const t = useTestApp();

  /** Jobs of `kind` due at `runAt`, and a handler that records the order they ran in. */
  const ran: string[] = [];
  const queue = async (kind: string, count: number, runAt: Date) => {
    t.app.jobs.register(kind, async () => {
      ran.push(kind);
    });
    await enqueueJobs(
      t.app.database.db,
      Array.from({ length: count }, () => ({ kind, payload: {}, runAt })),
    );
  };

  it('a job due after a backlog of another kind runs in the first round, not after the backlog', async () => {
    const now = new Date(Date.now() + 24 * 60 * MINUTE);
    await queue('test.backlog-mail', 20, new Date(now.getTime() - 10 * MINUTE));
    await queue('test.calendar', 1, now);
    ran.length = 0;
    expect(await t.app.jobs.runDue(now, 2)).toEqual({ done: 2, retried: 0, failed: 0 });
    expect(ran.sort()).toEqual(['test.backlog-mail', 'test.calendar']);
    // Within a kind, oldest first; the rest of the backlog still runs.
    expect((await t.app.jobs.runDue(now)).done).toBe(19);
    expect(await t.app.jobs.dueKinds(now)).toEqual([]);
  });

  it('lists the kinds with a job due (not those only due later) in one statement', async () => {
    const now = new Date(Date.now() + 48 * 60 * MINUTE);
    await queue('test.due-b', 2, now);
    await queue('test.due-a', 1, new Date(now.getTime() - MINUTE));
    await queue('test.later', 3, new Date(now.getTime() + MINUTE));
    expect(await t.app.jobs.dueKinds(now)).toEqual(['test.due-a', 'test.due-b']);
    await t.app.jobs.runDue(now);
    expect(await t.app.jobs.dueKinds(now)).toEqual([]);
    expect(await t.app.jobs.dueKinds(new Date(now.getTime() + MINUTE))).toEqual(['test.later']);
    await t.app.jobs.runDue(new Date(now.getTime() + MINUTE));
  });

  it('a lane runs its own kinds, several at once; the default lane leaves them alone', async () => {
    const lane: JobLane = { name: 'test-lane', concurrency: 3 };
    const now = new Date(Date.now() + 72 * 60 * MINUTE);
    let inFlight = 0;
    let most = 0;
    t.app.jobs.register(
      'test.in-lane',
      async () => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 30));
        inFlight--;
      },
      { lane },
    );
    await enqueueJobs(
      t.app.database.db,
      Array.from({ length: 6 }, () => ({ kind: 'test.in-lane', payload: {}, runAt: now })),
    );
    await queue('test.in-default', 2, now);
    expect(t.app.jobs.laneOf('test.in-lane')).toBe(lane);
    expect(t.app.jobs.laneOf('test.unknown-kind')).toBe(DEFAULT_LANE);
    expect(t.app.jobs.lanes().map((l) => l.name)).toContain('test-lane');

    expect((await t.app.jobs.runDue(now, 50, () => false, DEFAULT_LANE)).done).toBe(2);
    expect(await t.app.jobs.dueKinds(now)).toEqual(['test.in-lane']);
    expect((await t.app.jobs.runDue(now, 50, () => false, lane)).done).toBe(6);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(3);
  });

  // PGlite is one connection: a transaction there holds every other query until it ends.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a round whose due jobs are all held by another worker ends the run instead of spinning',
    async () => {
      const now = new Date(Date.now() + 96 * 60 * MINUTE);
      await queue('test.held', 1, now);
      // Another worker's claim holds the row (FOR UPDATE SKIP LOCKED skips it; the listing sees it).
      const result = await t.app.database.db.transaction(async (tx) => {
        await queryRows(tx, sql`select id from jobs where kind = 'test.held' for update`);
        return t.app.jobs.runDue(now);
      });
      expect(result).toEqual({ done: 0, retried: 0, failed: 0 });
      expect((await t.app.jobs.runDue(now)).done).toBe(1);
    },
  );
});

describe('yielding to requests, for a while', () => {
  it('yields while the pressure lasts up to MAX_YIELD_MS, then runs until it lifts once', () => {
    let pressure = true;
    let clock = 0;
    const yieldTo = yieldingAtMost(
      () => pressure,
      MAX_YIELD_MS,
      () => clock,
    );
    expect(yieldTo()).toBe(true);
    clock = MAX_YIELD_MS - 1;
    expect(yieldTo()).toBe(true);
    clock = MAX_YIELD_MS;
    // Sustained: the work runs (one job at a time in the worker) while the load goes on.
    expect(yieldTo()).toBe(false);
    clock += 60_000;
    expect(yieldTo()).toBe(false);
    pressure = false;
    expect(yieldTo()).toBe(false);
    // A new burst is yielded to again, from its own start.
    pressure = true;
    expect(yieldTo()).toBe(true);
    clock += MAX_YIELD_MS;
    expect(yieldTo()).toBe(false);
  });
});
