/** The classes and series rows of the table (docs/decisions/067-seats-and-series.md). */
import { fmt, type Row } from './report';
import {
  type ClassRushFloor,
  type ClassRushResult,
  type SeriesResult,
  classRushExact,
} from './scenarios/classes';

/** Counts as "CODE n, CODE n". */
const countsOf = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([key, n]) => `${key} ${n}`)
    .join(', ');

/**
 * The class rush (docs/decisions/067-seats-and-series.md): exactly `capacity` seats given, each
 * to a different client and each named by its 201, the rest 409; all answered within 1 s.
 */
export function classRushRows(rush: ClassRushResult, floor: ClassRushFloor | undefined): Row[] {
  const label = `class rush (${rush.requests.toLocaleString('en')} clients, 1 class of ${rush.capacity} seats)`;
  const losers = rush.requests - rush.capacity;
  const codes = countsOf(rush.refusalCodes);
  return [
    {
      scenario: label,
      measure: '201 · 409 · 5xx · err (409 codes)',
      value:
        `${rush.created} · ${rush.conflicts} · ${rush.serverErrors} · ${rush.networkErrors}` +
        (codes ? ` (${codes})` : '') +
        (Object.keys(rush.otherStatus).length ? ` other ${JSON.stringify(rush.otherStatus)}` : ''),
      target: `${rush.capacity} · ${losers} · 0 · 0`,
      met: classRushExact(rush),
    },
    {
      scenario: label,
      measure: 'booked after (named by a 201) · distinct 201s',
      value: `${rush.bookedAfter} (${rush.bookedAnswered}) · ${rush.distinctWinners}`,
      target: `${rush.capacity} (${rush.capacity}) · ${rush.capacity}`,
      met:
        rush.bookedAfter === rush.capacity &&
        rush.bookedAnswered === rush.capacity &&
        rush.distinctWinners === rush.capacity,
    },
    {
      scenario: label,
      measure: 'all answered in · p50/p99/max',
      value: `${fmt.ms(rush.wallMs)} · ${fmt.ms(rush.p50)}/${fmt.ms(rush.p99)}/${fmt.ms(rush.max)}`,
      floor: floor ? `${fmt.ms(floor.wallMs)} · p99 ${fmt.ms(floor.p99)}` : undefined,
      ofFloor: floor ? fmt.pct((floor.wallMs / rush.wallMs) * 100) : undefined,
      target: '≤ 1 s',
      met: rush.wallMs <= 1_000 && rush.max <= 1_000,
    },
  ];
}

/** Series: every one booked whole (no conflict: the seats were there), p99 ≤ 150 ms. */
export function seriesRows(series: SeriesResult): Row[] {
  const label = `series (${series.series} weekly × ${series.occurrencesAsked / Math.max(1, series.series)}, ${series.concurrency} in flight)`;
  const created = series.statuses['201'] ?? 0;
  const others = Object.fromEntries(
    Object.entries(series.statuses).filter(([status]) => status !== '201'),
  );
  const reasons = countsOf(series.conflictReasons);
  const whole =
    created === series.series &&
    series.occurrencesBooked === series.occurrencesAsked &&
    series.conflicts === 0 &&
    series.bookedAfter === series.occurrencesAsked;
  return [
    {
      scenario: label,
      measure: '201 · occurrences booked · conflicts (reasons)',
      value:
        `${created} · ${series.occurrencesBooked} · ${series.conflicts}` +
        (reasons ? ` (${reasons})` : '') +
        (Object.keys(others).length ? ` other ${JSON.stringify(others)}` : '') +
        (series.firstFailure ? ` first: ${series.firstFailure.slice(0, 80)}` : ''),
      target: `${series.series} · ${series.occurrencesAsked} · 0`,
      met: whole,
    },
    {
      scenario: label,
      measure: 'booked after · full classes',
      value: `${series.bookedAfter} · ${series.fullClasses} of ${series.classes}`,
      target: `${series.occurrencesAsked}`,
      met: series.bookedAfter === series.occurrencesAsked,
    },
    {
      scenario: label,
      measure: 'a series p50/p99/max · all in',
      value: `${fmt.ms(series.p50)}/${fmt.ms(series.p99)}/${fmt.ms(series.max)} · ${fmt.ms(series.wallMs)}`,
      target: 'p99 ≤ 150 ms',
      met: created === series.series && series.p99 <= 150,
    },
  ];
}
