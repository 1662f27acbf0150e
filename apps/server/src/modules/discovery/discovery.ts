import {
  type ProviderListing,
  type ProviderSearchResponse,
  SEARCH_COUNT_CAP,
} from '@slotwise/shared/discovery-schemas';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { imageUrl } from '../../images/image-store';
import { isoMicrosTextOf, isoTextOf } from '../../lib/iso';
import { priorOf } from '../reviews/rating';
import { type CursorCodec, type CursorState, type KeyValue, filtersDigest } from './cursor';
import { businessOfRow, type PageReader, type PageRow } from './discovery-page-row';
import { type NormalisedSearch, type SearchParams, normaliseSearch } from './discovery-normalise';
import { afterCondition, byDistance, orderBy, sortKeys } from './discovery-order';
import {
  type RatingView,
  cheapestServiceName,
  currentRatings,
  distanceOf,
  filterConditions,
  nextSlotLateral,
  ratingsAsOf,
  scoredFrom,
} from './discovery-sql';
import { maybeRefreshStaleBounds, soonestPage } from './discovery-soonest';
import type { PageCache } from './page-cache';

/**
 * Public discovery (docs/product.md §11.2, docs/decisions/048-public-discovery.md): one top-k
 * query over the providers row (listing facts denormalised there by triggers, 0011), each filter
 * and order served by an index, keyset pagination by an opaque cursor, a count that stops at
 * SEARCH_COUNT_CAP, and the per-row extras (next free slot, picture) joined to the page only.
 */

/** One branch of the page query: the matches of a rating view, ordered, limited. */
function branch(
  s: NormalisedSearch,
  ratings: RatingView,
  cursor: CursorState | null,
  take: number,
  offset: number,
  knn = false,
): SQL {
  const keys = sortKeys(s, ratings);
  const conditions = filterConditions(s, ratings);
  if (cursor) conditions.push(afterCondition(keys, cursor.keys));
  const keyColumns = sql.join(
    keys.map((key) => sql`${key.expr} as ${sql.raw(key.name)}`),
    sql`, `,
  );
  // soonest orders by the next slot: it must be known before the limit; otherwise it is
  // looked up for the page's rows only (outer query).
  const lateral = s.sort === 'soonest' ? nextSlotLateral(sql`p.id`, s) : sql``;
  return sql`select p.id, p.user_id, p.first_name, p.last_name, p.specialty, p.bio, p.category,
      p.place_name as city, p.price_from_cents, p.price_currency,
      ${ratings.sum} as r_sum, ${ratings.count} as r_count, ${distanceOf(s)} as distance_m,
      ${keyColumns}
    from providers p${ratings.from} ${lateral}
    where ${sql.join(conditions, sql` and `)}
    order by ${knn ? keys[0]!.expr : orderBy(keys)}
    limit ${take}::int offset ${offset}::int`;
}

/** Rows + 1 of the page (the extra one says there is a next page). */
function pageQuery(
  s: NormalisedSearch,
  views: RatingView[],
  cursor: CursorState | null,
  limit: number,
  offset: number,
  knn = false,
): SQL {
  const keys = sortKeys(s, views[0]!);
  // KNN: ordered by the distance alone (what the GiST scan yields), one row more to see ties.
  const take = knn ? limit + 2 : limit + 1;
  const inner =
    views.length === 1
      ? branch(s, views[0]!, cursor, take, offset, knn)
      : sql`select * from ((${sql.join(
          views.map((view) => branch(s, view, cursor, take, 0)),
          sql`) union all (`,
        )})) u order by ${orderBy(keys, 'u')} limit ${take}::int`;
  return sql`with page as (${inner})
    select page.*, u.profile_image_id, u.timezone, ${businessOfRow(sql`page.id`)},
      ${cheapestServiceName(sql`page.id`)} as price_service_name, ns.id as next_id,
      ${isoTextOf(sql`ns.starts_at`)} as next_at, ${isoMicrosTextOf(sql`now()`)} as as_of,
      (select mean from rating_prior where id = 1) as mean
    from page join users u on u.id = page.user_id
    ${nextSlotLateral(sql`page.id`, s)}
    order by ${orderBy(keys, 'page')}`;
}

/** The matches counted up to SEARCH_COUNT_CAP + 1 (a LIMITed subquery: never all of them). */
function countQuery(s: NormalisedSearch): SQL {
  return sql`select count(*)::int as n from (select 1 from providers p
    where ${sql.join(filterConditions(s, currentRatings), sql` and `)}
    limit ${SEARCH_COUNT_CAP + 1}::int) capped`;
}

/** The query of a first page, for EXPLAIN tests. */
export function discoveryPageQuery(params: SearchParams): SQL {
  return pageQuery(normaliseSearch(params), [currentRatings], null, params.limit, 0);
}

/** The count query, for EXPLAIN. */
export function discoveryCountQuery(params: SearchParams): SQL {
  return countQuery(normaliseSearch(params));
}

function keyValue(value: unknown): KeyValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

function toListing(row: PageRow): ProviderListing {
  const count = Number(row.r_count);
  return {
    provider_id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    specialty: row.specialty ?? '',
    bio: row.bio,
    profile_image_url: imageUrl(row.profile_image_id),
    rating: count > 0 ? Math.round((Number(row.r_sum) / count) * 10) / 10 : null,
    review_count: count,
    category: row.category,
    city: row.city,
    distance_km: row.distance_m === null ? null : Math.round(Number(row.distance_m) / 100) / 10,
    price_from_cents: row.price_from_cents === null ? null : Number(row.price_from_cents),
    currency: row.price_currency,
    price_from_service_name: row.price_service_name,
    timezone: row.timezone,
    next_available: row.next_at,
    next_available_slot_id: row.next_id,
    business_id: row.business_id,
    business_name: row.business_name,
  };
}

