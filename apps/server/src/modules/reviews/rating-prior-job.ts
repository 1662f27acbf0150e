import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { DEFAULT_MAX_ATTEMPTS, enqueueJobs, type JobLane } from '../../jobs/job-queue';
import { refreshRatingPrior } from './rating';

/**
 * The marketplace mean of the rating score, kept current by a job (docs/decisions/083-background-
 * work-under-load.md), never by a request: every minute it checks the drift (one pass over the
 * providers' sums) and, past RATING_PRIOR_DRIFT, moves the scores in batches. A chain like the
 * figures' fold (docs/decisions/072-operating-the-marketplace.md): durable, one run at a time
 * whatever the number of instances (and the prior row's lock besides).
 */

export const RATING_PRIOR_JOB = 'reviews.rating-prior';
export const RATING_PRIOR_KEY = 'reviews:rating-prior';
export const RATING_PRIOR_EVERY_MS = 60_000;

/** Its own lane: after a mass import of reviews a refresh takes a while; mail goes on meanwhile. */
export const RATING_PRIOR_LANE: JobLane = { name: 'rating-prior', concurrency: 1 };

async function queueRefresh(db: DbOrTx, runAt: Date): Promise<void> {
  await enqueueJobs(db, [{ kind: RATING_PRIOR_JOB, key: RATING_PRIOR_KEY, payload: {}, runAt }]);
}

/** At start: a check queued now unless one is pending or running (the chain mended). */
export async function mendRatingPriorChain(db: DbOrTx): Promise<void> {
  await db.execute(sql`insert into jobs (kind, key, payload, run_at, max_attempts)
    select ${RATING_PRIOR_JOB}, ${RATING_PRIOR_KEY}, '{}'::jsonb, now(), ${DEFAULT_MAX_ATTEMPTS}
    where not exists (select 1 from jobs where key = ${RATING_PRIOR_KEY}
                      and status in ('pending', 'running'))`);
}

/**
 * Registers the job; on an instance that runs the worker, mends the chain once the app is ready
 * (tests drive the queue themselves and start no chain).
 */
export function registerRatingPriorJob(app: FastifyInstance): void {
  const db = app.database.db;
  app.jobs.register(
    RATING_PRIOR_JOB,
    async (_payload, context) => {
      try {
        // An unfinished refresh (timeout, crash) is taken up by the next run: it sees the mark.
        await refreshRatingPrior(db);
      } catch (err) {
        app.log.error({ err }, 'rating prior: refresh failed');
      }
      await queueRefresh(
        db,
        new Date(Math.max(context.now.getTime(), Date.now()) + RATING_PRIOR_EVERY_MS),
      );
    },
    { lane: RATING_PRIOR_LANE },
  );
  if (app.config.jobsPollIntervalMs <= 0) return;
  // Best effort, like the other chains: a database down at start must not stop the server.
  app.addHook('onReady', async () => {
    await mendRatingPriorChain(db).catch((err: unknown) =>
      app.log.warn({ err }, 'rating prior: chain not mended at start'),
    );
  });
}
