import { RATING_PRIOR_WEIGHT } from '@slotwise/shared/reviews-schemas';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
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

/**
 * The cached marketplace mean of the stored `rating_score` (0011, docs/decisions/048): the score
 * is indexed, so m is a cached value — 045 foresaw it. Recomputing m moves every score, so it
 * happens only when m has drifted by RATING_PRIOR_DRIFT (a few reviews on a young marketplace,
 * rarely on a big one), in a job, never in a request (docs/decisions/083-background-work-under-load.md).
 */
export const RATING_PRIOR_DRIFT = 0.005;

/** Providers whose score one statement of a refresh moves (each its own short transaction). */
export const RATING_PRIOR_BATCH = 1000;

/** Passes over the providers before a refresh leaves the rest to its next run. */
const MAX_PASSES = 5;

/**
 * `rating_prior.refreshed_at` is 'infinity' while a refresh moves the stored scores to `mean`
 * (some are moved, some not yet): readers then compute every score from `mean` instead of
 * reading the stored ones (`priorOf`, discovery), so a page and its next page rank alike.
 */
export interface RatingPrior {
  mean: number;
  /** The stored scores are being moved to `mean`: rank by a computed score. */
  moving: boolean;
}

export async function priorOf(db: DbOrTx): Promise<RatingPrior> {
  const [row] = await queryRows<{ mean: number | string; moving: boolean }>(
    db,
    sql`select mean, not isfinite(refreshed_at) as moving from rating_prior where id = 1`,
  );
  return { mean: Number(row?.mean ?? 0), moving: row?.moving ?? false };
}

export interface RefreshOptions {
  /** Refresh even when m has not drifted (the demo seed). */
  force?: boolean;
  batchSize?: number;
}

/**
 * Brings m and every stored score up to date, if m has drifted (or a refresh was left unfinished):
 *
 * 1. One short transaction, under the prior row's lock (so one refresh at a time): m := the live
 *    mean, scores marked moving. From here the triggers score new reviews with the new m, and
 *    readers rank by scores computed from it: the order moves at once, as before.
 * 2. The stored scores are moved in batches of `batchSize` providers by id, each one statement
 *    that skips rows a booking or a review holds (those are taken by the next pass): no
 *    transaction holds the providers for long (a booking updates its provider's row, 0013).
 * 3. When a pass finds no score left to move: marked settled, readers use the index again.
 *
 * Idempotent: a refresh interrupted (crash, timeout) is taken up by the next one, which sees the
 * mark. Returns whether it moved anything.
 */
export async function refreshRatingPrior(
  db: DbOrTx,
  options: RefreshOptions | boolean = {},
): Promise<boolean> {
  const { force = false, batchSize = RATING_PRIOR_BATCH } =
    typeof options === 'boolean' ? { force: options } : options;
  const started = await db.transaction(async (tx) => {
    const [row] = await queryRows<{ live: number; cached: number; moving: boolean }>(
      tx,
      sql`select coalesce((select sum(rating_sum)::float8 / nullif(sum(rating_count), 0)
          from providers), 0) as live, mean as cached, not isfinite(refreshed_at) as moving
        from rating_prior where id = 1 for update`,
    );
    if (!row) return null;
    const live = Number(row.live);
    const drifted = Math.abs(live - Number(row.cached)) >= RATING_PRIOR_DRIFT;
    if (!force && !drifted && !row.moving) return null;
    // An unfinished refresh goes on towards its own m unless m has drifted again since.
    const mean = row.moving && !drifted && !force ? Number(row.cached) : live;
    await tx.execute(sql`update rating_prior set mean = ${mean}::float8,
      refreshed_at = 'infinity' where id = 1`);
    return mean;
  });
  if (started === null) return false;
  const m = sql`${started}::float8`;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    let moved = 0;
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = await queryRows<{ last: string | null; n: number }>(
        db,
        sql`with batch as (
              select id from providers where id > ${after}::uuid
                and rating_score <> provider_rating_score(rating_sum, rating_count, ${m})
              order by id limit ${batchSize}::int
              for no key update skip locked),
            moved as (
              update providers p
              set rating_score = provider_rating_score(p.rating_sum, p.rating_count, ${m})
              from batch where p.id = batch.id
              returning p.id)
            select max(id::text) as last, count(*)::int as n from moved`,
      );
      const n = Number(rows[0]?.n ?? 0);
      if (n === 0) break;
      moved += n;
      after = rows[0]!.last!;
    }
    if (moved > 0) continue;
    // Nothing left to move (what another holds now is moved by the next refresh, if still off).
    const settled = await db.transaction(async (tx) => {
      const [row] = await queryRows<{ mean: number }>(
        tx,
        sql`select mean from rating_prior where id = 1 for update`,
      );
      // Another refresh took over with another m: it settles its own.
      if (!row || Number(row.mean) !== started) return true;
      const [stale] = await queryRows<{ any: boolean }>(
        tx,
        sql`select exists (select 1 from providers
              where rating_score <> provider_rating_score(rating_sum, rating_count, ${m})) as any`,
      );
      if (stale?.any) return false;
      await tx.execute(sql`update rating_prior set refreshed_at = now() where id = 1`);
      // Cursors live an hour (search/cursor.ts): older rating history serves nobody.
      await tx.execute(
        sql`delete from provider_rating_changes where changed_at < now() - interval '2 hours'`,
      );
      return true;
    });
    if (settled) return true;
  }
  return true;
}
