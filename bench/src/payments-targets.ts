/**
 * The prepaid booking rush's rows of the table (docs/product.md §16,
 * docs/decisions/068-payments.md): exactly one hold per slot, each with its pending payment
 * and expiry job, as fast as the plain booking rush's target; then the checkouts.
 */
import { fmt, type Row } from './report';
import type { Results } from './run-scenarios';
import type { HoldCounts, PrepayRushResult } from './scenarios/prepay';

const countsOf = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([key, n]) => `${key} ${n}`)
    .join(', ') || 'none';

const only = (counts: Record<string, number>, key: string, n: number) =>
  counts[key] === n && Object.keys(counts).length === 1;

/** Exactly `slots` holds answered, the rest 409 SLOT_TAKEN, nothing else. */
export function prepayRushExact(rush: PrepayRushResult): boolean {
  const losers = rush.requests - rush.slots;
  return (
    rush.created === rush.slots &&
    rush.conflicts === losers &&
    (rush.refusalCodes.SLOT_TAKEN ?? 0) === losers &&
    rush.serverErrors === 0 &&
    rush.networkErrors === 0 &&
    Object.keys(rush.otherStatus).length === 0 &&
    rush.heldAnswers === rush.slots &&
    rush.distinctSlotsAnswered === rush.slots &&
    rush.distinctPayments === rush.slots
  );
}

/** The database right after the rush: every hold pending, with its payment and expiry job. */
export function holdsExact(after: HoldCounts, slots: number): boolean {
  return (
    only(after.appointments, 'pending_payment', slots) &&
    after.distinctSlots === slots &&
    only(after.payments, 'pending', slots) &&
    after.fullPricePending === slots &&
    only(after.expiryJobs, 'pending', slots) &&
    after.slotsTaken === slots
  );
}

function databaseRow(label: string, after: HoldCounts | null, target: string, met: boolean): Row {
  return {
    scenario: label,
    measure: 'in the database: appointments · payments · expiry jobs · slots taken',
    value: after
      ? `${countsOf(after.appointments)} (${after.distinctSlots} slots) · ${countsOf(after.payments)} ` +
        `(${after.fullPricePending} pending at full price) · ${countsOf(after.expiryJobs)} · ` +
        `${after.slotsTaken}` +
        (Object.keys(after.ledger).length ? ` · ledger ${countsOf(after.ledger)}` : '')
      : 'not counted (PGlite belongs to the server process)',
    target,
    met: after ? met : null,
  };
}

export function prepayRows(results: Results): Row[] {
  const rush = results.prepayRush;
  if (!rush) return [];
  const rows: Row[] = [];
  const label = `prepaid rush (2,000 req, 500 clients, ${rush.slots} prepaid slots)`;
  const losers = rush.requests - rush.slots;
  rows.push({
    scenario: label,
    measure: '201 · 409 · 5xx · err (409 codes) · 201s held',
    value:
      `${rush.created} · ${rush.conflicts} · ${rush.serverErrors} · ${rush.networkErrors} ` +
      `(${countsOf(rush.refusalCodes)}) · ${rush.heldAnswers} pending_payment ` +
      `(${rush.distinctSlotsAnswered} slots, ${rush.distinctPayments} payments)` +
      (Object.keys(rush.otherStatus).length ? ` other ${JSON.stringify(rush.otherStatus)}` : ''),
    target: `${rush.slots} · ${losers} SLOT_TAKEN · 0 · 0 · ${rush.slots}`,
    met: prepayRushExact(rush),
  });
  rows.push(
    databaseRow(
      label,
      rush.after,
      `pending_payment ${rush.slots} · pending ${rush.slots} · pending ${rush.slots} · ${rush.slots}`,
      rush.after !== null && holdsExact(rush.after, rush.slots),
    ),
  );
  const floor = results.prepayRushFloor;
  rows.push({
    scenario: label,
    measure: 'all answered in · p50/p99 · answers/s',
    value: `${fmt.ms(rush.wallMs)} · ${fmt.ms(rush.p50)}/${fmt.ms(rush.p99)} · ${fmt.rps(rush.rate)}`,
    floor: floor ? `${fmt.ms(floor.wallMs)} · p99 ${fmt.ms(floor.p99)}` : undefined,
    ofFloor: floor ? fmt.pct((floor.wallMs / rush.wallMs) * 100) : undefined,
    target: '≤ 1.5 s, p99 ≤ 1 s',
    met: rush.wallMs <= 1_500 && rush.p99 <= 1_000,
  });
  const plain = results.prepayPlainRush ? [results.prepayPlainRush] : (results.storms ?? []);
  if (plain.length > 0) {
    rows.push({
      scenario: label,
      measure: 'the plain booking rush of this run: all answered in · p99',
      value: plain.map((p) => `${fmt.ms(p.wallMs)} · ${fmt.ms(p.p99)}`).join('; '),
      target: '',
      met: null,
    });
  }
  const checkouts = results.prepayCheckouts;
  if (!checkouts) return rows;
  const paidLabel = `checkouts (${checkouts.asked} holds, test card, ${checkouts.concurrency} in flight)`;
  rows.push({
    scenario: paidLabel,
    measure: 'answers by status · paid',
    value:
      `${countsOf(checkouts.statuses)} · ${checkouts.paid}` +
      (checkouts.firstFailure ? ` first: ${checkouts.firstFailure.slice(0, 80)}` : ''),
    target: `200 ${checkouts.asked} · ${checkouts.asked}`,
    met: checkouts.statuses['200'] === checkouts.asked && checkouts.paid === checkouts.asked,
  });
  rows.push({
    scenario: paidLabel,
    measure: 'a checkout p50/p99/max · all in',
    value: `${fmt.ms(checkouts.p50)}/${fmt.ms(checkouts.p99)}/${fmt.ms(checkouts.max)} · ${fmt.ms(checkouts.wallMs)}`,
    target: '',
    met: null,
  });
  const after = checkouts.after;
  const rest = rush.slots - checkouts.asked;
  const exact =
    after !== null &&
    after.appointments.booked === checkouts.asked &&
    after.appointments.pending_payment === rest &&
    after.payments.paid === checkouts.asked &&
    after.payments.pending === rest &&
    after.expiryJobs.canceled === checkouts.asked &&
    after.expiryJobs.pending === rest &&
    after.ledger.charge === checkouts.asked;
  rows.push(
    databaseRow(
      paidLabel,
      after,
      `booked ${checkouts.asked}, pending_payment ${rest} · paid ${checkouts.asked}, pending ${rest} · ` +
        `canceled ${checkouts.asked}, pending ${rest} · charges ${checkouts.asked}`,
      exact,
    ),
  );
  return rows;
}
