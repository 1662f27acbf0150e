import { addDays } from '@slotwise/shared/dates';
import {
  FIGURES_DEFAULT_DAYS,
  FIGURES_MAX_DAYS,
  FIGURES_MESSAGES,
  type FiguresQuery,
} from '@slotwise/shared/marketplace-figures-schemas';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, preparedRows, queryRows } from '../../db/client';
import { marketplaceDays, marketplaceFigureDeltas, reports } from '../../db/schema';
import { ValidationError } from '../../errors';

/**
 * The operator's marketplace figures (docs/product.md §19.2,
 * docs/decisions/072-operating-the-marketplace.md): the day rows of the range plus the deltas
 * not folded yet, added up in one statement, so the answer is exact and reads O(days) rows
 * whatever the number of appointments. Days are UTC days.
 */

export interface FiguresRange {
  from: string;
  to: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The range asked for: `to` defaults to today (UTC), `from` to the 30 days ending at `to`. */
export function figuresRange(
  query: FiguresQuery,
  now: Date,
): FiguresRange & Record<string, string> {
  const to = query.to ?? now.toISOString().slice(0, 10);
  const from = query.from ?? addDays(to, -(FIGURES_DEFAULT_DAYS - 1));
  if (from > to) throw ValidationError.field('from', FIGURES_MESSAGES.rangeOrder);
  if (daysBetween(from, to) + 1 > FIGURES_MAX_DAYS) {
    throw ValidationError.field('from', FIGURES_MESSAGES.rangeTooLong);
  }
  return { from, to };
}

const columns = sql`day, currency, bookings, canceled, no_shows, gross_cents, new_providers`;
const from = sql`${sql.placeholder('from')}::date`;
const to = sql`${sql.placeholder('to')}::date`;
/** A currency's gross, listed once it has bookings or money ('' sorts first, as in JS). */
const grossJson = (cents: SQL) =>
  sql`json_agg(json_build_object('currency', currency, 'cents', ${cents})
                order by currency collate "C")`;

/**
 * The whole answer as JSON text in figuresResponseSchema's shape, from one prepared statement:
 * the day rows and the unfolded deltas of the range added per day and currency, every day of the
 * range (zeros included), the totals and rates, and the open reports (counted through
 * reports_open_queue_idx). Sent as is, a string skips the serializer (like the week view,
 * docs/decisions/051): a year is 366 days of objects.
 */
const figuresStatement = () => sql`
  with figures as (
    select day, currency, sum(bookings)::int as bookings, sum(canceled)::int as canceled,
           sum(no_shows)::int as no_shows, sum(gross_cents)::bigint as gross_cents,
           sum(new_providers)::int as new_providers
    from (
      select ${columns} from ${marketplaceDays} where day between ${from} and ${to}
      union all
      select ${columns} from ${marketplaceFigureDeltas} where day between ${from} and ${to}
    ) rows
    group by day, currency
  ),
  priced as (select * from figures where bookings <> 0 or gross_cents <> 0),
  days as (
    select d::date as day, coalesce(sum(f.bookings), 0)::int as bookings,
           coalesce(sum(f.canceled), 0)::int as canceled,
           coalesce(sum(f.no_shows), 0)::int as no_shows,
           coalesce(sum(f.new_providers), 0)::int as new_providers,
           coalesce(${grossJson(sql`f.gross_cents`)}
                      filter (where f.bookings <> 0 or f.gross_cents <> 0), '[]') as gross
    from generate_series(${from}, ${to}, interval '1 day') d
      left join figures f on f.day = d::date
    group by d
  ),
  totals as (
    select coalesce(sum(bookings), 0)::int as bookings, coalesce(sum(canceled), 0)::int as canceled,
           coalesce(sum(no_shows), 0)::int as no_shows,
           coalesce(sum(new_providers), 0)::int as new_providers
    from figures
  )
  select json_build_object(
    'from', to_char(${from}, 'YYYY-MM-DD'),
    'to', to_char(${to}, 'YYYY-MM-DD'),
    'days', (select json_agg(json_build_object('day', to_char(day, 'YYYY-MM-DD'),
               'bookings', bookings, 'canceled', canceled, 'no_shows', no_shows,
               'new_providers', new_providers, 'gross', gross) order by day) from days),
    'totals', json_build_object(
      'bookings', t.bookings, 'canceled', t.canceled, 'no_shows', t.no_shows,
      'new_providers', t.new_providers,
      'gross', coalesce((select ${grossJson(sql`cents`)} from (
                 select currency, sum(gross_cents) as cents from priced group by currency) g), '[]'),
      'cancel_rate', case when t.bookings > 0 then t.canceled::float8 / t.bookings else 0 end,
      'no_show_rate', case when t.bookings > 0 then t.no_shows::float8 / t.bookings else 0 end),
    'open_reports', (select count(*) from ${reports} where status = 'open'),
    'oldest_open_report_at', (select to_char(min(created_at) at time zone 'UTC',
                                'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from ${reports} where status = 'open')
  )::text as body
  from totals t`;

/** The figures of the range asked for, as the JSON text of a FiguresResponse. */
export async function marketplaceFiguresJson(
  db: DbOrTx,
  query: FiguresQuery,
  now: Date = new Date(),
): Promise<string> {
  const range = figuresRange(query, now);
  const [row] = await preparedRows<{ body: string }>(
    db,
    'slotwise_marketplace_figures',
    figuresStatement,
    range,
  );
  return row!.body;
}

/** Moves the deltas into the day rows (concurrent folds take distinct rows): how many moved. */
export async function foldFigures(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ moved: number }>(
    db,
    sql`select marketplace_figures_fold() as moved`,
  );
  return row?.moved ?? 0;
}
