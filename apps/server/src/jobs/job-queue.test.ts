import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testConfig, type TestApp } from '../../test/helpers/app';
import { book, createSlot } from '../../test/helpers/booking-factories';
import { createSlotAt } from '../../test/helpers/exact-slots';
import { createClient, createProvider } from '../../test/helpers/factories';
import { useMailTestApp } from '../../test/helpers/mail';
import { asUser } from '../../test/helpers/requests';
import { buildApp } from '../app';
import { jobs } from '../db/schema';
import { backoffDelay } from './job-queue';
import { backgroundWorkShouldWait, RUSH_BOOKINGS_IN_FLIGHT } from './worker';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

async function metric(t: TestApp, line: RegExp): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  const match = res.body.split('\n').find((l) => line.test(l));
  return match ? Number(match.split(' ').pop()) : 0;
}

/** A provider, a client and the provider's free slot three days ahead (booking it queues two mails). */
async function partiesAndSlotInThreeDays(app: Parameters<typeof createProvider>[0]) {
  const provider = await createProvider(app);
  const client = await createClient(app);
  const slot = await createSlotAt(
    app,
    provider.providerId!,
    new Date(Date.now() + 3 * 24 * 3600 * SECOND),
  );
  return { provider, client, slot };
}

describe('the durable job queue', () => {
  let refusing = false;
  const t = useMailTestApp({ sink: { refusing: () => refusing } });

  /** The test app's config (data dir, mail) with its own worker poll interval. */
  const sharedConfig = (pollIntervalMs: string) =>
    testConfig({
      DATA_DIR: t.dataDir,
      SMTP_URL: t.smtp.url,
      JOBS_POLL_INTERVAL_MS: pollIntervalMs,
    });
  /** Another app instance on the test app's (already migrated) database. */
  const appOnSameDatabase = (config: ReturnType<typeof testConfig>) =>
    buildApp(config, { database: t.testDb.database, migrate: false });

  it('backs off exponentially: 30 s, 1 min, 2 min … capped at 30 min', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelay(n) / SECOND)).toEqual([
      30, 60, 120, 240, 480, 960, 1800,
    ]);
  });

  it('SMTP refusing for a while: the mails are retried with backoff and go out once after it recovers', async () => {
    const { provider, client, slot } = await partiesAndSlotInThreeDays(t.app);
    refusing = true;
    const retriedBefore = await metric(
      t,
      /^slotwise_jobs_finished_total\{kind="email.appointment-change",outcome="retried"\}/,
    );
    await book(t.app, client, slot.id);
    const now = new Date();
    const first = await t.app.jobs.runDue(now);
    expect(first).toEqual({ done: 0, retried: 2, failed: 0 });
    expect(t.smtp.messages).toHaveLength(0);
    // Not yet due again 29 s later.
    expect(await t.app.jobs.runDue(new Date(now.getTime() + 29 * SECOND))).toEqual({
      done: 0,
      retried: 0,
      failed: 0,
    });
    // 30 s later: tried again, still refused; the next wait is a minute.
    expect(await t.app.jobs.runDue(new Date(now.getTime() + 30 * SECOND))).toEqual({
      done: 0,
      retried: 2,
      failed: 0,
    });
    expect(await t.app.jobs.runDue(new Date(now.getTime() + 89 * SECOND))).toEqual({
      done: 0,
      retried: 0,
      failed: 0,
    });
    refusing = false;
    expect(await t.app.jobs.runDue(new Date(now.getTime() + 90 * SECOND))).toEqual({
      done: 2,
      retried: 0,
      failed: 0,
    });
    expect(t.smtp.messages.map((m) => m.to[0]).sort()).toEqual(
      [client.email, provider.email].sort(),
    );
    expect(await t.app.jobs.runDue(new Date(now.getTime() + 60 * MINUTE))).toMatchObject({
      done: 0,
      failed: 0,
    });
    expect(t.smtp.messages).toHaveLength(2);
    const retriedAfter = await metric(
      t,
      /^slotwise_jobs_finished_total\{kind="email.appointment-change",outcome="retried"\}/,
    );
    expect(retriedAfter - retriedBefore).toBe(4);
  });

  it('a job that keeps failing ends in a visible failed state, counted in /metrics', async () => {
    let calls = 0;
    t.app.jobs.register('test.always-fails', async () => {
      calls++;
      throw new Error('boom');
    });
    const failedBefore = await metric(t, /^slotwise_jobs\{status="failed"\}/);
    const id = await t.app.jobs.enqueue(t.app.database.db, {
      kind: 'test.always-fails',
      payload: {},
      maxAttempts: 3,
    });
    // A second on: run_at is stored to the microsecond, so a clock read in the same millisecond
    // as the insert can fall just before it and find the job not yet due.
    let now = Date.now() + SECOND;
    for (let i = 0; i < 3; i++) {
      await t.app.jobs.runDue(new Date(now));
      now += 31 * MINUTE;
    }
    expect(calls).toBe(3);
    const [row] = await t.app.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'boom' });
    await t.app.jobs.runDue(new Date(now + 24 * 60 * MINUTE));
    expect(calls).toBe(3);
    expect(await metric(t, /^slotwise_jobs\{status="failed"\}/)).toBe(failedBefore + 1);
    expect(
      await metric(t, /^slotwise_jobs_finished_total\{kind="test.always-fails",outcome="failed"\}/),
    ).toBe(1);
  });

  it('yields to waiting requests: nothing is claimed while they wait, everything once they are gone', async () => {
    const { client, slot } = await partiesAndSlotInThreeDays(t.app);
    await book(t.app, client, slot.id);
    const now = new Date();
    expect(await t.app.jobs.runDue(now, 500, () => true)).toEqual({
      done: 0,
      retried: 0,
      failed: 0,
    });
    expect((await t.app.jobs.runDue(now)).done).toBeGreaterThan(0);
  });

  it('the worker waits while a rush of bookings is in flight on this instance, not for one booking', async () => {
    const inFlight = t.app.takenSlots.inFlight;
    expect(backgroundWorkShouldWait(t.app)).toBe(false);
    const answers: (() => void)[] = [];
    const bookings = Array.from({ length: RUSH_BOOKINGS_IN_FLIGHT }, () =>
      inFlight.during(() => new Promise<void>((answer) => answers.push(answer))),
    );
    expect(inFlight.bookings).toBe(RUSH_BOOKINGS_IN_FLIGHT);
    expect(backgroundWorkShouldWait(t.app)).toBe(true);
    answers.pop()!();
    await bookings.pop();
    // Below the rush: a few bookings in flight are ordinary traffic, and mail must not starve.
    expect(backgroundWorkShouldWait(t.app)).toBe(false);
    for (const answer of answers) answer();
    await Promise.all(bookings);
    expect(inFlight.bookings).toBe(0);
  });

  it('a rush on one class counts too: its bookings wait at the seat gate, not as claims of slots', async () => {
    const provider = await createProvider(t.app);
    const slot = await createSlot(t.app, provider.providerId!, {
      startsInMinutes: 3 * 24 * 60,
      capacity: 3,
    });
    const clients = await Promise.all(
      Array.from({ length: 2 * RUSH_BOOKINGS_IN_FLIGHT }, () => createClient(t.app)),
    );
    let rushSeen = false;
    let sampling = true;
    const sample = () => {
      rushSeen ||= backgroundWorkShouldWait(t.app);
      if (sampling) setImmediate(sample);
    };
    sample();
    const answers = await Promise.all(
      clients.map((client) =>
        asUser(t.app, client).post('/api/appointment/booking', { timeslotId: slot.id }),
      ),
    );
    sampling = false;
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(clients.length - 3);
    expect(rushSeen).toBe(true);
    expect(t.app.takenSlots.inFlight.bookings).toBe(0);
    expect(backgroundWorkShouldWait(t.app)).toBe(false);
  });

  it('a job claimed by a worker that died is taken over once its lease expires, and runs once', async () => {
    let calls = 0;
    t.app.jobs.register('test.count', async () => {
      calls++;
    });
    const now = Date.now() + 365 * 24 * 60 * MINUTE;
    await t.app.jobs.runDue(new Date(now)); // nothing else due left behind
    await t.app.jobs.enqueue(t.app.database.db, {
      kind: 'test.count',
      payload: {},
      runAt: new Date(now),
    });
    const claimed = await t.app.jobs.claim(new Date(now));
    expect(claimed?.kind).toBe('test.count');
    // The worker "dies" here. While its lease lasts, nobody else runs the job.
    expect(await t.app.jobs.runDue(new Date(now + 4 * MINUTE))).toEqual({
      done: 0,
      retried: 0,
      failed: 0,
    });
    expect(await t.app.jobs.runDue(new Date(now + 5 * MINUTE))).toEqual({
      done: 1,
      retried: 0,
      failed: 0,
    });
    expect(calls).toBe(1);
    expect(await t.app.jobs.runDue(new Date(now + 60 * MINUTE))).toEqual({
      done: 0,
      retried: 0,
      failed: 0,
    });
  });

  it('survives a restart: a job queued by one app instance runs in the next one on the same database', async () => {
    const config = sharedConfig('0');
    const first = await appOnSameDatabase(config);
    await first.ready();
    const { provider, client, slot } = await partiesAndSlotInThreeDays(first);
    await book(first, client, slot.id);
    await first.close();
    const second = await appOnSameDatabase(config);
    await second.ready();
    try {
      await second.jobs.runDue(new Date());
      expect(t.smtp.messages.filter((m) => m.to.includes(client.email))).toHaveLength(1);
      expect(t.smtp.messages.filter((m) => m.to.includes(provider.email))).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('the worker loop runs due jobs by itself and stops cleanly on close', async () => {
    const config = sharedConfig('50');
    const app = await appOnSameDatabase(config);
    let ran = 0;
    app.jobs.register('test.loop', async () => {
      ran++;
    });
    await app.ready();
    await app.jobs.enqueue(app.database.db, { kind: 'test.loop', payload: {} });
    for (let i = 0; i < 200 && ran === 0; i++) await new Promise((r) => setTimeout(r, 50));
    await app.close();
    expect(ran).toBe(1);
  });
});
