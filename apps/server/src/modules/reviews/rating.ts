import { RATING_PRIOR_WEIGHT } from '@slotwise/shared/reviews-schemas';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { providers } from '../../db/schema';
import { throttledPerHandle } from '../../lib/throttle-per-handle';

/**
 * A provider's rating as SQL over the columns the review trigger keeps current
 * (`providers.rating_sum`, `providers.rating_count`): never a recount of reviews.
 * The ranking formula is recorded in docs/decisions/045-reviews-and-ratings.md.
 */

/** The mean, one decimal, null without reviews (a numeric: read it through `toRating`). */
export const providerRating = sql<
  string | null
>`round(${providers.ratingSum}::numeric / nullif(${providers.ratingCount}, 0), 1)`;

export const providerReviewCount = sql<number>`${providers.ratingCount}`.mapWith(Number);

/** `round(…, 1)` comes back as a numeric string: 4.8, or null. */
export function toRating(value: string | number | null): number | null {
  return value === null ? null : Number(value);
}

/**
 * m, the mean of every rating on the marketplace, from the per-provider sums (one pass over
 * providers, which a ranking reads anyway). With no review anywhere it is 0, and every
 * provider then scores 0: the ranking falls back to its tie-breakers.
 */
const globalMean = sql`(select coalesce(sum(p.rating_sum)::numeric / nullif(sum(p.rating_count), 0), 0)
  from ${providers} p)`;

/**
 * The Bayesian average (C·m + Σ ratings) / (C + n): n ratings pull a provider from the
 * marketplace mean m towards their own mean, C = RATING_PRIOR_WEIGHT acting as C phantom
 * ratings of m. One 5★ review scores (10·m + 5)/11; 200 reviews at 4.8★ score ≈ 4.8.
 */
export function bayesianScore(priorWeight: number = RATING_PRIOR_WEIGHT): SQL<number> {
  return sql<number>`((${priorWeight}::numeric * ${globalMean} + ${providers.ratingSum})
    / (${priorWeight}::numeric + ${providers.ratingCount}))`;
}

/** The same formula in TypeScript (tests and docs check the SQL against it). */
export function bayesianAverage(
  sum: number,
  count: number,
  globalMeanValue: number,
  priorWeight: number = RATING_PRIOR_WEIGHT,
): number {
  return (priorWeight * globalMeanValue + sum) / (priorWeight + count);
}

/**
 * The cached marketplace mean of the stored `rating_score` (0011, docs/decisions/048): the score
 * is indexed, so m is a cached value — 045 foresaw it. Recomputing m and every score moves the
 * whole ranking at once, so it happens only when m has drifted by RATING_PRIOR_DRIFT (a few
 * reviews on a young marketplace, rarely on a big one). Returns whether it refreshed.
 */
export const RATING_PRIOR_DRIFT = 0.005;

export async function refreshRatingPrior(db: DbOrTx, force = false): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ live: number; cached: number }>(
      tx,
      sql`select coalesce((select sum(rating_sum)::float8 / nullif(sum(rating_count), 0)
          from providers), 0) as live,
        (select mean from rating_prior where id = 1 for update) as cached`,
    );
    const live = Number(row?.live ?? 0);
    if (!force && Math.abs(live - Number(row?.cached ?? 0)) < RATING_PRIOR_DRIFT) return false;
    await tx.execute(sql`update rating_prior set mean = ${live}::float8, refreshed_at = now()
      where id = 1`);
    await tx.execute(sql`update providers
      set rating_score = provider_rating_score(rating_sum, rating_count, ${live}::float8)
      where rating_score <> provider_rating_score(rating_sum, rating_count, ${live}::float8)`);
    // Cursors live an hour (search/cursor.ts): older rating history serves nobody.
    await tx.execute(
      sql`delete from provider_rating_changes where changed_at < now() - interval '2 hours'`,
    );
    return true;
  });
}

/** How often one process looks at the drift of m (a scan of the providers' sums). */
const PRIOR_CHECK_EVERY_MS = 10_000;

/** `refreshRatingPrior` at most every PRIOR_CHECK_EVERY_MS per database handle. */
export const maybeRefreshRatingPrior = throttledPerHandle<DbOrTx>(PRIOR_CHECK_EVERY_MS, (db) =>
  refreshRatingPrior(db),
);
