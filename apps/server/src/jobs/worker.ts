import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';
import { JOB_STATUSES } from '../db/schema';
import { type JobLane, JobQueue } from './job-queue';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
    /**
     * Runs jobs just committed on this instance at once, in the background (never awaited by
     * the request): a no-op when this instance runs no worker (tests drive the queue).
     */
    runJobsNow: (ids: readonly string[]) => void;
  }
}

/** Bookings in flight at once on this instance from which it counts as a rush. */
export const RUSH_BOOKINGS_IN_FLIGHT = 8;

/**
 * Background work yields to requests: while queries wait for a pool connection, or while a rush
 * of bookings is in flight here (docs/decisions/058, 062), due mail waits for the next tick
 * instead of taking the CPU and the pool from them. (Since the rush's reads and claims are
 * shared statements, a rush seldom makes queries wait for a connection: the bookings in flight
 * are what tell it, of plain slots and of classes alike.)
 */
export function backgroundWorkShouldWait(app: FastifyInstance): boolean {
  return (
    app.database.poolStats().waiting > 0 ||
    app.takenSlots.inFlight.bookings >= RUSH_BOOKINGS_IN_FLIGHT
  );
}

/**
 * How long background work keeps yielding at a stretch. A burst (a rush, decision 058) is over
 * well within it; past it the pressure is sustained load, and work that yields for as long as
 * the load lasts never runs: calendars go stale, holds are not released. Past it each lane runs
 * one job at a time until the pressure lifts once (docs/decisions/083-background-work-under-load.md).
 */
export const MAX_YIELD_MS = 5_000;

/**
 * `pressure`, bounded: true while it holds, but no longer than `maxMs` at a stretch; false again
 * from the first moment without pressure, and the bound starts over from there.
 */
export function yieldingAtMost(
  pressure: () => boolean,
  maxMs: number = MAX_YIELD_MS,
  clock: () => number = Date.now,
): () => boolean {
  let since: number | null = null;
  return () => {
    if (!pressure()) {
      since = null;
      return false;
    }
    const now = clock();
    since ??= now;
    return now - since < maxMs;
  };
}

/**
 * Decorates `app.jobs` and, when `config.jobsPollIntervalMs` > 0, runs the worker on this
 * instance: one loop per lane of the queue (the default lane, one job at a time; the lanes kinds
 * are registered in, e.g. calendar syncs, each with its own number in flight). Every interval a
 * lane runs its due jobs, the kinds taking turns, and stops early while requests wait for a pool
 * connection or a rush of bookings is in flight, for at most MAX_YIELD_MS at a stretch. The
 * loops start when the app is ready and stop before the app closes (running jobs finish first).
 * Tests set the interval to 0 and drive the queue with `app.jobs.runDue(fakeNow)`.
 */
export function registerJobs(app: FastifyInstance): JobQueue {
  const finished = new Counter({
    name: 'slotwise_jobs_finished_total',
    help: 'Jobs run on this instance by kind and outcome (done, retried, failed)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [app.metrics.registry],
  });
  new Gauge({
    name: 'slotwise_jobs',
    help: 'Jobs in the queue by status (shared by every instance); failed ones need a look',
    labelNames: ['status'] as const,
    registers: [app.metrics.registry],
    async collect() {
      const counts = await app.jobs.countByStatus().catch(() => null);
      if (!counts) return;
      for (const status of JOB_STATUSES) this.set({ status }, counts[status] ?? 0);
    },
  });

  const queue = new JobQueue(app.database.db, {
    log: app.log,
    leaseMs: app.config.jobsLeaseSeconds * 1000,
    onFinished: (kind, outcome) => finished.inc({ kind, outcome }),
  });
  app.decorate('jobs', queue);

  const interval = app.config.jobsPollIntervalMs;
  let stopped = false;
  const prompt = new Set<Promise<unknown>>();
  app.decorate('runJobsNow', (ids: readonly string[]) => {
    if (interval <= 0 || stopped || ids.length === 0) return;
    const run = queue
      .runNow(ids)
      .catch((err: unknown) => app.log.error({ err }, 'job worker: prompt run failed'))
      .finally(() => prompt.delete(run));
    prompt.add(run);
  });
  if (interval <= 0) return queue;

  const loops: { timer: NodeJS.Timeout | null; running: Promise<unknown> | null }[] = [];
  const startLane = (lane: JobLane) => {
    const loop = { timer: null as NodeJS.Timeout | null, running: null as Promise<unknown> | null };
    loops.push(loop);
    const pressure = () => backgroundWorkShouldWait(app);
    const yieldTo = yieldingAtMost(pressure);
    const tick = () => {
      loop.timer = null;
      if (stopped) return;
      // Beyond the first job in flight, a lane runs more only while nothing presses.
      loop.running = queue
        .runDue(() => new Date(), 50, yieldTo, lane, pressure)
        .catch((err: unknown) => app.log.error({ err, lane: lane.name }, 'job worker: run failed'))
        .finally(() => {
          loop.running = null;
          if (!stopped) loop.timer = setTimeout(tick, interval);
        });
    };
    loop.timer = setTimeout(tick, 0);
  };
  // Every plugin has registered its kinds (and their lanes) by now.
  app.addHook('onReady', async () => {
    for (const lane of queue.lanes()) startLane(lane);
  });
  app.addHook('preClose', async () => {
    stopped = true;
    for (const loop of loops) if (loop.timer) clearTimeout(loop.timer);
    await Promise.all([...loops.map((loop) => loop.running), ...prompt]);
  });
  return queue;
}

/** `app.jobs` and this instance's worker loop (see `registerJobs`). */
export const jobsPlugin = fp(
  async (app) => {
    registerJobs(app);
  },
  { name: 'jobs', dependencies: ['database', 'metrics', 'push'] },
);
