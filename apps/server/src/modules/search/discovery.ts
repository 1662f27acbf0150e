import {
  CATALOGUE_MESSAGES,
  CATEGORIES,
  type CategorySlug,
} from '@slotwise/shared/catalogue-schemas';
import {
  type ProviderListing,
  type ProviderSearchResponse,
  SEARCH_COUNT_CAP,
  SEARCH_DEFAULT_RADIUS_KM,
  type SearchSort,
  type providerSearchQuerySchema,
} from '@slotwise/shared/booking-types';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type DbOrTx, queryRows } from '../../db/client';
import { ValidationError } from '../../errors';
import { imageUrl } from '../../images/image-store';
import { slotIsClaimable } from '../appointments/claimable-slot';
import { findPlace } from '../catalogue/gazetteer';
import { slotObeysPolicy } from '../policies/policy-rules';
import { maybeRefreshRatingPrior } from '../reviews/rating';
import { type CursorCodec, type CursorState, type KeyValue, filtersDigest } from './cursor';

/**
 * Public discovery (docs/product.md §11.2, docs/decisions/048-public-discovery.md): one top-k
 * query over the providers row (listing facts denormalised there by triggers, 0011), each filter
 * and order served by an index, keyset pagination by an opaque cursor, a count that stops at
 * SEARCH_COUNT_CAP, and the per-row extras (next free slot, picture) joined to the page only.
 */

export type SearchParams = z.output<typeof providerSearchQuerySchema>;

/** At most this many words of q become conditions (each one is an index lookup). */
const MAX_QUERY_WORDS = 6;

