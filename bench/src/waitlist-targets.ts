/**
 * The waitlist's rows of the table (docs/product.md §17, docs/decisions/069-waitlist.md): a freed
 * slot's offer at its client's socket within 200 ms at p99, every rushed offered slot booked
 * exactly once and by its offeree, the match an index range scan; each beside this run's
 * ceilings (the bare Fastify hello world, pgbench on the same database).
 */
import { fmt, type Row } from './report';
import type { Results } from './run-scenarios';
import type { WaitlistResult } from './scenarios/waitlist';

const P99_TARGET_MS = 200;

/** Every round: offered, accepted (201), one booking of the slot afterwards, the offeree's. */
export function waitlistRushesExact(result: WaitlistResult): boolean {
  return result.rushes.length > 0 && result.rushes.every((round) => round.exact);
}

const countsOf = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, n]) => `${key} ${n}`)
    .join(', ') || 'none';

export function waitlistRows(results: Results): Row[] {
  const result = results.waitlist;
  if (!result) return [];
  const { hello, pgbench } = results;
  const label = `waitlist (${result.rounds} cancels, 10,000 entries, 1,000 providers)`;
  const rows: Row[] = [];
  const booking = pgbench?.booking;
  rows.push({
    scenario: label,
    measure: 'cancel → waitlist_offer at the socket: p50/p95/p99/max · arrived',
    value:
      `${fmt.ms(result.p50)}/${fmt.ms(result.p95)}/${fmt.ms(result.p99)}/${fmt.ms(result.max)} · ` +
      `${result.arrived} of ${result.rounds}` +
      (Object.keys(result.cancelFailures).length
        ? ` (cancels refused: ${countsOf(result.cancelFailures)})`
        : ''),
    floor: booking ? `pgbench booking ${fmt.ms(booking.latencyAvgMs)}` : undefined,
    ofFloor: booking ? `${(result.p50 / booking.latencyAvgMs).toFixed(1)}× at p50` : undefined,
    target: `p99 ≤ ${P99_TARGET_MS} ms, all arrived`,
    met: result.p99 <= P99_TARGET_MS && result.arrived === result.rounds,
  });
  rows.push({
    scenario: label,
    measure: "the cancel's own HTTP answer: p50/p99",
    value: `${fmt.ms(result.cancelP50)}/${fmt.ms(result.cancelP99)}`,
    floor: hello ? `hello world p50 ${fmt.ms(hello.p50)}` : undefined,
    target: '',
    met: null,
  });
  rows.push({
    scenario: label,
    measure: 'control: the same cancel, nobody waiting: p50/p99',
    value:
      `${fmt.ms(result.controlP50)}/${fmt.ms(result.controlP99)}` +
      (Object.keys(result.controlFailures).length
        ? ` (refused: ${countsOf(result.controlFailures)})`
        : ''),
    target: '',
    met: null,
  });
  const { rushes } = result;
  const exact = rushes.filter((round) => round.exact).length;
  const others: Record<string, number> = {};
  const accepts: Record<string, number> = {};
  for (const round of rushes) {
    accepts[round.accept || 'not offered'] = (accepts[round.accept || 'not offered'] ?? 0) + 1;
    for (const [key, n] of Object.entries(round.others)) others[key] = (others[key] ?? 0) + n;
  }
  const size = rushes[0] ? 1 + Object.values(rushes[0].others).reduce((a, b) => a + b, 0) : 0;
  rows.push({
    scenario: `waitlist rush (${rushes.length} offered slots × ${size} at once)`,
    measure: 'rounds with exactly one booking, the offeree’s · accepts · the others',
    value: `${exact} of ${rushes.length} · ${countsOf(accepts)} · ${countsOf(others)}`,
    target: `${rushes.length} of ${rushes.length} · 201 ${rushes.length} · all 409`,
    met: waitlistRushesExact(result),
  });
  const plan = result.plan;
  rows.push({
    scenario: 'waitlist match (offerToNext) at 10,000 entries',
    measure: 'EXPLAIN: the scan of waitlist_windows',
    value: plan ? plan.keyLine.slice(0, 110) : 'not explained (PGlite belongs to the server)',
    target: 'index scan on waitlist_windows_match_idx',
    met: plan ? plan.indexScan && !plan.seqScan : null,
  });
  return rows;
}
