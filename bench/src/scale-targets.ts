/**
 * The rows of the `replica` and `pgbouncer` scenarios (docs/decisions/077-read-replica-and-pgbouncer.md):
 * search and available slots through the replica ≥ 90 % of the same run's primary throughput;
 * the rush on the primary within ± 10 % while the replica serves reads; the rush through
 * PgBouncer ≥ 80 % of the same run's direct rate. Every rush exact.
 */
import { fmt, type Row } from './report';
import type { Results } from './run-scenarios';
import type { StormResult } from './scenarios/storm';

const exact = (rush: StormResult) =>
  rush.created === rush.slots &&
  rush.distinctSlotsBooked === rush.slots &&
  rush.bookedAfter === rush.slots &&
  rush.conflicts === rush.requests - rush.slots &&
  rush.serverErrors === 0 &&
  rush.networkErrors === 0;

const answers = (rush: StormResult) =>
  `${rush.created} · ${rush.conflicts} · ${rush.serverErrors} · ${rush.networkErrors}`;

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

export function scaleRows(results: Results): Row[] {
  const rows: Row[] = [];
  const replica = results.replica;
  if (replica) {
    for (const pair of replica.reads) {
      const share = (pair.replica.rps / pair.primary.rps) * 100;
      rows.push({
        scenario: `read replica: ${pair.label}`,
        measure: 'req/s · p99 on the replica (on the primary)',
        value:
          `${fmt.rps(pair.replica.rps)} · ${fmt.ms(pair.replica.p99)} ` +
          `(${fmt.rps(pair.primary.rps)} · ${fmt.ms(pair.primary.p99)})`,
        floor: fmt.rps(pair.primary.rps),
        ofFloor: fmt.pct(share),
        target: '≥ 90 % of the primary',
        met: share >= 90 && (pair.replica.status['200'] ?? 0) === pair.replica.total,
      });
    }
    const { alone, readsOnReplica, readsOnPrimary, readRate } = replica.rushes;
    const change = (readsOnReplica.wallMs / alone.wallMs - 1) * 100;
    rows.push({
      scenario: 'read replica: booking rush on the primary',
      measure: `all answered in: alone · ${readRate} reads/s on the replica · on the primary`,
      value:
        `${fmt.ms(alone.wallMs)} · ${fmt.ms(readsOnReplica.wallMs)} · ` +
        `${fmt.ms(readsOnPrimary.wallMs)} (reads answered ${Math.round(replica.rushes.readsDuringReplicaRush)}` +
        ` · ${Math.round(replica.rushes.readsDuringPrimaryRush)}/s)`,
      floor: fmt.ms(alone.wallMs),
      ofFloor: `${change >= 0 ? '+' : ''}${fmt.pct(change)}`,
      target: 'within ± 10 % of alone',
      met: Math.abs(change) <= 10,
    });
    rows.push({
      scenario: 'read replica: booking rush on the primary',
      measure: '201 · 409 · 5xx · err, each',
      value: [alone, readsOnReplica, readsOnPrimary].map(answers).join(' / '),
      target: '500 · 1500 · 0 · 0',
      met: [alone, readsOnReplica, readsOnPrimary].every(exact),
    });
  }
  const pooled = results.pooler?.rushes ?? [];
  const direct = results.storms ?? [];
  if (pooled.length > 0) {
    const pooledRate = mean(pooled.map((r) => r.rate));
    const directRate = direct.length > 0 ? mean(direct.map((r) => r.rate)) : NaN;
    const share = (pooledRate / directRate) * 100;
    rows.push({
      scenario: `booking rush through PgBouncer (${pooled.length} rushes)`,
      measure: 'all answered in, each · mean answers/s (direct)',
      value:
        `${pooled.map((r) => fmt.ms(r.wallMs)).join(' · ')} · ${fmt.rps(pooledRate)}` +
        (Number.isFinite(directRate) ? ` (${fmt.rps(directRate)})` : ''),
      floor: Number.isFinite(directRate) ? fmt.rps(directRate) : undefined,
      ofFloor: Number.isFinite(share) ? fmt.pct(share) : undefined,
      target: '≥ 80 % of the direct rate',
      met: Number.isFinite(share) ? share >= 80 : null,
    });
    rows.push({
      scenario: `booking rush through PgBouncer (${pooled.length} rushes)`,
      measure: '201 · 409 · 5xx · err, each',
      value: pooled.map(answers).join(' / '),
      target: '500 · 1500 · 0 · 0',
      met: pooled.every(exact),
    });
  }
  return rows;
}
