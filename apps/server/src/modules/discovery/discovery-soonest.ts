import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { isoMicrosTextOf, isoTextOf } from '../../lib/iso';
import { throttledPerHandle } from '../../lib/throttle-per-handle';
import type { CursorState } from './cursor';
import { businessOfRow, type PageReader, type PageRow } from './discovery-page-row';
import type { NormalisedSearch } from './discovery-normalise';
import { type SortKey, afterCondition, orderBy, sortKeys } from './discovery-order';
import {
  ANY_TIME,
  type RatingView,
  cheapestServiceName,
  currentRatings,
  distanceOf,
  filterConditions,
  hasWhen,
  nextSlotLateral,
} from './discovery-sql';

/**
 * sort=soonest as a lower-bound top-k walk (docs/decisions/055-discovery-soonest.md).
 * `providers.next_free_starts_at` (0013) is a lower bound of each provider's next bookable slot:
 * it ignores policies and goes stale as time passes, never too late. The walk reads candidates
 * in (bound, first, last, id) order from an index, verifies the first n (their real next slot,
 * policies and filters included) and keeps those whose real key (next, first, last, id) is below
 * the (n+1)-th candidate's bound tuple: every unread candidate's real key is at least its bound
 * tuple, hence after them. Too few such rows: n grows (× 4). Candidates exhausted: the rest are
 * the providers without a bookable slot, by name.
 */

/** The verified rows' sort keys (alias `v`), for the cursor condition and the order. */
const verifiedKeys: SortKey[] = [
  { name: 'k_next', expr: sql`v.next_starts`, nullable: true, cast: 'timestamptz' },
  { name: 'k_first', expr: sql`v.first_name`, cast: 'text' },
  { name: 'k_last', expr: sql`v.last_name`, cast: 'text' },
  { name: 'k_id', expr: sql`v.id`, cast: 'uuid' },
];

/** The first n + 1 candidates of one rating view, in bound order (the index's order). */
function candidates(s: NormalisedSearch, view: RatingView, n: number): SQL {
  return sql`(select p.id, p.user_id, p.first_name, p.last_name, p.specialty, p.bio, p.category,
      p.place_name as city, p.price_from_cents, p.price_currency,
      ${view.sum} as r_sum, ${view.count} as r_count, ${distanceOf(s)} as distance_m,
      p.next_free_starts_at as lb
    from providers p${view.from}
    where ${sql.join(filterConditions(s, view), sql` and `)} and p.next_free_starts_at is not null
    order by p.next_free_starts_at, p.first_name, p.last_name, p.id
    limit ${n + 1}::int)`;
}

/**
 * The page columns of verified rows `v`. The walk orders by each provider's next free slot at
 * all (what the bounds bound); with a `date` or `partOfDay` the card shows the first slot in that
 * day and part (docs/product.md §14.2), looked up for the page's rows only (`ds`).
 */
function pageExtras(s: NormalisedSearch): SQL {
  const shown = hasWhen(s)
    ? sql`ds.id as next_id, ${isoTextOf(sql`ds.starts_at`)} as next_at`
    : sql`v.key_next_id as next_id, ${isoTextOf(sql`v.next_starts`)} as next_at`;
  return sql`u.profile_image_id, u.timezone, ${businessOfRow(sql`v.id`)},
  ${cheapestServiceName(sql`v.id`)} as price_service_name,
  ${shown}, ${isoMicrosTextOf(sql`now()`)} as as_of,
  (select mean from rating_prior where id = 1) as mean,
  v.next_starts as k_next, v.first_name as k_first, v.last_name as k_last, v.id as k_id`;
}

/** The page rows' shown slot (`ds`), when the search asks for a day or a part of the day. */
const shownSlot = (s: NormalisedSearch) =>
  hasWhen(s) ? nextSlotLateral(sql`v.id`, s, 'ds') : sql``;

/**
 * One attempt: the verified rows that are surely in place (below the bound), after the cursor,
 * at most `need`, plus how many candidates were read (≤ n: all of them).
 */
export function soonestWalkQuery(
  s: NormalisedSearch,
  views: RatingView[],
  cursor: CursorState | null,
  n: number,
  need: number,
): SQL {
  const after = cursor ? afterCondition(verifiedKeys, cursor.keys) : sql`true`;
  return sql`with cand as materialized (${sql.join(
    views.map((view) => candidates(s, view, n)),
    sql` union all `,
  )}),
    ranked as (select cand.*, row_number() over (order by lb, first_name, last_name, id) as rn from cand),
    bound as (select lb, first_name, last_name, id from ranked where rn = ${n + 1}::int),
    verified as (select r.*, ns.id as key_next_id, ns.starts_at as next_starts
      from ranked r ${nextSlotLateral(sql`r.id`, ANY_TIME)} where r.rn <= ${n}::int)
    select m.n_cand, w.* from (select count(*)::int as n_cand from cand) m
    left join lateral (select v.*, ${pageExtras(s)}
      from verified v join users u on u.id = v.user_id ${shownSlot(s)}
      where v.next_starts is not null
        and not exists (select 1 from bound b
          where (v.next_starts, v.first_name, v.last_name, v.id) >= (b.lb, b.first_name, b.last_name, b.id))
        and ${after}
      order by ${orderBy(verifiedKeys)}
      limit ${need}::int) w on true`;
}

