import type { PaymentSummary } from '@slotwise/shared/payments-schemas';
import { eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, preparedRows } from '../../db/client';
import { pgErrorOf } from '../../db/errors';
import {
  appointmentEvents,
  appointments,
  jobs,
  ledgerEntries,
  notifications,
  payments,
  paymentWebhookEvents,
} from '../../db/schema';
import { jobRecords } from '../../jobs/job-queue';
import { BatchedCalls } from '../../lib/batched-calls';
import type { AppointmentChange } from '../appointments/change';
import { MAIL_CONSUMER, STORED_NOTIFICATION_CONSUMER } from '../appointments/change-fanout';
import { mailJobsFor } from '../appointments/change-jobs';
import { changeColumns, changeFromRow } from '../appointments/load-change';
import { withBothUsers } from '../appointments/views';
import { ledgerRowsOf, moneyIn } from './ledger';
import { partyOf } from './payment-rows';
import { PAYMENT_RECEIPT_JOB, type PaymentSettings } from './settlement';

/**
 * A hold paid in ONE statement (docs/decisions/081-webhook-throughput.md): the checkout of
 * docs/decisions/068-payments.md as the booking claim is written (decisions 030, 062), one read
 * and one write instead of a transaction of a dozen statements.
 *
 * 1. The read (no lock): the payment, the appointment as both parties see it (the change's
 *    views and the notice's words), and whether the webhook event was processed before.
 * 2. The write, one statement and so one implicit transaction: the payment's UPDATE locks it
 *    and re-checks it (still pending, still in time, as read), then, only for a payment it
 *    changed: the appointment booked, its `booked` event, the ledger's rows, the expiry job
 *    canceled, the receipt, the other party's notification and the booking's mail jobs (the
 *    consumers the booking statement also writes itself), and the webhook event recorded — the
 *    event and its effect commit together.
 *
 * Exactly once: everything that changes a hold starts by locking its payment row (checkout.ts),
 * so a concurrent delivery, a second event of the same session or the expiry job waits for this
 * statement, then finds the payment paid. A write that changed nothing (lost such a race, the
 * hold expired since the read) answers `other`: the caller's transaction (checkout.ts) then
 * gives the outcome as before ('already', or 'late' and refunded).
 *
 * Reads asked at about the same time share one query, and writes one statement
 * (lib/batched-calls.ts, as the booking's reads and claims do, decision 062): a burst of
 * webhooks costs a few statements and commits, not two per event.
 */

/** The webhook event a payment comes with: recorded in the payment's own statement. */
export interface WebhookEventRef {
  id: string;
  type: string;
}

/** What the payment provider says was paid: its ref, and for a card on file the saved card. */
export interface PaidAt {
  gatewayRef?: string | null;
  gatewayMethod?: string | null;
}

export type FastPayment =
  /** Paid now; the change is for the fan-out's consumers not written by the statement. */
  | { kind: 'paid'; change: AppointmentChange; payment: PaymentSummary | null }
  /** Paid before (committed): the event, if any, is recorded now. */
  | { kind: 'already' }
  /** The event was processed before: nothing to do. */
  | { kind: 'seen' }
  /** Anything else (unknown payment, expired hold, a race lost): the transactional path. */
  | { kind: 'other' };

/**
 * The consumers whose rows the paid statement writes itself (see change-fanout.ts): the others
 * run after it committed, as after a booking (docs/decisions/079-booking-rush.md).
 */
export const WRITTEN_BY_PAID_STATEMENT = [STORED_NOTIFICATION_CONSUMER, MAIL_CONSUMER] as const;

const p = (name: string) => sql.placeholder(name);

/**
 * The read of the payments asked at about the same time (`{…}` arrays of their ids and of their
 * events' ids): each payment with its appointment as both parties see it, and which of the
 * events were processed before (the same list on every row).
 */
