import type { DbOrTx } from '../../db/client';
import type { JobLane } from '../../jobs/job-queue';
import { mendChain, type RecurringJob } from '../../jobs/recurring-job';
import { refreshRatingPrior } from './rating';

/**
 * The marketplace mean of the rating score, kept current by a job (docs/decisions/083-background-
 * work-under-load.md), never by a request: every minute it checks the drift (one pass over the
 * providers' sums) and, past RATING_PRIOR_DRIFT, moves the scores in batches. A recurring job
 * (jobs/recurring-job.ts) like the figures' fold; the prior row's lock keeps runs one at a time
 * besides. An unfinished refresh (timeout, crash) is taken up by the next run: it sees the mark.
 */

export const RATING_PRIOR_JOB = 'reviews.rating-prior';
export const RATING_PRIOR_KEY = 'reviews:rating-prior';
export const RATING_PRIOR_EVERY_MS = 60_000;

/** Its own lane: after a mass import of reviews a refresh takes a while; mail goes on meanwhile. */
export const RATING_PRIOR_LANE: JobLane = { name: 'rating-prior', concurrency: 1 };

export function ratingPriorJob(db: DbOrTx): RecurringJob {
  return {
    kind: RATING_PRIOR_JOB,
    key: RATING_PRIOR_KEY,
    everyMs: RATING_PRIOR_EVERY_MS,
    lane: RATING_PRIOR_LANE,
    run: () => refreshRatingPrior(db),
    failure: 'rating prior: refresh failed',
  };
}

/** At start: a check queued now unless one is pending or running. */
export async function mendRatingPriorChain(db: DbOrTx): Promise<void> {
  await mendChain(db, { kind: RATING_PRIOR_JOB, key: RATING_PRIOR_KEY });
}
