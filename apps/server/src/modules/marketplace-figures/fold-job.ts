import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { DEFAULT_MAX_ATTEMPTS, enqueueJobs } from '../../jobs/job-queue';
import { foldFigures } from './figures';

/**
 * The fold of the marketplace figures every minute (docs/product.md §19.2,
 * docs/decisions/072-operating-the-marketplace.md): a job that queues the next one, like a
 * calendar's sync chain (docs/decisions/071-calendar-sync.md) — durable, run by one worker at a
 * time whatever the number of instances, and yielding to a booking rush like all background work.
 * Reads are exact without it (they add the unfolded deltas); it keeps them few.
 */

export const FIGURES_FOLD_JOB = 'marketplace-figures.fold';
export const FIGURES_FOLD_KEY = 'marketplace-figures:fold';
export const FOLD_EVERY_MS = 60_000;

async function queueFold(db: DbOrTx, runAt: Date): Promise<void> {
  await enqueueJobs(db, [{ kind: FIGURES_FOLD_JOB, key: FIGURES_FOLD_KEY, payload: {}, runAt }]);
}

/**
 * At start: a fold queued now unless one is pending or running (a chain broken by a crash, or
 * the first start, is mended here). Two instances starting at the same instant may start two
 * chains; folds are safe to run at once, so that only folds twice as often.
 */
export async function mendFoldChain(db: DbOrTx): Promise<void> {
  await db.execute(sql`insert into jobs (kind, key, payload, run_at, max_attempts)
    select ${FIGURES_FOLD_JOB}, ${FIGURES_FOLD_KEY}, '{}'::jsonb, now(), ${DEFAULT_MAX_ATTEMPTS}
    where not exists (select 1 from jobs where key = ${FIGURES_FOLD_KEY}
                      and status in ('pending', 'running'))`);
}

export function registerFoldJob(app: FastifyInstance): void {
  const db = app.database.db;
  app.jobs.register(FIGURES_FOLD_JOB, async (_payload, context) => {
    // A failed fold loses nothing (the deltas stay, reads add them): the chain goes on.
    await foldFigures(db).catch((err: unknown) =>
      app.log.error({ err }, 'marketplace figures: fold failed'),
    );
    // The next one a minute after this run, by the worker's clock (a test's fake one) or the
    // real one, whichever is later.
    await queueFold(db, new Date(Math.max(context.now.getTime(), Date.now()) + FOLD_EVERY_MS));
  });
}