/** The providers without a bookable slot (real next slot null), by name, after the cursor. */
function withoutSlotQuery(
  s: NormalisedSearch,
  view: RatingView,
  cursor: CursorState | null,
  need: number,
): SQL {
  const keys = sortKeys(s, view);
  const conditions = filterConditions(s, view);
  conditions.push(sql`ns.starts_at is null`);
  if (cursor) conditions.push(afterCondition(keys, cursor.keys));
  return sql`select v.*, ${pageExtras(s)} from (select p.id, p.user_id, p.first_name, p.last_name,
      p.specialty, p.bio, p.category, p.place_name as city, p.price_from_cents, p.price_currency,
      ${view.sum} as r_sum, ${view.count} as r_count, ${distanceOf(s)} as distance_m,
      null::uuid as key_next_id, null::timestamptz as next_starts
    from providers p${view.from} ${nextSlotLateral(sql`p.id`, ANY_TIME)}
    where ${sql.join(conditions, sql` and `)}
    order by p.first_name, p.last_name, p.id
    limit ${need}::int) v join users u on u.id = v.user_id ${shownSlot(s)}`;
}

interface WalkRow extends PageRow {
  n_cand: number;
}

/** The first walk reads this many candidates per row wanted (ties and loose bounds). */
const FIRST_READ_FACTOR = 2;
const MIN_READ = 50;

/** Rows offset … offset + limit (+ 1 to tell a next page) of sort=soonest, in order. */
export const soonestPage: PageReader = async (db, s, views, cursor, limit, offset) => {
  const need = offset + limit + 1;
  // A later page re-reads from the start: a loose bound may sit before the cursor while the
  // provider's real next slot is after it.
  let n = Math.max(MIN_READ, FIRST_READ_FACTOR * (need + (cursor?.served ?? 0)));
  for (;;) {
    const rows = await queryRows<WalkRow>(db, soonestWalkQuery(s, views, cursor, n, need));
    const found = rows.filter((row) => row.id !== null);
    const candidatesRead = Number(rows[0]?.n_cand ?? 0);
    if (found.length >= need) return found.slice(offset);
    if (candidatesRead <= n) {
      // Every candidate verified: the rows found are all the ones with a slot.
      const nullCursor = cursor && cursor.keys[0] === null ? cursor : null;
      const rest =
        cursor && !nullCursor
          ? // The cursor is among providers with a slot: the tail starts at its beginning.
            await tail(db, s, views, null, need - found.length)
          : await tail(db, s, views, nullCursor, need - found.length);
      return [...found, ...rest].slice(offset);
    }
    n *= 4;
  }
};

async function tail(
  db: DbOrTx,
  s: NormalisedSearch,
  views: RatingView[],
  cursor: CursorState | null,
  need: number,
): Promise<PageRow[]> {
  if (need <= 0) return [];
  const parts = await Promise.all(
    views.map((view) => queryRows<PageRow>(db, withoutSlotQuery(s, view, cursor, need))),
  );
  if (parts.length === 1) return parts[0]!;
  // Two rating views (a later page with ratings as of the first): merge by name in SQL order.
  const ids = parts.flat().map((row) => row.id);
  const order = await queryRows<{ id: string }>(
    db,
    sql`select p.id from providers p where p.id = any(${ids}::uuid[])
      order by p.first_name, p.last_name, p.id limit ${need}::int`,
  );
  const byId = new Map(parts.flat().map((row) => [row.id, row]));
  return order.map((row) => byId.get(row.id)!);
}

/** For EXPLAIN tests: the first attempt of a first page. */
export function soonestFirstAttempt(s: NormalisedSearch, limit: number): SQL {
  const need = limit + 1;
  return soonestWalkQuery(
    s,
    [currentRatings],
    null,
    Math.max(MIN_READ, FIRST_READ_FACTOR * need),
    need,
  );
}

const STALE_REFRESH_EVERY_MS = 10_000;
const STALE_REFRESH_MAX = 500;

/**
 * Time passing leaves bounds in the past (still lower bounds, but each one costs a verification
 * at the head of every walk): recompute them, at most every 10 s per process, on a first page.
 */
export const maybeRefreshStaleBounds = throttledPerHandle<DbOrTx>(STALE_REFRESH_EVERY_MS, (db) =>
  db.execute(sql`select refresh_stale_next_free(${STALE_REFRESH_MAX}::int)`),
);
