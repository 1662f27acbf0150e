import http from 'node:http';
import pg from 'pg';
import { type BurstRequest, burst, percentile } from '../burst';
import type { BenchDatabase } from '../database';
import { DATASET } from '../dataset';
import { clientUserId, payIds } from '../ids';
import { mintToken } from '../tokens';
import { pooled } from './classes';
import { countAnswers } from './storm';

/**
 * The prepaid booking rush (docs/product.md §16, docs/decisions/068-payments.md): the booking
 * rush's burst (2,000 requests from 500 clients on 500 slots, each slot wanted by 4) on the
 * slots of a service paid in full when booked (DATASET.payments). The same claim statement
 * claims each slot, but writes the appointment `pending_payment` with its payment row and the
 * hold's expiry job; exactly one hold per slot must win. Then some of the holds are paid
 * through the embedded test provider's checkout (`POST /api/payments/:id/test-checkout`, the
 * success card), a few at a time, each answer timed.
 */

const { slots, priceCents, currency, checkouts } = DATASET.payments;
const REQUESTS = 2_000;
const CLIENTS = 500;
/** The job that ends an unpaid hold (apps/server/src/modules/appointments/booking-claim.ts). */
const EXPIRY_JOB = 'payments.expire-hold';
const SUCCESS_CARD = '4242424242424242';

/** Counts by status, from the database (PostgreSQL only: PGlite belongs to the server's process). */
export interface HoldCounts {
  /** The provider's appointments by status, and the distinct slots they are on. */
  appointments: Record<string, number>;
  distinctSlots: number;
  /** Their payments by status; of the pending ones, how many are prepay of the full price. */
  payments: Record<string, number>;
  fullPricePending: number;
  /** The holds' expiry jobs by status. */
  expiryJobs: Record<string, number>;
  /** Slots of the provider with a seat taken. */
  slotsTaken: number;
  /** Ledger rows of the provider's payments, by kind. */
  ledger: Record<string, number>;
}

export interface PrepayRushResult {
  requests: number;
  slots: number;
  created: number;
  conflicts: number;
  /** The refusals by their code (SLOT_TAKEN, …). */
  refusalCodes: Record<string, number>;
  serverErrors: number;
  otherStatus: Record<string, number>;
  networkErrors: number;
  /** 201 answers whose appointment is `pending_payment` with a pending payment and a checkout URL. */
  heldAnswers: number;
  /** Distinct slots and payments those answers name. */
  distinctSlotsAnswered: number;
  distinctPayments: number;
  p50: number;
  p99: number;
  max: number;
  wallMs: number;
  /** Answers per second over the whole rush. */
  rate: number;
  /** From the database right after the rush (null on PGlite). */
  after: HoldCounts | null;
}

export interface CheckoutsResult {
  asked: number;
  concurrency: number;
  statuses: Record<string, number>;
  /** The first answer that was not a 200 (status and the start of its body). */
  firstFailure: string | null;
  /** 200 answers whose payment is `paid`. */
  paid: number;
  p50: number;
  p99: number;
  max: number;
  wallMs: number;
  /** From the database after the checkouts (null on PGlite). */
  after: HoldCounts | null;
}

export interface PrepayFloor {
  wallMs: number;
  p50: number;
  p99: number;
}

