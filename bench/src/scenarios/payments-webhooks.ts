import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { openDatabase, queryRows } from '../../../apps/server/src/db/client';
import { FakeStripe } from '../../../apps/server/test/helpers/fake-stripe';
import { percentile } from '../burst';
import type { BenchDatabase } from '../database';
import { DATASET } from '../dataset';
import { webhookIds } from '../ids';
import { fmt, type Row } from '../report';
import { mintToken } from '../tokens';

/**
 * Payments webhooks (docs/decisions/068-payments.md), on a provider and clients of their own
 * (DATASET.webhooks, seed-webhooks.ts), the server's Stripe API being a fake Stripe in this
 * process:
 * 1. the clients book every slot of the prepaid service through the API (not timed): each
 *    booking holds its slot, writes a pending payment and opens a Checkout Session;
 * 2. every session is paid, and its checkout.session.completed is delivered, signed as Stripe
 *    signs it, one in five of them twice (as Stripe redelivers), in a shuffled order,
 *    `concurrency` in flight: events per second, each delivery's latency;
 * 3. after the server stopped: each payment paid once, one charge in the ledger each, one
 *    processed event each.
 */

export const WEBHOOK_SECRET = 'whsec_bench_slotwise';
const STRIPE_KEY = 'sk_test_bench_slotwise';
/** One event in this many is delivered a second time. */
const DUPLICATE_EVERY = 5;
const EVENTS_PER_SECOND_TARGET = 500;

export interface PaymentsWebhooksResult {
  holds: number;
  bookingFailures: Record<string, number>;
  events: number;
  duplicates: number;
  deliveries: number;
  concurrency: number;
  wallMs: number;
  eventsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  status: Record<string, number>;
  networkErrors: number;
  /** Counted in the database after the run, over this run's payments. */
  after?: { paid: number; chargeRows: number; ledgerRows: number; webhookEvents: number };
  /** This run's payments and event ids (for the count after the server stopped). */
  webhookIds: string[];
  eventIds: string[];
}

/** The fake Stripe the server talks to, and the environment that points the server at it. */
export async function startBenchStripe(): Promise<{
  fake: FakeStripe;
  env: Record<string, string>;
}> {
  const fake = await new FakeStripe().start();
  return {
    fake,
    env: {
      STRIPE_SECRET_KEY: STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    },
  };
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function pool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/** A seeded shuffle (mulberry32): the same order every run. */
function shuffle<T>(items: T[], seed = 68): T[] {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

const bump = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

/** Step 1: every slot booked by the scenario's clients, through the API. */
async function holdEverySlot(url: string): Promise<Record<string, number>> {
  const { holds, clients } = DATASET.webhooks;
  const tokens = await Promise.all(
    Array.from({ length: clients }, (_, c) =>
      mintToken({ userId: webhookIds.client(c + 1), role: 'client', providerId: null }),
    ),
  );
  const failures: Record<string, number> = {};
  const slots = Array.from({ length: holds }, (_, n) => n);
  await pool(slots, 10, async (n) => {
    const res = await fetch(`${url}/api/appointment/booking`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tokens[n % clients]}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ timeslotId: webhookIds.slot(n) }),
    });
    const text = await res.text();
    if (res.status !== 201) bump(failures, `${res.status} ${text.slice(0, 80)}`);
  });
  return failures;
}

