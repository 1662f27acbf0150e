import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app';
import { jobs } from '../db/schema';
import { cancelJobsByKey, enqueueJobs, purgeFinishedJobs } from './job-queue';

const DAY = 24 * 60 * 60 * 1000;

describe('purge of finished jobs by the daily run', () => {
  let t: TestApp;
  const now = new Date();
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

  beforeAll(async () => {
    t = await createTestApp({ JOBS_KEEP_DONE_DAYS: '7', JOBS_KEEP_FAILED_DAYS: '30' });
    t.app.jobs.register('test.ok', async () => {});
    t.app.jobs.register('test.fail', async () => {
      throw new Error('refused for good');
    });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A job that finished (done or failed) at `at`, run by the queue with that clock. */
  async function finishedAt(kind: 'test.ok' | 'test.fail', at: Date, name: string) {
    const [id] = await enqueueJobs(t.app.database.db, [
      { kind, payload: { name }, runAt: at, maxAttempts: 1 },
    ]);
    const summary = await t.app.jobs.runDue(at);
    expect(summary).toEqual(
      kind === 'test.ok' ? { done: 1, retried: 0, failed: 0 } : { done: 0, retried: 0, failed: 1 },
    );
    return id!;
  }
  const namesLeft = async () =>
    (
      await t.app.database.db
        .select({ payload: jobs.payload, status: jobs.status })
        .from(jobs)
        .orderBy(asc(jobs.createdAt))
    ).map((row) => `${row.payload.name as string}:${row.status}`);
  const gauge = async (status: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    const line = new RegExp(`^slotwise_jobs\\{status="${status}"\\} (\\d+)$`, 'm').exec(res.body);
    return Number(line?.[1]);
  };

  it('deletes done and canceled jobs after 7 days and failed ones after 30; never pending ones', async () => {
    await finishedAt('test.fail', daysAgo(31), 'failed-31d');
    await finishedAt('test.fail', daysAgo(29), 'failed-29d');
    await finishedAt('test.ok', daysAgo(8), 'done-8d');
    await finishedAt('test.ok', daysAgo(6), 'done-6d');
    // Canceled 10 days ago (a reminder of a canceled appointment).
    await enqueueJobs(t.app.database.db, [
      { kind: 'test.ok', payload: { name: 'canceled-10d' }, runAt: now, key: 'gone' },
    ]);
    await cancelJobsByKey(t.app.database.db, 'gone');
    await t.app.database.db
      .update(jobs)
      .set({ finishedAt: daysAgo(10) })
      .where(eq(jobs.key, 'gone'));
    // Queued long ago for a far future (a reminder months ahead): never purged.
    await enqueueJobs(t.app.database.db, [
      {
        kind: 'test.ok',
        payload: { name: 'pending-future' },
        runAt: new Date(now.getTime() + 90 * DAY),
      },
    ]);
    expect(await gauge('done')).toBe(2);
    expect(await gauge('failed')).toBe(2);

    const run = await t.app.schedule.runDaily(now);
    expect(run).toMatchObject({ ran: true, purgedJobs: 3 });
    expect(await namesLeft()).toEqual([
      'failed-29d:failed',
      'done-6d:done',
      'pending-future:pending',
    ]);
    expect(await gauge('done')).toBe(1);
    expect(await gauge('failed')).toBe(1);
    expect(await gauge('canceled')).toBe(0);
    expect(await gauge('pending')).toBe(1);

    // The day's run happens once (across instances too): a second call purges nothing.
    expect(await t.app.schedule.runDaily(new Date(now.getTime() + 60_000))).toMatchObject({
      ran: false,
      purgedJobs: 0,
    });
    // A week later the rest of the finished jobs have aged out; the pending one stays.
    const later = await t.app.schedule.runDaily(new Date(now.getTime() + 8 * DAY));
    expect(later).toMatchObject({ ran: true, purgedJobs: 2 });
    expect(await namesLeft()).toEqual(['pending-future:pending']);
  });

  it('deletes in bounded batches and leaves the rest for the next run', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(await finishedAt('test.ok', daysAgo(20 + i), `batch-${i}`));
    const retention = { doneDays: 7, failedDays: 30, batchSize: 2, maxBatches: 2 };
    const first = await purgeFinishedJobs(t.app.database.db, now, retention);
    expect(first).toEqual({ done: 4, failed: 0, batches: 2 });
    // Oldest first: the newest of the five is the one left.
    const left = await t.app.database.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(inArray(jobs.id, ids));
    expect(left.map((row) => row.payload.name)).toEqual(['batch-0']);
    // A short last batch ends the run early.
    expect(await purgeFinishedJobs(t.app.database.db, now, retention)).toEqual({
      done: 1,
      failed: 0,
      batches: 1,
    });
    expect(await purgeFinishedJobs(t.app.database.db, now, retention)).toEqual({
      done: 0,
      failed: 0,
      batches: 1,
    });
  });
});