/** Escapes LIKE's wildcards so `50%_off` matches itself (the default escape is backslash). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The search text as matched: trimmed, single-spaced, lower-case (like `search_text`). */
export function normalizeQuery(q: string | undefined): string {
  return (q ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The category a whole q names ('cleaner', 'Cleaners', 'plumbers'), if any. */
export function categoryNamedBy(q: string): CategorySlug | null {
  const word = q.replace(/s$/, '');
  return CATEGORIES.find((c) => c.slug === word)?.slug ?? null;
}

interface Point {
  lat: number;
  lng: number;
}

/** Nearest first: sort=distance, and relevance without q when a point is given. */
function byDistance(s: { sort: SearchSort; q: string; point: Point | null }): boolean {
  return s.point !== null && (s.sort === 'distance' || (s.sort === 'relevance' && !s.q));
}

/** The filters as matched: normalised, so equal searches share cursors and cache entries. */
export interface NormalisedSearch {
  q: string;
  words: string[];
  specialty: string;
  category: CategorySlug | null;
  point: Point | null;
  radiusM: number | null;
  date: string | null;
  priceMax: number | null;
  minRating: number | null;
  sort: SearchSort;
}

export function normaliseSearch(params: SearchParams): NormalisedSearch {
  let q = normalizeQuery(params.q);
  // A q that names a category ('cleaner', 'Plumbers') is that category: served by its index
  // instead of ranking every provider of it by text similarity.
  const named = q ? categoryNamedBy(q) : null;
  let category: CategorySlug | null = params.category ?? null;
  if (named && (category === null || category === named)) {
    category = named;
    q = '';
  }
  let point: Point | null = params.near ?? null;
  if (params.placeId !== undefined) {
    const place = findPlace(params.placeId);
    if (!place) throw ValidationError.field('placeId', CATALOGUE_MESSAGES.placeUnknown);
    point = { lat: place.lat, lng: place.lng };
  }
  return {
    q,
    words: q ? q.split(' ').slice(0, MAX_QUERY_WORDS) : [],
    specialty: normalizeQuery(params.specialty),
    category,
    point,
    radiusM: point ? (params.radiusKm ?? SEARCH_DEFAULT_RADIUS_KM) * 1000 : null,
    date: params.date ?? null,
    priceMax: params.priceMax ?? null,
    minRating: params.minRating ?? null,
    sort: params.sort ?? 'relevance',
  };
}

// ---- SQL pieces (alias `p` = providers) -------------------------------------------------------

const earthPoint = (point: Point) => sql`ll_to_earth(${point.lat}::float8, ${point.lng}::float8)`;
const providerEarth = sql`ll_to_earth(p.lat, p.lng)`;

/**
 * Ratings as some instant saw them: `current`, or as of a cursor's first page — providers whose
 * rating changed since are read from provider_rating_changes (the values before the first change
 * after asOf), so a page never moves a provider across the page boundary.
 */
interface RatingView {
  sum: SQL;
  count: SQL;
  score: SQL;
  /** Extra FROM (a lateral join) and WHERE for this view. */
  from: SQL;
  where: SQL;
}

const currentRatings: RatingView = {
  sum: sql`p.rating_sum`,
  count: sql`p.rating_count`,
  score: sql`p.rating_score`,
  from: sql``,
  where: sql`true`,
};

function ratingsAsOf(cursor: CursorState, meanUnchanged: boolean): RatingView[] {
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
const bookableSlotOfP = bookableSlotOf(sql`p.id`);

function filterConditions(s: NormalisedSearch, ratings: RatingView): SQL[] {
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
  if (s.date) {
    conditions.push(sql`exists (select 1 from timeslots where ${bookableSlotOfP}
      and timeslots.day = ${s.date}::date)`);
  }
  if (s.priceMax !== null) conditions.push(sql`p.price_from_cents <= ${s.priceMax}::int`);
  if (s.minRating !== null) {
    conditions.push(
      sql`round(${ratings.sum}::numeric / nullif(${ratings.count}, 0), 1) >= ${s.minRating}::numeric`,
    );
  }
  return conditions;
}

/** One ordering key: its SQL, direction, whether it can be null (asc, nulls last), its type. */
interface SortKey {
  name: string;
  expr: SQL;
  desc?: boolean;
  nullable?: boolean;
  cast: 'text' | 'uuid' | 'float8' | 'real' | 'int' | 'timestamptz';
}

/** The provider's next bookable slot as `ns` (id, starts_at). */
function nextSlotLateral(providerId: SQL): SQL {
  return sql`left join lateral (select timeslots.id, timeslots.starts_at
    from timeslots where ${bookableSlotOf(providerId)}
    order by timeslots.starts_at, timeslots.id limit 1) ns on true`;
}

function sortKeys(s: NormalisedSearch, ratings: RatingView): SortKey[] {
  const byName: SortKey[] = [
    { name: 'k_first', expr: sql`p.first_name`, cast: 'text' },
    { name: 'k_last', expr: sql`p.last_name`, cast: 'text' },
  ];
  const id: SortKey = { name: 'k_id', expr: sql`p.id`, cast: 'uuid' };
  if (byDistance(s)) {
    // The chord through the earth (cube <->): the great-circle order, served by KNN on GiST.
    return [
      { name: 'k_dist', expr: sql`(${providerEarth} <-> ${earthPoint(s.point!)})`, cast: 'float8' },
      id,
    ];
  }
  switch (s.sort) {
    case 'rating':
      return [
        { name: 'k_score', expr: ratings.score, desc: true, cast: 'float8' },
        { name: 'k_count', expr: ratings.count, desc: true, cast: 'int' },
        ...byName,
        id,
      ];
    case 'price':
      return [
        { name: 'k_price', expr: sql`p.price_from_cents`, nullable: true, cast: 'int' },
        ...byName,
        id,
      ];
    case 'soonest':
      return [
        { name: 'k_next', expr: sql`ns.starts_at`, nullable: true, cast: 'timestamptz' },
        ...byName,
        id,
      ];
    default:
      // Relevance: how well q matches a whole word run (word similarity distance, KNN on the
      // trigram GiST index), then by name; without q simply by name.
      return s.q
        ? [{ name: 'k_rel', expr: sql`(p.search_text <->> ${s.q})`, cast: 'real' }, ...byName, id]
        : [...byName, id];
  }
}

function param(value: KeyValue, key: SortKey): SQL {
  return sql`${value}::${sql.raw(key.cast)}`;
}

/** "Strictly after the cursor's row" in the keys' order (nulls last). */
function afterCondition(keys: SortKey[], values: KeyValue[]): SQL {
  if (values.length !== keys.length) throw ValidationError.field('cursor', 'bad cursor');
  const equal = (key: SortKey, value: KeyValue) =>
    value === null ? sql`${key.expr} is null` : sql`${key.expr} = ${param(value, key)}`;
  const greater = (key: SortKey, value: KeyValue): SQL => {
    if (value === null) return sql`false`;
    const strictly = key.desc
      ? sql`${key.expr} < ${param(value, key)}`
      : sql`${key.expr} > ${param(value, key)}`;
    return key.nullable ? sql`(${strictly} or ${key.expr} is null)` : strictly;
  };
  const branches = keys.map((key, i) =>
    sql.join(
      [...keys.slice(0, i).map((k, j) => equal(k, values[j]!)), greater(key, values[i]!)],
      sql` and `,
    ),
  );
  const first = keys[0]!;
  const firstValue = values[0]!;
  // A bound on the first key alone lets the index start at the cursor instead of the top.
  const bound =
    firstValue === null
      ? sql`${first.expr} is null`
      : first.nullable
        ? sql`(${first.expr} ${sql.raw(first.desc ? '<=' : '>=')} ${param(firstValue, first)} or ${first.expr} is null)`
        : sql`${first.expr} ${sql.raw(first.desc ? '<=' : '>=')} ${param(firstValue, first)}`;
  return sql`(${bound} and ((${sql.join(branches, sql`) or (`)})))`;
}

function orderBy(keys: SortKey[], qualify?: string): SQL {
  return sql.join(
    keys.map((key) => {
      const expr = qualify ? sql.raw(`${qualify}.${key.name}`) : key.expr;
      return sql`${expr} ${sql.raw(key.desc ? 'desc' : 'asc')} ${sql.raw(key.nullable ? 'nulls last' : '')}`;
    }),
    sql`, `,
  );
}

interface PageRow {
  id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  specialty: string | null;
  bio: string;
  category: CategorySlug | null;
  city: string | null;
  price_from_cents: number | null;
  price_currency: string | null;
  r_sum: number;
  r_count: number;
  distance_m: number | null;
  profile_image_id: string | null;
  next_id: string | null;
  next_at: string | null;
  as_of: string;
  mean: number;
  [key: `k_${string}`]: KeyValue;
}

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
  const distance = s.point
    ? sql`earth_distance(${earthPoint(s.point)}, ${providerEarth})`
    : sql`null::float8`;
  const keyColumns = sql.join(
    keys.map((key) => sql`${key.expr} as ${sql.raw(key.name)}`),
    sql`, `,
  );
  // soonest orders by the next slot: it must be known before the limit; otherwise it is
  // looked up for the page's rows only (outer query).
  const lateral = s.sort === 'soonest' ? nextSlotLateral(sql`p.id`) : sql``;
  return sql`select p.id, p.user_id, p.first_name, p.last_name, p.specialty, p.bio, p.category,
      p.place_name as city, p.price_from_cents, p.price_currency,
      ${ratings.sum} as r_sum, ${ratings.count} as r_count, ${distance} as distance_m,
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
    select page.*, u.profile_image_id, ns.id as next_id,
      to_char(ns.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as next_at,
      to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as as_of,
      (select mean from rating_prior where id = 1) as mean
    from page join users u on u.id = page.user_id
    ${nextSlotLateral(sql`page.id`)}
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
    next_available: row.next_at,
    next_available_slot_id: row.next_id,
  };
}

export interface DiscoveryDeps {
  db: DbOrTx;
  cursors: CursorCodec;
  now?: () => Date;
}

/** GET /search/providers: one page (by SPEC's `page` or by `cursor`), the capped count, the next cursor. */
/**
 * Nearest first: the GiST KNN scan yields providers by distance and stops after the page, but
 * only when the distance is the whole ORDER BY (a tie-breaker makes PostgreSQL sort every
 * provider in the radius). So: the page plus two rows by distance alone; if the row after the
 * page is strictly farther than the page's last, those rows are exactly the first ones by
 * (distance, id); if not (providers at the very same point across the page boundary), the
 * exact query with its tie-breaker answers.
 */
async function nearestFirst(
  db: DbOrTx,
  s: NormalisedSearch,
  views: RatingView[],
  cursor: CursorState | null,
  limit: number,
  offset: number,
): Promise<PageRow[]> {
  if (byDistance(s) && views.length === 1 && offset === 0) {
    const rows = await queryRows<PageRow>(db, pageQuery(s, views, cursor, limit, offset, true));
    if (rows.length < limit + 2 || Number(rows[limit]!.k_dist) < Number(rows[limit + 1]!.k_dist)) {
      return rows.slice(0, limit + 1);
    }
  }
  return queryRows<PageRow>(db, pageQuery(s, views, cursor, limit, offset));
}

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
  // A first page ranked by rating first brings the cached marketplace mean up to date.
  if (!cursor && s.sort === 'rating') await maybeRefreshRatingPrior(deps.db);
  let views: RatingView[] = [currentRatings];
  if (cursor && (s.sort === 'rating' || s.minRating !== null)) {
    const [prior] = await queryRows<{ mean: number }>(
      deps.db,
      sql`select mean from rating_prior where id = 1`,
    );
    views = ratingsAsOf(cursor, Number(prior?.mean ?? 0) === cursor.mean);
  } else if (cursor) {
    views = [{ ...currentRatings }];
  }
  const page = params.page ?? 1;
  const offset = cursor ? 0 : (page - 1) * limit;
  // Later pages carry the first page's count: counting again would cost as much as the page.
  const [rows, counted] = await Promise.all([
    nearestFirst(deps.db, s, views, cursor, limit, offset),
    cursor
      ? Promise.resolve([{ n: cursor.total }])
      : queryRows<{ n: number }>(deps.db, countQuery(s)),
  ]);
  const n = Number(counted[0]?.n ?? 0);
  const served = (cursor ? cursor.served : offset) + Math.min(rows.length, limit);
  const hasMore = rows.length > limit;
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
      mean: cursor?.mean ?? Number(last.mean),
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
