import { PART_OF_DAY_BOUNDS } from '@slotwise/shared/discovery-schemas';
import { type SQL, sql } from 'drizzle-orm';
import { slotIsClaimable } from '../appointments/claimable-slot';
import { slotObeysPolicy } from '../policies/policy-rules';
import type { CursorState } from './cursor';
import { type NormalisedSearch, type Point, escapeLike } from './discovery-normalise';

/** The SQL pieces of discovery's queries (alias `p` = providers): points, ratings, filters. */

export const earthPoint = (point: Point) =>
  sql`ll_to_earth(${point.lat}::float8, ${point.lng}::float8)`;
export const providerEarth = sql`ll_to_earth(p.lat, p.lng)`;

/** The provider's distance in metres from the search's point, null without a point. */
export function distanceOf(s: NormalisedSearch): SQL {
  return s.point
    ? sql`earth_distance(${earthPoint(s.point)}, ${providerEarth})`
    : sql`null::float8`;
}

/**
 * Ratings as some instant saw them: `current`, or as of a cursor's first page — providers whose
 * rating changed since are read from provider_rating_changes (the values before the first change
 * after asOf), so a page never moves a provider across the page boundary.
 */
export interface RatingView {
  sum: SQL;
  count: SQL;
  score: SQL;
  /** Extra FROM (a lateral join) and WHERE for this view. */
  from: SQL;
  where: SQL;
}

export const currentRatings: RatingView = {
  sum: sql`p.rating_sum`,
  count: sql`p.rating_count`,
  score: sql`p.rating_score`,
  from: sql``,
  where: sql`true`,
};

/**
 * Current ratings scored from the mean `m` rather than read from the stored score: while a
 * refresh moves the stored scores (docs/decisions/083-background-work-under-load.md) some are on
 * the old mean and some on the new, so a first page ranks by this (no index: it sorts the
 * matches) and its cursor's next page by the same mean.
 */
export function scoredFrom(mean: number): RatingView {
  return {
    ...currentRatings,
    score: sql`provider_rating_score(p.rating_sum, p.rating_count, ${mean}::float8)`,
  };
}

export function ratingsAsOf(cursor: CursorState, meanUnchanged: boolean): RatingView[] {
  const asOf = sql`${cursor.asOf}::timestamptz`;
  const m = sql`${cursor.mean}::float8`;
  return [
    {
      sum: sql`p.rating_sum`,
      count: sql`p.rating_count`,
      score: meanUnchanged
        ? sql`p.rating_score`
        : sql`provider_rating_score(p.rating_sum, p.rating_count, ${m})`,
      from: sql``,
      where: sql`(p.rating_changed_at is null or p.rating_changed_at <= ${asOf})`,
    },
    {
      sum: sql`rc.old_sum`,
      count: sql`rc.old_count`,
      score: sql`provider_rating_score(rc.old_sum, rc.old_count, ${m})`,
      from: sql` cross join lateral (select c.old_sum, c.old_count from provider_rating_changes c
        where c.provider_id = p.id and c.changed_at > ${asOf}
        order by c.changed_at limit 1) rc`,
      where: sql`p.rating_changed_at > ${asOf}`,
    },
  ];
}

/** The free, future, policy-accepted slots of provider `p` (a WHERE on unaliased timeslots). */
function bookableSlotOf(providerId: SQL): SQL {
  return sql`timeslots.provider_id = ${providerId} and ${slotIsClaimable} and ${slotObeysPolicy()}`;
}

/** The search's when (`date`, `partOfDay`) as a condition on unaliased timeslots; null: none. */
type When = Pick<NormalisedSearch, 'date' | 'partOfDay'>;
function slotWhen(s: When): SQL | null {
  const parts: SQL[] = [];
  // (provider_id, day, start_time) of timeslots_provider_day_idx: one range per provider.
  if (s.date) parts.push(sql`timeslots.day = ${s.date}::date`);
  if (s.partOfDay) {
    const { from, until } = PART_OF_DAY_BOUNDS[s.partOfDay];
    if (from !== '00:00') parts.push(sql`timeslots.start_time >= ${from}::time`);
    if (until !== '24:00') parts.push(sql`timeslots.start_time < ${until}::time`);
  }
  return parts.length ? sql.join(parts, sql` and `) : null;
}

export function filterConditions(s: NormalisedSearch, ratings: RatingView): SQL[] {
  const conditions: SQL[] = [sql`p.listed`, ratings.where];
  if (s.words.length > 0) {
    // Every word somewhere in "first last specialty" (trigram indexes).
    const text = sql.join(
      s.words.map((word) => sql`p.search_text like ${`%${escapeLike(word)}%`}`),
      sql` and `,
    );
    conditions.push(text);
  }
  if (s.specialty) {
    conditions.push(sql`p.search_text like ${`%${escapeLike(s.specialty)}%`}`);
    conditions.push(sql`p.specialty ilike ${`%${escapeLike(s.specialty)}%`}`);
  }
  if (s.category) conditions.push(sql`p.category = ${s.category}`);
  if (s.point && s.radiusM !== null) {
    const here = earthPoint(s.point);
    conditions.push(sql`p.lat is not null`);
    conditions.push(sql`earth_box(${here}, ${s.radiusM}::float8) @> ${providerEarth}`);
    conditions.push(sql`earth_distance(${here}, ${providerEarth}) <= ${s.radiusM}::float8`);
  }
  const when = slotWhen(s);
  if (when) {
    conditions.push(sql`exists (select 1 from timeslots where ${bookableSlotOf(sql`p.id`)}
      and ${when})`);
  }
  if (s.priceMax !== null) conditions.push(sql`p.price_from_cents <= ${s.priceMax}::int`);
  if (s.minRating !== null) {
    conditions.push(
      sql`round(${ratings.sum}::numeric / nullif(${ratings.count}, 0), 1) >= ${s.minRating}::numeric`,
    );
  }
  return conditions;
}

/**
 * The provider's next bookable slot as `ns` (id, starts_at): within the search's `date` and
 * `partOfDay` when given (docs/product.md §14.2), so a card says when the asked-for time is.
 */
export function nextSlotLateral(providerId: SQL, s: When, alias = 'ns'): SQL {
  const when = slotWhen(s);
  return sql`left join lateral (select timeslots.id, timeslots.starts_at
    from timeslots where ${bookableSlotOf(providerId)}${when ? sql` and ${when}` : sql``}
    order by timeslots.starts_at, timeslots.id limit 1) ${sql.raw(alias)} on true`;
}

/** No date, no part of the day: the next bookable slot at all. */
export const ANY_TIME: When = { date: null, partOfDay: null };

/** Whether the search asks for a day or a part of the day. */
export const hasWhen = (s: When): boolean => s.date !== null || s.partOfDay !== null;

/** The cheapest active service's name of page row `id` (the one the trigger of 0011 takes `price_from_cents` from). */
export const cheapestServiceName = (id: SQL) => sql`(select sv.name from services sv
    where sv.provider_id = ${id} and sv.active order by sv.price_cents, sv.id limit 1)`;
