import type { DbOrTx } from '../../db/client';
import { mendChain, type RecurringJob } from '../../jobs/recurring-job';
import { foldFigures } from './figures';

/**
 * The fold of the marketplace figures every minute (docs/product.md §19.2,
 * docs/decisions/072-operating-the-marketplace.md): a recurring job (jobs/recurring-job.ts).
 * Reads are exact without it (they add the unfolded deltas); it keeps them few, and a failed
 * fold loses nothing (the deltas stay).
 */

export const FIGURES_FOLD_JOB = 'marketplace-figures.fold';
export const FIGURES_FOLD_KEY = 'marketplace-figures:fold';
export const FOLD_EVERY_MS = 60_000;

export function foldJob(db: DbOrTx): RecurringJob {
  return {
    kind: FIGURES_FOLD_JOB,
    key: FIGURES_FOLD_KEY,
    everyMs: FOLD_EVERY_MS,
    run: () => foldFigures(db),
    failure: 'marketplace figures: fold failed',
  };
}

/** At start: a fold queued now unless one is pending or running. */
export async function mendFoldChain(db: DbOrTx): Promise<void> {
  await mendChain(db, { kind: FIGURES_FOLD_JOB, key: FIGURES_FOLD_KEY });
}
