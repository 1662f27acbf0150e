import { addDays } from '@slotwise/shared/dates';
import {
  FIGURES_DEFAULT_DAYS,
  FIGURES_MAX_DAYS,
  FIGURES_MESSAGES,
  type FiguresDay,
  type FiguresQuery,
  type FiguresResponse,
} from '@slotwise/shared/marketplace-figures-schemas';
import { sql } from 'drizzle-orm';
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
export function figuresRange(query: FiguresQuery, now: Date): FiguresRange {
  const to = query.to ?? now.toISOString().slice(0, 10);
  const from = query.from ?? addDays(to, -(FIGURES_DEFAULT_DAYS - 1));
  if (from > to) throw ValidationError.field('from', FIGURES_MESSAGES.rangeOrder);
  if (daysBetween(from, to) + 1 > FIGURES_MAX_DAYS) {
    throw ValidationError.field('from', FIGURES_MESSAGES.rangeTooLong);
  }
  return { from, to };
}

interface DayRow {
  /** Null on the one row of a range without figures. */
  day: string | null;
  currency: string;
  bookings: number;
  canceled: number;
  no_shows: number;
  gross_cents: number;
  new_providers: number;
  open_reports: number;
  oldest_open_report_at: string | null;
}

const columns = sql`day, currency, bookings, canceled, no_shows, gross_cents, new_providers`;

/**
 * One prepared statement: the day rows and the unfolded deltas of the range per day and
 * currency, each row with the open reports' count and the oldest's filing time (counted once,
 * through reports_open_queue_idx; a range without figures still gives them, on one row).
 */
const figuresStatement = () => sql`
  select f.day::text as day, f.currency, f.bookings, f.canceled, f.no_shows, f.gross_cents,
         f.new_providers, r.open_reports, r.oldest_open_report_at
  from (
    select count(*)::int as open_reports,
           to_char(min(created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
             as oldest_open_report_at
    from ${reports} where status = 'open'
  ) r
  left join (
    select day, currency, sum(bookings)::int as bookings, sum(canceled)::int as canceled,
           sum(no_shows)::int as no_shows, sum(gross_cents)::float8 as gross_cents,
           sum(new_providers)::int as new_providers
    from (
      select ${columns} from ${marketplaceDays}
        where day between ${sql.placeholder('from')}::date and ${sql.placeholder('to')}::date
      union all
      select ${columns} from ${marketplaceFigureDeltas}
        where day between ${sql.placeholder('from')}::date and ${sql.placeholder('to')}::date
    ) figures
    group by day, currency
  ) f on true`;

type Counts = Omit<FiguresDay, 'day'>;

const emptyCounts = (): Counts => ({
  bookings: 0,
  canceled: 0,
  no_shows: 0,
  new_providers: 0,
  gross: [],
});

/** Adds one currency row into `counts` (a currency listed once it has bookings or money). */
function add(counts: Counts, row: DayRow): void {
  counts.bookings += row.bookings;
  counts.canceled += row.canceled;
  counts.no_shows += row.no_shows;
  counts.new_providers += row.new_providers;
  if (row.bookings === 0 && row.gross_cents === 0) return;
  const gross = counts.gross.find((entry) => entry.currency === row.currency);
  if (gross) gross.cents += row.gross_cents;
  else counts.gross.push({ currency: row.currency, cents: row.gross_cents });
}

const byCurrency = (a: { currency: string }, b: { currency: string }) =>
  a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0;

export async function marketplaceFigures(
  db: DbOrTx,
  query: FiguresQuery,
  now: Date = new Date(),
): Promise<FiguresResponse> {
  const range = figuresRange(query, now);
  const rows = await preparedRows<DayRow>(db, 'slotwise_marketplace_figures', figuresStatement, {
    from: range.from,
    to: range.to,
  });
  const days = new Map<string, FiguresDay>();
  const first = Date.parse(`${range.from}T00:00:00Z`);
  const last = daysBetween(range.from, range.to);
  for (let n = 0; n <= last; n++) {
    const day = new Date(first + n * DAY_MS).toISOString().slice(0, 10);
    days.set(day, { day, ...emptyCounts() });
  }
  const totals = emptyCounts();
  for (const row of rows) {
    if (row.day === null) continue;
    const day = days.get(row.day);
    if (day) add(day, row);
    add(totals, row);
  }
  for (const day of days.values()) day.gross.sort(byCurrency);
  totals.gross.sort(byCurrency);
  const rate = (part: number) => (totals.bookings > 0 ? part / totals.bookings : 0);
  return {
    ...range,
    days: [...days.values()],
    totals: {
      ...totals,
      cancel_rate: rate(totals.canceled),
      no_show_rate: rate(totals.no_shows),
    },
    open_reports: rows[0]?.open_reports ?? 0,
    oldest_open_report_at: rows[0]?.oldest_open_report_at ?? null,
  };
}

/** Moves the deltas into the day rows (concurrent folds take distinct rows): how many moved. */
export async function foldFigures(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ moved: number }>(
    db,
    sql`select marketplace_figures_fold() as moved`,
  );
  return row?.moved ?? 0;
}