export interface DiscoveryDeps {
  db: DbOrTx;
  cursors: CursorCodec;
  now?: () => Date;
  /**
   * First pages' capped totals kept by filters (any order, any page size): a total is shown
   * bounded ("2,000+") and moves slower than a page's rows, while counting is most of the cost
   * of a broad search (docs/decisions/061-discovery-reloads.md). Absent: counted every time.
   */
  totals?: PageCache<number>;
}

/** The capped count of a first page's matches, through `deps.totals` when there is one. */
function countMatches(deps: DiscoveryDeps, s: NormalisedSearch): Promise<number> {
  const count = async () => {
    const [row] = await queryRows<{ n: number }>(deps.db, countQuery(s));
    return Number(row?.n ?? 0);
  };
  if (!deps.totals) return count();
  // The order does not change what matches: every sort of the same filters shares one total.
  return deps.totals.get(JSON.stringify({ ...s, sort: null }), count);
}

/**
 * The total as the page shows it: a page without a next one ends the results, so the total is
 * exact whatever a kept count said; a page with a next one has at least one more match.
 */
function totalSeenBy(counted: number, offset: number, rows: number, hasMore: boolean): number {
  if (hasMore) return Math.max(counted, offset + rows);
  return rows > 0 || offset === 0 ? offset + rows : counted;
}

/**
 * Nearest first: the GiST KNN scan yields providers by distance and stops after the page, but
 * only when the distance is the whole ORDER BY (a tie-breaker makes PostgreSQL sort every
 * provider in the radius). So: the page plus two rows by distance alone; if the row after the
 * page is strictly farther than the page's last, those rows are exactly the first ones by
 * (distance, id); if not (providers at the very same point across the page boundary), the
 * exact query with its tie-breaker answers.
 */
const nearestFirst: PageReader = async (db, s, views, cursor, limit, offset) => {
  if (byDistance(s) && views.length === 1 && offset === 0) {
    const rows = await queryRows<PageRow>(db, pageQuery(s, views, cursor, limit, offset, true));
    if (rows.length < limit + 2 || Number(rows[limit]!.k_dist) < Number(rows[limit + 1]!.k_dist)) {
      return rows.slice(0, limit + 1);
    }
  }
  return queryRows<PageRow>(db, pageQuery(s, views, cursor, limit, offset));
};

/** GET /search/providers: one page (by SPEC's `page` or by `cursor`), the capped count, the next cursor. */
export async function discoverProviders(
  deps: DiscoveryDeps,
  params: SearchParams,
): Promise<ProviderSearchResponse> {
  const s = normaliseSearch(params);
  const { limit } = params;
  const digest = filtersDigest({ ...s, words: undefined });
  const cursor = params.cursor
    ? deps.cursors.decode(
        params.cursor,
        { sort: s.sort, filters: digest },
        (deps.now ?? (() => new Date()))(),
      )
    : null;
  if (!cursor && s.sort === 'soonest') await maybeRefreshStaleBounds(deps.db);
  // The marketplace mean is brought up to date by a job, never here (a whole marketplace's
  // scores may have to move: docs/decisions/083-background-work-under-load.md). While that job
  // moves the stored scores, a ranking by rating computes each score from the mean instead.
  let views: RatingView[] = [currentRatings];
  /** The mean a first page's scores were computed from (its cursor's next page uses the same). */
  let scoredMean: number | null = null;
  if (s.sort === 'rating' || (cursor && s.minRating !== null)) {
    const prior = await priorOf(deps.db);
    if (cursor) {
      views = ratingsAsOf(cursor, !prior.moving && prior.mean === cursor.mean);
    } else if (prior.moving) {
      views = [scoredFrom(prior.mean)];
      scoredMean = prior.mean;
    }
  } else if (cursor) {
    views = [{ ...currentRatings }];
  }
  const page = params.page ?? 1;
  const offset = cursor ? 0 : (page - 1) * limit;
  // Later pages carry the first page's count: counting again would cost as much as the page.
  const [rows, counted] = await Promise.all([
    s.sort === 'soonest'
      ? soonestPage(deps.db, s, views, cursor, limit, offset)
      : nearestFirst(deps.db, s, views, cursor, limit, offset),
    cursor ? Promise.resolve(cursor.total) : countMatches(deps, s),
  ]);
  const served = (cursor ? cursor.served : offset) + Math.min(rows.length, limit);
  const hasMore = rows.length > limit;
  // rows holds one more than the page when there is a next page.
  const n = cursor ? counted : totalSeenBy(counted, offset, rows.length, hasMore);
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  let nextCursor: string | null = null;
  if (hasMore && last) {
    const keys = sortKeys(s, currentRatings).map((key) =>
      keyValue(last[key.name as `k_${string}`]),
    );
    nextCursor = deps.cursors.encode({
      sort: s.sort,
      filters: digest,
      keys,
      asOf: cursor?.asOf ?? last.as_of,
      mean: cursor?.mean ?? scoredMean ?? Number(last.mean),
      served,
      total: n,
    });
  }
  return {
    providers: shown.map(toListing),
    page: cursor ? Math.floor(cursor.served / limit) + 1 : page,
    limit,
    total: Math.min(n, SEARCH_COUNT_CAP),
    totalIsCapped: n > SEARCH_COUNT_CAP,
    nextCursor,
  };
}
