import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { DEFAULT_MAX_ATTEMPTS, enqueueJobs, type JobLane } from './job-queue';

/**
 * A job that queues its own next run (a chain, docs/decisions/072-operating-the-marketplace.md):
 * durable, run by one worker at a time whatever the number of instances, and yielding to a
 * booking rush like all background work. The marketplace figures' fold and the rating prior's
 * check are such chains (decision 083); a calendar's sync chain is one per calendar
 * (docs/decisions/071-calendar-sync.md).
 */
export interface RecurringJob {
  kind: string;
  /** One key for the whole chain: what `mendChain` looks for. */
  key: string;
  everyMs: number;
  lane?: JobLane;
  /** What a run does; a failure is logged as `failure` and the chain goes on. */
  run: () => Promise<unknown>;
  failure: string;
}

/**
 * At start: a run queued now unless one is pending or running (a chain broken by a crash, or the
 * first start, is mended here). Two instances starting at the same instant may start two chains:
 * each job here is safe to run twice at once, so that only runs it twice as often.
 */
export async function mendChain(
  db: DbOrTx,
  job: Pick<RecurringJob, 'kind' | 'key'>,
): Promise<void> {
  await db.execute(sql`insert into jobs (kind, key, payload, run_at, max_attempts)
    select ${job.kind}, ${job.key}, '{}'::jsonb, now(), ${DEFAULT_MAX_ATTEMPTS}
    where not exists (select 1 from jobs where key = ${job.key}
                      and status in ('pending', 'running'))`);
}

/**
 * Registers the job; on an instance that runs the worker, mends its chain once the app is ready
 * (tests drive the queue themselves and start no chain).
 */
export function registerRecurringJob(app: FastifyInstance, job: RecurringJob): void {
  const db = app.database.db;
  app.jobs.register(
    job.kind,
    async (_payload, context) => {
      await job.run().catch((err: unknown) => app.log.error({ err }, job.failure));
      // The next one `everyMs` after this run, by the worker's clock (a test's fake one) or the
      // real one, whichever is later.
      const runAt = new Date(Math.max(context.now.getTime(), Date.now()) + job.everyMs);
      await enqueueJobs(db, [{ kind: job.kind, key: job.key, payload: {}, runAt }]);
    },
    job.lane ? { lane: job.lane } : {},
  );
  if (app.config.jobsPollIntervalMs <= 0) return;
  // Best effort: a database down at start must not stop the server.
  app.addHook('onReady', async () => {
    await mendChain(db, job).catch((err: unknown) =>
      app.log.warn({ err, kind: job.kind }, 'recurring job: chain not mended at start'),
    );
  });
}
