import type { PaymentSummary } from '@slotwise/shared/payments-schemas';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointments, providers, services, timeslots } from '../../db/schema';
import { BatchedCalls } from '../../lib/batched-calls';
import { slotServiceColumns, snapshotOf } from '../catalogue/appointment-snapshot';
import {
  policyCancelCutoff,
  policyFeeTerms,
  policyNeedsLock,
  policyVerdictColumns,
} from '../policies/policy-rules';
import type { PaymentHold } from './payment-hold';
import type { AppointmentChange, AppointmentTime } from './change';
import { claimedSlotColumns, slotHasStarted, slotIsBusy, slotNotHeldFor } from './claimable-slot';
import { changeOf } from './notice';
import { clientUser, providerUser, toClientView, toProviderView } from './views';

/**
 * The columns of a booking's read, on `timeslots` and the tables joined as below (`asked`: the
 * asking client `client_user_id` and the position `n`); series.ts reads a series' slots with them.
 */
export const bookingContextColumns = {
  n: sql<number>`asked.n`.mapWith(Number),
  ...claimedSlotColumns,
  isBooked: timeslots.isBooked,
  capacity: timeslots.capacity,
  seatsTaken: timeslots.seatsTaken,
  // The client already holds a seat here (docs/decisions/067-seats-and-series.md). `offset 0`
  // keeps it a probe of `appointments_one_seat_per_client` per row: without it PostgreSQL may,
  // for a read of a few hundred bookings, hash every booked appointment instead (36 ms against
  // 7 ms for 500 rows beside 64,000 appointments, docs/decisions/087).
  alreadyHolds: sql<boolean>`exists (select 1 from ${appointments} held
    where held.timeslot_id = ${timeslots.id} and held.client_id = asked.client_user_id
      and held.status = 'booked' offset 0)`,
  // A waitlist offer holds the slot's free seats for someone else (docs/decisions/069-waitlist.md).
  heldForOthers: sql<boolean>`(not ${timeslots.isBooked}
    and not ${slotNotHeldFor(sql`asked.client_user_id`)})`,
  // The provider's own calendar is busy then (docs/decisions/071-calendar-sync.md).
  busy: slotIsBusy,
  // The provider is suspended (docs/product.md §19.4): nobody books them.
  suspended: sql<boolean>`(${providers.suspendedAt} is not null)`,
  started: slotHasStarted,
  providerUserId: providerUser.id,
  providerFirstName: providerUser.firstName,
  providerLastName: providerUser.lastName,
  providerLocale: providerUser.locale,
  providerSpecialty: providers.specialty,
  providerImageId: providerUser.profileImageId,
  clientFirstName: clientUser.firstName,
  clientLastName: clientUser.lastName,
  clientLocale: clientUser.locale,
  ...slotServiceColumns,
  ...policyVerdictColumns(),
  ...policyFeeTerms,
  needsLock: policyNeedsLock,
  cancelCutoffMinutes: sql<number>`${policyCancelCutoff}`,
};

/**
 * What a booking needs before it claims the slot: the slot and both parties, read without locks.
 * Asked for several bookings at once (`asked`: the timeslot and client ids in pairs), one row
 * per pair whose slot exists, numbered by the pair's position.
 */
function bookingContextsQuery(db: DbOrTx) {
  const asked = sql`unnest(${sql.placeholder('timeslotIds')}::uuid[],
    ${sql.placeholder('clientUserIds')}::uuid[]) with ordinality as asked(timeslot_id, client_user_id, n)`;
  return db
    .select(bookingContextColumns)
    .from(timeslots)
    .innerJoin(asked, sql`asked.timeslot_id = ${timeslots.id}`)
    .leftJoin(services, eq(services.id, timeslots.serviceId))
    .innerJoin(providers, eq(providers.id, timeslots.providerId))
    .innerJoin(providerUser, eq(providerUser.id, providers.userId))
    .leftJoin(clientUser, sql`${clientUser.id} = asked.client_user_id`);
}

type PreparedContexts = ReturnType<ReturnType<typeof bookingContextsQuery>['prepare']>;
type ContextRow = Awaited<ReturnType<PreparedContexts['execute']>>[number];

