import { RATING_PRIOR_WEIGHT } from '@slotwise/shared/trust-types';
import { type SQL, sql } from 'drizzle-orm';
import { providers } from '../../db/schema';

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
