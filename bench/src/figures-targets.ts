/**
 * The marketplace figures' rows of the table (docs/product.md §19.2,
 * docs/decisions/072-operating-the-marketplace.md): GET /api/admin/figures over 1,000,000
 * appointments within p99 ≤ 200 ms for 30, 90 and 366 days, exact, each beside this run's
 * ceilings (the bare Fastify hello world, pgbench -S on the same database).
 */
import { fmt, type Row } from './report';
import type { Results } from './run-scenarios';

const P99_TARGET_MS = 200;

export function figuresRows(results: Results): Row[] {
  const result = results.figures;
  if (!result) return [];
  const { hello, pgbench } = results;
  const label = `figures (${result.appointments.toLocaleString('en')} appointments, 2 years)`;
  const rows: Row[] = [
    {
      scenario: label,
      measure: 'seeded (deltas written) · one fold · day rows',
      value:
        `${(result.seedMs / 1000).toFixed(1)} s (${result.deltas.toLocaleString('en')}) · ` +
        `${fmt.ms(result.foldMs)} · ${result.dayRows.toLocaleString('en')}`,
      target: '',
      met: null,
    },
    {
      scenario: label,
      measure: '366 days: bookings · canceled · no-shows, answered vs counted',
      value: `${result.answered} vs ${result.counted}`,
      target: 'equal',
      met: result.exact,
    },
  ];
  for (const { days, load } of result.ranges) {
    const non2xx = Object.entries(load.status).filter(([code]) => !code.startsWith('2'));
    rows.push({
      scenario: `${label}: GET /api/admin/figures, ${days} days`,
      measure: 'req/s · p50/p99',
      value:
        `${fmt.rps(load.rps)} · ${fmt.ms(load.p50)}/${fmt.ms(load.p99)}` +
        (non2xx.length || load.errors
          ? ` (errors: ${JSON.stringify(Object.fromEntries(non2xx))} ${load.errors})`
          : ''),
      floor: hello
        ? `hello ${fmt.rps(hello.rps)}` +
          (pgbench ? ` · pgbench -S ${fmt.ms(pgbench.select.latencyAvgMs)}` : '')
        : undefined,
      ofFloor: hello ? fmt.pct((load.rps / hello.rps) * 100) : undefined,
      target: `p99 ≤ ${P99_TARGET_MS} ms`,
      met: non2xx.length === 0 && load.errors === 0 && load.p99 <= P99_TARGET_MS,
    });
  }
  const reviews = result.reviewsPage;
  const reviewErrors = Object.entries(reviews.status).filter(([code]) => !code.startsWith('2'));
  rows.push({
    scenario: `${label}: ${result.reviews.toLocaleString('en')} reviews`,
    measure: 'a provider’s first page of 500: req/s · p50/p99',
    value:
      `${fmt.rps(reviews.rps)} · ${fmt.ms(reviews.p50)}/${fmt.ms(reviews.p99)}` +
      (reviewErrors.length || reviews.errors
        ? ` (errors: ${JSON.stringify(Object.fromEntries(reviewErrors))} ${reviews.errors})`
        : ''),
    floor: hello ? `hello ${fmt.rps(hello.rps)}` : undefined,
    ofFloor: hello ? fmt.pct((reviews.rps / hello.rps) * 100) : undefined,
    target: '≥ 1,000 req/s, p99 ≤ 50 ms',
    met:
      reviewErrors.length === 0 &&
      reviews.errors === 0 &&
      reviews.rps >= 1_000 &&
      reviews.p99 <= 50 &&
      result.reviews === 100_000,
  });
  return rows;
}