export async function runPaymentsWebhooks(
  url: string,
  fake: FakeStripe,
  concurrency: number,
): Promise<PaymentsWebhooksResult> {
  const bookingFailures = await holdEverySlot(url);
  const run = randomBytes(4).toString('hex');
  const events = [...fake.sessions.values()].map((session, i) => {
    fake.complete(session.id);
    return JSON.stringify({
      id: `evt_bench_${run}_${i}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'checkout.session.completed',
      data: { object: session },
    });
  });
  const duplicates = events.filter((_, i) => i % DUPLICATE_EVERY === 0);
  const deliveries = shuffle([...events, ...duplicates]);
  const latencies: number[] = [];
  const status: Record<string, number> = {};
  let networkErrors = 0;
  const started = performance.now();
  await pool(deliveries, concurrency, async (payload) => {
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const sent = performance.now();
    try {
      const res = await fetch(`${url}/api/payments/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      await res.arrayBuffer();
      bump(status, String(res.status));
      latencies.push(performance.now() - sent);
    } catch {
      networkErrors++;
    }
  });
  const wallMs = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return {
    holds: fake.sessions.size,
    bookingFailures,
    events: events.length,
    duplicates: duplicates.length,
    deliveries: deliveries.length,
    concurrency,
    wallMs,
    eventsPerSecond: deliveries.length / (wallMs / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    status,
    networkErrors,
    webhookIds: [...fake.sessions.values()].map((s) =>
      String((s.metadata as { payment_id: string }).payment_id),
    ),
    eventIds: events.map((_, i) => `evt_bench_${run}_${i}`),
  };
}

/** Step 3, once the server stopped (PGlite is one process's database): what the events did. */
export async function countAfter(db: BenchDatabase, result: PaymentsWebhooksResult) {
  const database = await openDatabase({ databaseUrl: db.url, dataDir: db.dataDir, poolSize: 1 });
  try {
    const ids = sql`(${sql.join(
      result.webhookIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`;
    const eventIds = sql`(${sql.join(
      result.eventIds.map((id) => sql`${id}`),
      sql`, `,
    )})`;
    const [row] = await queryRows<{ paid: number; charge: number; ledger: number; events: number }>(
      database.db,
      sql`select
        (select count(*)::int from payments where status = 'paid' and id in ${ids}) as paid,
        (select count(*)::int from ledger_entries where kind = 'charge' and payment_id in ${ids}) as charge,
        (select count(*)::int from ledger_entries where payment_id in ${ids}) as ledger,
        (select count(*)::int from payment_webhook_events where event_id in ${eventIds}) as events`,
    );
    result.after = {
      paid: row!.paid,
      chargeRows: row!.charge,
      ledgerRows: row!.ledger,
      webhookEvents: row!.events,
    };
  } finally {
    await database.close();
  }
}

/** The scenario's rows of the results table. */
export function paymentsWebhooksRows(r: PaymentsWebhooksResult): Row[] {
  const non200 = Object.entries(r.status).filter(([code]) => code !== '200');
  const once =
    r.after !== undefined &&
    r.after.paid === r.events &&
    r.after.chargeRows === r.events &&
    r.after.webhookEvents === r.events;
  return [
    {
      scenario: `payments webhooks: ${r.events.toLocaleString('en')} events + ${r.duplicates.toLocaleString('en')} redelivered, ${r.concurrency} in flight`,
      measure: 'events/s · p50/p99',
      value:
        `${Math.round(r.eventsPerSecond).toLocaleString('en')} events/s · ${fmt.ms(r.p50)}/${fmt.ms(r.p99)}` +
        (non200.length || r.networkErrors
          ? ` (errors: ${JSON.stringify(Object.fromEntries(non200))} ${r.networkErrors})`
          : ''),
      target: `≥ ${EVENTS_PER_SECOND_TARGET} events/s, all 200`,
      met:
        r.eventsPerSecond >= EVENTS_PER_SECOND_TARGET &&
        non200.length === 0 &&
        r.networkErrors === 0,
    },
    {
      scenario: `payments webhooks: each of ${r.events.toLocaleString('en')} applied once (${r.holds.toLocaleString('en')} holds)`,
      measure: 'paid · charge rows · events kept · ledger rows',
      value: r.after
        ? `${r.after.paid} · ${r.after.chargeRows} · ${r.after.webhookEvents} · ${r.after.ledgerRows}`
        : 'not counted',
      target: `exactly ${r.events.toLocaleString('en')} each`,
      met: once && Object.keys(r.bookingFailures).length === 0,
    },
  ];
}