/**
 * Per database handle: the statement built and named once (neither Drizzle nor PostgreSQL, once
 * per pooled connection, builds, parses and plans it again), and the reads of a rush sent
 * together (lib/batched-calls.ts: a few queries instead of one per booking, docs/decisions/062).
 */
const contextReaders = new WeakMap<
  DbOrTx,
  BatchedCalls<{ clientUserId: string; timeslotId: string }, ContextRow | null>
>();

function contextReaderOf(db: DbOrTx) {
  let reader = contextReaders.get(db);
  if (!reader) {
    const statement = bookingContextsQuery(db).prepare('slotwise_booking_contexts');
    reader = new BatchedCalls(async (keys) => {
      const rows = await statement.execute({
        timeslotIds: keys.map((key) => key.timeslotId),
        clientUserIds: keys.map((key) => key.clientUserId),
      });
      const answers: (ContextRow | null)[] = keys.map(() => null);
      for (const row of rows) answers[row.n - 1] = row;
      return answers;
    });
    contextReaders.set(db, reader);
  }
  return reader;
}

export function bookingContext(db: DbOrTx, clientUserId: string, timeslotId: string) {
  return contextReaderOf(db).call({ clientUserId, timeslotId });
}

export type BookingContext = NonNullable<Awaited<ReturnType<typeof bookingContext>>>;

/** The change a booking makes, known before it commits (the same shape `loadChange` reads). */
export function bookedChange(
  appointmentId: string,
  clientUserId: string,
  seen: BookingContext & { clientFirstName: string; clientLastName: string },
  /** The series the booking is an occurrence of (series.ts), else null. */
  seriesId: string | null = null,
  /** A service that takes money: the seat is held until paid (docs/decisions/068-payments.md). */
  hold: PaymentHold | null = null,
): AppointmentChange {
  const payment = hold ? holdSummary(hold) : null;
  const time: AppointmentTime = {
    day: seen.day,
    startTime: seen.startTime,
    endTime: seen.endTime,
    startsAt: seen.startsAt,
    endsAt: seen.endsAt,
  };
  const common = {
    id: appointmentId,
    timeslotId: seen.id,
    status: hold ? ('pending_payment' as const) : ('booked' as const),
    seriesId,
    payment,
    ...time,
  };
  return changeOf({
    held: hold !== null,
    slots: { taken: [seen.id], freed: [] },
    clientView: toClientView({
      ...common,
      providerId: seen.providerId,
      serviceType: seen.type,
      ...snapshotOf(seen),
      providerFirstName: seen.providerFirstName,
      providerLastName: seen.providerLastName,
      providerSpecialty: seen.providerSpecialty,
      providerImageId: seen.providerImageId,
      // A new booking has no review yet.
      reviewed: false,
      reviewHidden: false,
      // A suspended provider's slot is never booked (claimable-slot.ts).
      providerSuspended: false,
      cancelCutoffMinutes: Number(seen.cancelCutoffMinutes),
    }),
    providerView: toProviderView({
      ...common,
      serviceType: seen.type,
      ...snapshotOf(seen),
      clientFirstName: seen.clientFirstName,
      clientLastName: seen.clientLastName,
    }),
    notice: {
      type: 'booked',
      appointmentId,
      actor: { role: 'client', userId: clientUserId },
      provider: {
        providerId: seen.providerId,
        userId: seen.providerUserId,
        firstName: seen.providerFirstName,
        lastName: seen.providerLastName,
        locale: seen.providerLocale,
      },
      client: {
        userId: clientUserId,
        firstName: seen.clientFirstName,
        lastName: seen.clientLastName,
        locale: seen.clientLocale,
      },
      serviceType: seen.type,
      ...time,
      previous: null,
    },
  });
}

/** A new hold's payment, as appointment answers show it. */
function holdSummary(hold: PaymentHold): PaymentSummary {
  return {
    id: hold.paymentId,
    status: 'pending',
    mode: hold.mode,
    amount_cents: hold.amountCents,
    price_cents: hold.priceCents,
    refunded_cents: 0,
    fee_cents: 0,
    currency: hold.currency,
    checkout_url: hold.checkoutUrl,
    expires_at: hold.expiresAt.toISOString(),
    cancellation_fees: hold.cancellationFees,
    no_show_fee_percent: hold.noShowFeePercent,
  };
}