function readStatement(db: DbOrTx) {
  return withBothUsers(
    db
      .select({
        ...changeColumns,
        hold: getTableColumns(payments),
        seenEvents: sql<string[]>`(select coalesce(array_agg(${paymentWebhookEvents.eventId}), '{}')
          from ${paymentWebhookEvents}
          where ${paymentWebhookEvents.eventId} = any(${p('eventIds')}::text[]))`,
      })
      .from(payments)
      .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
      .$dynamic(),
  )
    .where(sql`${payments.id} = any(${p('paymentIds')}::uuid[])`)
    .prepare('slotwise_paid_holds_read');
}

type ReadStatement = ReturnType<typeof readStatement>;
type HoldRead = Awaited<ReturnType<ReadStatement['execute']>>[number];

/** A PostgreSQL array literal of the texts given (each quoted: any text is safe in it). */
function arrayLiteral(values: readonly (string | null)[]): string {
  const quoted = values
    .filter((value) => value !== null)
    .map((value) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`);
  return `{${quoted.join(',')}}`;
}

interface ReadAsk {
  paymentId: string;
  eventId: string | null;
}

const readers = new WeakMap<DbOrTx, BatchedCalls<ReadAsk, (HoldRead & { seen: boolean }) | null>>();

/** Per database handle: the reads asked at about the same time, as one (lib/batched-calls.ts). */
function readerOf(db: DbOrTx) {
  let reader = readers.get(db);
  if (!reader) {
    // Prepared once per database handle (parsed once per pooled connection, decision 058).
    const statement = readStatement(db);
    reader = new BatchedCalls(
      async (asks) => {
        const rows = await statement.execute({
          paymentIds: arrayLiteral(asks.map((ask) => ask.paymentId)),
          eventIds: arrayLiteral(asks.map((ask) => ask.eventId)),
        });
        const byId = new Map(rows.map((row) => [row.hold.id, row]));
        return asks.map((ask) => {
          const row = byId.get(ask.paymentId);
          if (!row) return null;
          return { ...row, seen: ask.eventId !== null && row.seenEvents.includes(ask.eventId) };
        });
      },
      { maxInFlight: 2, maxBatch: 100 },
    );
    readers.set(db, reader);
  }
  return reader;
}

/** One payment's part of the paid statement: the record of the JSON parameter `asks`. */
interface PaidAsk {
  payment_id: string;
  appointment_id: string;
  amount_cents: number;
  /** The hold must run past this instant (the caller's clock, as the transactional path). */
  now: string;
  gateway_ref: string | null;
  gateway_method: string | null;
  event_id: string | null;
  event_type: string | null;
  ledger: { kind: string; amount_cents: number; key: string; gateway_ref: string | null }[];
  jobs: ReturnType<typeof jobRecords>;
  notice_user_id: string;
  notice_type: string;
  notice_title: string;
  notice_message: string;
}

/**
 * The paid statement's text (prepared once). Every write after `paid` joins it: a payment it did
 * not change writes nothing. The last select divides by the count of the appointment booked, so
 * a payment paid without its booking (an appointment that was no longer held) fails the whole
 * statement — nothing is written, and the transactional path answers as it always did.
 */
function paidStatement(): SQL {
  return sql`
    with asked as (
      select * from json_to_recordset(${p('asks')}::json) as a(
        payment_id uuid, appointment_id uuid, amount_cents int, now timestamptz,
        gateway_ref text, gateway_method text, event_id text, event_type text, ledger json,
        jobs json, notice_user_id uuid, notice_type text, notice_title text, notice_message text)
    ), paid as ( -- locked by this UPDATE, re-checked on the newest row: pending, in time, as read
      update ${payments} p
      set status = 'paid', paid_at = now(),
          gateway_ref = coalesce(a.gateway_ref, p.gateway_ref),
          gateway_method = coalesce(a.gateway_method, p.gateway_method),
          updated_at = now()
      from asked a
      where p.id = a.payment_id and p.status = 'pending' and p.expires_at > a.now
        and p.appointment_id = a.appointment_id and p.amount_cents = a.amount_cents
      returning p.id, p.appointment_id, p.provider_id, p.client_id, p.currency
    ), booked as (
      update ${appointments} x set status = 'booked', updated_at = now()
      from paid where x.id = paid.appointment_id and x.status = 'pending_payment'
      returning x.id, x.provider_id, x.client_id, x.timeslot_id, x.starts_at, x.ends_at
    ), event as ( -- the booking's own record, as the claim writes it for a booking without money
      insert into ${appointmentEvents} (appointment_id, provider_id, client_id, type, actor_role,
                                        actor_user_id, to_timeslot_id, starts_at, ends_at)
      select b.id, b.provider_id, b.client_id, 'booked', 'client', b.client_id, b.timeslot_id,
             b.starts_at, b.ends_at
      from booked b
    ), ledger as ( -- the charge and the platform fee, once by their keys
      insert into ${ledgerEntries} (payment_id, appointment_id, provider_id, client_id, kind,
                                    amount_cents, currency, idempotency_key, gateway_ref)
      select paid.id, paid.appointment_id, paid.provider_id, paid.client_id, l.kind,
             l.amount_cents, paid.currency, l.key, l.gateway_ref
      from paid join asked a on a.payment_id = paid.id,
           json_to_recordset(a.ledger) as l(kind text, amount_cents int, key text, gateway_ref text)
      on conflict (idempotency_key) do nothing
    ), expiry as (
      update ${jobs} j set status = 'canceled', finished_at = now()
      from paid where j.key = 'payment-expiry:' || paid.id and j.status = 'pending'
    ), queued as ( -- the receipt, the booking mail and reminders (docs/decisions/044)
      insert into ${jobs} (kind, key, payload, run_at, max_attempts)
      select j.kind, j.key, j.payload, coalesce(j.run_at, now()), j.max_attempts
      from paid join asked a on a.payment_id = paid.id,
           json_to_recordset(a.jobs)
             as j(kind text, key text, payload jsonb, run_at timestamptz, max_attempts int)
    ), notice as (
      insert into ${notifications} (user_id, type, title, message, appointment_id)
      select a.notice_user_id, a.notice_type, a.notice_title, a.notice_message, paid.appointment_id
      from paid join asked a on a.payment_id = paid.id
    ), recorded as (
      insert into ${paymentWebhookEvents} (event_id, type)
      select a.event_id, a.event_type from paid join asked a on a.payment_id = paid.id
      where a.event_id is not null
      on conflict do nothing
    )
    select paid.id as payment_id,
           1 / (select count(*)::int from booked b where b.id = paid.appointment_id) as booked
    from paid`;
}

/** The payments the statement paid, of `asks` (each payment at most once). */
async function payAll(db: DbOrTx, asks: readonly PaidAsk[]): Promise<Set<string>> {
  // In payment order, which the plan follows: two batches lock their common rows alike.
  const sorted = [...asks].sort((a, b) => a.payment_id.localeCompare(b.payment_id));
  const rows = await preparedRows<{ payment_id: string }>(
    db,
    'slotwise_paid_holds',
    paidStatement,
    { asks: JSON.stringify(sorted) },
  );
  return new Set(rows.map((row) => row.payment_id));
}

const PG_DIVISION_BY_ZERO = '22012';

const batchers = new WeakMap<DbOrTx, BatchedCalls<PaidAsk, PromiseSettledResult<boolean>>>();

/**
 * Per database handle: the paid statements asked at about the same time, as one. A payment asked
 * twice in one batch is sent once (the second answers false: not paid by this statement). Should
 * a shared statement fail (a deadlock with another batch, the guard above), each payment is tried
 * alone, so one's failure is never another's.
 */
function batcherOf(db: DbOrTx) {
  let batcher = batchers.get(db);
  if (!batcher) {
    const alone = (ask: PaidAsk): Promise<PromiseSettledResult<boolean>> =>
      payAll(db, [ask]).then(
        (paid) => ({ status: 'fulfilled', value: paid.has(ask.payment_id) }),
        (reason: unknown) => ({ status: 'rejected', reason }),
      );
    batcher = new BatchedCalls<PaidAsk, PromiseSettledResult<boolean>>(
      async (asks) => {
        const first = new Set<string>();
        const once = asks.filter((ask) => !first.has(ask.payment_id) && first.add(ask.payment_id));
        const answers = new Map<PaidAsk, PromiseSettledResult<boolean>>();
        try {
          const paid = await payAll(db, once);
          for (const ask of once) {
            answers.set(ask, { status: 'fulfilled', value: paid.has(ask.payment_id) });
          }
        } catch (error) {
          if (once.length === 1) answers.set(once[0]!, { status: 'rejected', reason: error });
          else for (const ask of once) answers.set(ask, await alone(ask));
        }
        return asks.map((ask) => answers.get(ask) ?? { status: 'fulfilled', value: false });
      },
      { maxInFlight: 2, maxBatch: 100 },
    );
    batchers.set(db, batcher);
  }
  return batcher;
}

/** Whether the statement paid the ask; false when it changed nothing or its guard refused it. */
async function pay(db: DbOrTx, ask: PaidAsk): Promise<boolean> {
  const outcome = await batcherOf(db).call(ask);
  if (outcome.status === 'fulfilled') return outcome.value;
  if (pgErrorOf(outcome.reason)?.code === PG_DIVISION_BY_ZERO) return false;
  throw outcome.reason;
}

/** The ask of one payment read as `row`: what the statement writes if the hold is still there. */
function askOf(
  row: HoldRead,
  change: AppointmentChange,
  settings: PaymentSettings,
  paid: PaidAt,
  event: WebhookEventRef | null,
  now: Date,
): PaidAsk {
  const hold = row.hold;
  const gatewayRef = paid.gatewayRef ?? null;
  const ledger = ledgerRowsOf(
    partyOf(hold),
    moneyIn(
      'charge',
      hold.amountCents,
      `charge:${hold.id}`,
      settings.platformFeePercent,
      gatewayRef,
    ),
  ).map((entry) => ({
    kind: entry.kind,
    amount_cents: entry.amountCents,
    key: entry.idempotencyKey,
    gateway_ref: entry.gatewayRef,
  }));
  const told = change.told;
  return {
    payment_id: hold.id,
    appointment_id: hold.appointmentId,
    amount_cents: hold.amountCents,
    now: now.toISOString(),
    gateway_ref: gatewayRef,
    gateway_method: paid.gatewayMethod ?? null,
    event_id: event?.id ?? null,
    event_type: event?.type ?? null,
    ledger,
    jobs: jobRecords([
      ...mailJobsFor(change, 0, now.getTime()),
      { kind: PAYMENT_RECEIPT_JOB, payload: { paymentId: hold.id, event: 'paid' } },
    ]),
    notice_user_id: told.userId,
    notice_type: told.type,
    notice_title: told.title,
    notice_message: told.message,
  };
}

/** Records a webhook event whose payment was paid before (a replay, another event of it). */
export async function recordWebhookEvent(db: DbOrTx, event: WebhookEventRef): Promise<void> {
  await db
    .insert(paymentWebhookEvents)
    .values({ eventId: event.id, type: event.type })
    .onConflictDoNothing();
}

/**
 * Pays the hold of `paymentId` in one read and one (shared) write, when it is simply a pending
 * hold in time; else says why not (see FastPayment).
 */
export async function payHold(
  db: DbOrTx,
  settings: PaymentSettings,
  paymentId: string,
  paid: PaidAt,
  event: WebhookEventRef | null,
): Promise<FastPayment> {
  const row = await readerOf(db).call({ paymentId, eventId: event?.id ?? null });
  if (!row) return { kind: 'other' };
  if (row.seen) return { kind: 'seen' };
  if (row.hold.status === 'paid') {
    if (event) await recordWebhookEvent(db, event);
    return { kind: 'already' };
  }
  const now = new Date();
  if (row.hold.status !== 'pending' || row.hold.expiresAt <= now) return { kind: 'other' };
  // The appointment as it reads once the statement committed: booked, its payment paid.
  const payment = row.payment ? { ...row.payment, status: 'paid' as const } : null;
  const status = row.endsAt <= now ? ('completed' as const) : ('booked' as const);
  const actor = { role: 'client' as const, userId: row.clientUserId };
  const change = changeFromRow({ ...row, status, payment }, 'booked', actor, null, {
    taken: [],
    freed: [],
  });
  const done = await pay(db, askOf(row, change, settings, paid, event, now));
  return done ? { kind: 'paid', change, payment } : { kind: 'other' };
}
