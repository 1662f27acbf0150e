/**
 * The web push rows of the table (docs/product.md §20.2, docs/decisions/073-phones.md): a
 * booking's push at the provider's push service within 1 s of the booking's answer at p99, every
 * one arrived; the booking's own answer beside the same booking of a provider without a device
 * (same run), and this run's ceilings where measured.
 */
import { fmt, type Row } from './report';
import type { Results } from './run-scenarios';

const P99_TARGET_MS = 1_000;

const countsOf = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, n]) => `${key} ${n}`)
    .join(', ') || 'none';

export function pushRows(results: Results): Row[] {
  const result = results.push;
  if (!result) return [];
  const label = `web push (${result.bookings} bookings, ${result.otherSubscriptions.toLocaleString('en')} other devices)`;
  const booking = results.pgbench?.booking;
  const failed = Object.keys(result.failures).length > 0;
  return [
    {
      scenario: label,
      measure: 'booking answered → push at the service: p50/p95/p99/max · arrived',
      value:
        `${fmt.ms(result.p50)}/${fmt.ms(result.p95)}/${fmt.ms(result.p99)}/${fmt.ms(result.max)} · ` +
        `${result.arrived} of ${result.bookings}` +
        (failed ? ` (${countsOf(result.failures)})` : ''),
      floor: booking ? `pgbench booking ${fmt.ms(booking.latencyAvgMs)}` : undefined,
      target: `p99 ≤ ${P99_TARGET_MS} ms, all arrived`,
      met: result.p99 <= P99_TARGET_MS && result.arrived === result.bookings && !failed,
    },
    {
      scenario: label,
      measure: 'booking sent → push at the service: p99',
      value: fmt.ms(result.sentToPushP99),
      target: '',
      met: null,
    },
    {
      scenario: label,
      measure: 'the booking’s answer, with a device / control without: p50/p99 · ratio at p50',
      value:
        `${fmt.ms(result.bookP50)}/${fmt.ms(result.bookP99)} / ` +
        `${fmt.ms(result.controlP50)}/${fmt.ms(result.controlP99)} · ` +
        `${(result.bookP50 / result.controlP50).toFixed(2)}×`,
      target: '',
      met: null,
    },
  ];
}