/** Request r: client r % 500, its (r / 500)-th try, on a slot a quarter of the 500 further. */
async function rushRequests(): Promise<{ requests: BurstRequest[]; tokens: string[] }> {
  const tokens = await Promise.all(
    Array.from({ length: CLIENTS }, (_, c) =>
      mintToken({ userId: clientUserId(c + 1), role: 'client', providerId: null }),
    ),
  );
  const requests = Array.from({ length: REQUESTS }, (_, r): BurstRequest => {
    const client = r % CLIENTS;
    const slot = (client + Math.floor(r / CLIENTS) * (slots / 4)) % slots;
    return {
      method: 'POST',
      path: '/api/appointment/booking',
      headers: { Authorization: `Bearer ${tokens[client]!}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ timeslotId: payIds.slot(slot) }),
    };
  });
  return { requests, tokens };
}

interface BookingAnswer {
  code?: string;
  appointment?: {
    status?: string;
    timeslot_id?: string;
    payment?: { id?: string; status?: string; checkout_url?: string | null } | null;
  };
}

function parse<T>(text: string | null): T | null {
  try {
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

/** What the database holds for the prepaid provider (counted by the runner over its own connection). */
export async function holdCounts(db: BenchDatabase): Promise<HoldCounts | null> {
  if (db.kind !== 'postgres' || !db.url) return null;
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const byKey = async (text: string) => {
      const { rows } = await client.query<{ key: string; n: string }>(text, [payIds.provider]);
      return Object.fromEntries(rows.map((row) => [row.key, Number(row.n)]));
    };
    const one = async (text: string) =>
      Number((await client.query<{ n: string }>(text, [payIds.provider])).rows[0]?.n ?? NaN);
    const ofProvider =
      'from payments p join appointments a on a.id = p.appointment_id where a.provider_id = $1';
    return {
      appointments: await byKey(
        'select status as key, count(*) as n from appointments where provider_id = $1 group by status',
      ),
      distinctSlots: await one(
        "select count(distinct timeslot_id) as n from appointments where provider_id = $1 and status in ('pending_payment', 'booked')",
      ),
      payments: await byKey(
        `select p.status as key, count(*) as n ${ofProvider} group by p.status`,
      ),
      fullPricePending: await one(
        `select count(*) as n ${ofProvider} and p.status = 'pending' and p.mode = 'prepay'
           and p.amount_cents = ${priceCents} and p.price_cents = ${priceCents} and p.currency = '${currency}'`,
      ),
      expiryJobs: await byKey(
        `select j.status as key, count(*) as n from jobs j
           join payments p on j.key = 'payment-expiry:' || p.id
           join appointments a on a.id = p.appointment_id
         where a.provider_id = $1 and j.kind = '${EXPIRY_JOB}' group by j.status`,
      ),
      slotsTaken: await one(
        'select count(*) as n from timeslots where provider_id = $1 and seats_taken > 0',
      ),
      ledger: await byKey(
        'select kind as key, count(*) as n from ledger_entries where provider_id = $1 group by kind',
      ),
    };
  } finally {
    await client.end();
  }
}

/**
 * 2,000 bookings of the prepaid slots at once, one connection each; then what the database
 * holds. Answers the holds won, each with its client's token, for the checkouts.
 */
export async function runPrepayRush(
  baseUrl: string,
  db: BenchDatabase,
): Promise<{ result: PrepayRushResult; holds: { paymentId: string; token: string }[] }> {
  const { requests, tokens } = await rushRequests();
  const answered = await burst(baseUrl, requests, { bodies: true });
  const { created, conflicts, serverErrors, rest } = countAnswers(answered);
  const refusalCodes: Record<string, number> = {};
  const holds: { paymentId: string; token: string }[] = [];
  const heldSlots = new Set<string>();
  for (const [r, text] of answered.bodies!.entries()) {
    const body = parse<BookingAnswer>(text);
    const appointment = body?.appointment;
    const payment = appointment?.payment;
    if (
      appointment?.status === 'pending_payment' &&
      payment?.id &&
      payment.status === 'pending' &&
      payment.checkout_url
    ) {
      holds.push({ paymentId: payment.id, token: tokens[r % CLIENTS]! });
      if (appointment.timeslot_id) heldSlots.add(appointment.timeslot_id);
    } else if (body?.code) refusalCodes[body.code] = (refusalCodes[body.code] ?? 0) + 1;
  }
  const result: PrepayRushResult = {
    requests: REQUESTS,
    slots,
    created,
    conflicts,
    refusalCodes,
    serverErrors,
    otherStatus: rest,
    networkErrors: answered.networkErrors,
    heldAnswers: holds.length,
    distinctSlotsAnswered: heldSlots.size,
    distinctPayments: new Set(holds.map((h) => h.paymentId)).size,
    p50: percentile(answered.latencies, 50),
    p99: percentile(answered.latencies, 99),
    max: answered.latencies.at(-1) ?? NaN,
    wallMs: answered.wallMs,
    rate: REQUESTS / (answered.wallMs / 1000),
    after: await holdCounts(db),
  };
  return { result, holds };
}

/** The rush's floor: the same 2,000 connections and bodies against bare Fastify (hello-server.mjs). */
export async function runPrepayRushFloor(helloUrl: string): Promise<PrepayFloor> {
  const result = await burst(helloUrl, (await rushRequests()).requests);
  return {
    wallMs: result.wallMs,
    p50: percentile(result.latencies, 50),
    p99: percentile(result.latencies, 99),
  };
}

/**
 * The first `checkouts` holds paid with the test provider's success card, `concurrency` at a
 * time on kept-alive connections, each timed from sent to its whole answer.
 */
export async function runCheckouts(
  baseUrl: string,
  db: BenchDatabase,
  holds: readonly { paymentId: string; token: string }[],
  concurrency: number,
): Promise<CheckoutsResult> {
  const chosen = holds.slice(0, checkouts);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const payload = JSON.stringify({ cardNumber: SUCCESS_CARD });
  const post = (paymentId: string, token: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        `${baseUrl}/api/payments/${paymentId}/test-checkout`,
        {
          method: 'POST',
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let firstFailure: string | null = null;
  let paid = 0;
  const started = performance.now();
  await pooled([...chosen], concurrency, async ({ paymentId, token }) => {
    const sent = performance.now();
    const res = await post(paymentId, token).catch((error: unknown) => ({
      status: 0,
      body: String(error),
    }));
    latencies.push(performance.now() - sent);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    if (res.status !== 200) {
      firstFailure ??= `${res.status} ${res.body.slice(0, 200)}`;
      return;
    }
    if (parse<{ payment?: { status?: string } }>(res.body)?.payment?.status === 'paid') paid += 1;
  });
  const wallMs = performance.now() - started;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    asked: chosen.length,
    concurrency,
    statuses,
    firstFailure,
    paid,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    wallMs,
    after: await holdCounts(db),
  };
}
