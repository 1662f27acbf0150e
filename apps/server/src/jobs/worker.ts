import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';
import { JOB_STATUSES } from '../db/schema';
import { JobQueue } from './job-queue';

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
 * are what tell it.)
 */
export function backgroundWorkShouldWait(app: FastifyInstance): boolean {
  return (
    app.database.poolStats().waiting > 0 || app.takenSlots.inFlight.size >= RUSH_BOOKINGS_IN_FLIGHT
  );
}

/**
 * Decorates `app.jobs` and, when `config.jobsPollIntervalMs` > 0, runs a worker loop on this
 * instance: every interval it runs the due jobs, one at a time, and stops early while requests
 * wait for a pool connection or a rush of bookings is in flight. The loop starts when the app is
 * ready and stops before the app closes (a running job finishes first). Tests set the interval
 * to 0 and drive the queue with `app.jobs.runDue(fakeNow)`.
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

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    timer = null;
    if (stopped) return;
    running = queue
      .runDue(
        () => new Date(),
        50,
        () => backgroundWorkShouldWait(app),
      )
      .catch((err: unknown) => app.log.error({ err }, 'job worker: run failed'))
      .finally(() => {
        running = null;
        if (!stopped) timer = setTimeout(tick, interval);
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(tick, 0);
  });
  app.addHook('preClose', async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await Promise.all([running, ...prompt]);
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
