import { randomUUID } from 'node:crypto';
import { BOOKING_MESSAGES } from '@slotwise/shared/appointments-booking-schemas';
import { BUSINESS_MESSAGES } from '@slotwise/shared/business-schemas';
import { WAITLIST_MESSAGES } from '@slotwise/shared/waitlist-schemas';
import { amountDueAtBooking, PAYMENT_MESSAGES } from '@slotwise/shared/payments-schemas';
import type { DbOrTx } from '../../db/client';
import { ConflictError, NotFoundError, UnauthenticatedError } from '../../errors';
import type { ClaimOutcome } from '../../push/claims-in-flight';
import type { TakenSlotHints } from '../../push/taken-slot-hints';
import { lockProviderForPolicy, refusalOf } from '../policies/policy-rules';
import { claimOne, type ClaimRequest } from './booking-claim';
import { classSeatsOf, type SeatPass } from './class-seats';
import { providerBusyError, providerSuspendedError } from './claimable-slot';
import type { PaymentHold } from './payment-hold';
import { bookedChange, type BookingContext, bookingContext } from './booking-context';
import type { AppointmentChange } from './change';
import { AppointmentChanges, MAIL_CONSUMER, STORED_NOTIFICATION_CONSUMER } from './change-fanout';
import { MAX_ATTEMPTS } from './transaction';

/**
 * Booking (docs/decisions/029-no-double-booking.md): the read (booking-context.ts), the claim
 * statement (booking-claim.ts) and, here, the command that runs them. The database decides who
 * gets a slot: the booking takes a seat with a conditional UPDATE (only while the slot is
 * claimable, see claimable-slot.ts), which row-locks the slot, so of N simultaneous attempts on
 * k seats exactly k succeed (1 for SPEC's single slot); the others wait for that statement and
 * then find it full. The checks on `timeslots.seats_taken` and the unique partial index
 * `appointments_one_seat_per_client` are the last lines of defence (transaction.ts,
 * docs/decisions/067-seats-and-series.md).
 */

/** Consumers whose durable rows the booking statement writes itself (see change-fanout.ts). */
const WRITTEN_BY_BOOKING_STATEMENT = [STORED_NOTIFICATION_CONSUMER, MAIL_CONSUMER] as const;

const NO_CONSUMERS = new AppointmentChanges();

/**
 * POST /appointment/booking: books a free future slot for a client. 404 for an unknown slot,
 * 409 SLOT_TAKEN when someone else holds it, 409 INVALID_STATE when it has started.
 *
 * Read first (no lock: who, what, when — everything the answer and the notification need),
 * then claim and write in one statement. A slot already taken answers 409 from the read alone.
 * Then the fan-out: other consumers' durable work (in a transaction of its own, see
 * change-fanout.ts), and after-commit effects.
 */
export async function bookAppointment(
  db: DbOrTx,
  clientUserId: string,
  timeslotId: string,
  changes: AppointmentChanges = NO_CONSUMERS,
  hints: { slots: TakenSlotHints; since: number } | null = null,
  holds: HoldSettings | null = null,
): Promise<AppointmentChange> {
  // A slot this instance knows is booked (and not about to start): the same 409 the read would
  // give, without a query (push/taken-slot-hints.ts; a miss or a dropped entry asks the database).
  if (hints && (await hints.slots.knownTaken(timeslotId, hints.since))) {
    throw new ConflictError('SLOT_TAKEN', BOOKING_MESSAGES.slotTaken);
  }
  // Another booking of this slot in flight here: its outcome answers this one
  // (push/claims-in-flight.ts).
  const inFlight =
    hints && !hints.slots.inFlight.isSeated(timeslotId) ? hints.slots.inFlight : null;
  const ahead = inFlight ? await inFlight.outcomeOfOneAhead(timeslotId) : false;
  if (ahead === true) throw new ConflictError('SLOT_TAKEN', BOOKING_MESSAGES.slotTaken);
  if (ahead === 'resource-busy') {
    throw new ConflictError('RESOURCE_BUSY', BUSINESS_MESSAGES.resourceBusy);
  }
  // A class: through this instance's seat gate (class-seats.ts, docs/decisions/082).
  if (hints?.slots.inFlight.isSeated(timeslotId)) {
    return classSeatsOf(hints.slots).pass(timeslotId, hints.since, (seats) =>
      readClaimAndBook(db, clientUserId, timeslotId, changes, hints, undefined, holds, seats),
    );
  }
  const settle = inFlight?.start(timeslotId);
  try {
    return await readClaimAndBook(db, clientUserId, timeslotId, changes, hints, settle, holds);
  } finally {
    settle?.(false);
  }
}

/** How a booking of a service that takes money holds its seat (the app's configuration). */
export interface HoldSettings {
  holdMinutes: number;
  gateway: 'test' | 'stripe';
}

/** The hold settings of the app's configuration. */
export function holdSettingsOf(config: {
  paymentHoldMinutes: number;
  stripe: object | null;
}): HoldSettings {
  return { holdMinutes: config.paymentHoldMinutes, gateway: config.stripe ? 'stripe' : 'test' };
}

/**
 * The hold a booking of `seen` makes (docs/decisions/068-payments.md), or null when its service
 * takes no money now or later. A caller without `settings` (a series) cannot take money: 409.
 */
export function holdOf(seen: BookingContext, settings: HoldSettings | null): PaymentHold | null {
  const mode = seen.paymentMode;
  if (!mode || mode === 'none' || seen.priceCents === null || seen.currency === null) return null;
  const amountCents = amountDueAtBooking(mode, seen.priceCents, seen.depositCents);
  if (mode !== 'card_on_file' && amountCents === 0) return null;
  if (!settings) throw new ConflictError('INVALID_STATE', PAYMENT_MESSAGES.seriesNotPayable);
  const paymentId = randomUUID();
  return {
    paymentId,
    mode,
    amountCents,
    priceCents: seen.priceCents,
    currency: seen.currency,
    cancellationFees: seen.cancellationFees,
    noShowFeePercent: Number(seen.noShowFeePercent),
    gateway: settings.gateway,
    // The embedded provider's page; Stripe's address is known once its session exists.
    checkoutUrl: settings.gateway === 'test' ? `/pay/${paymentId}` : null,
    expiresAt: new Date(Date.now() + settings.holdMinutes * 60_000),
  };
}

/**
 * A free slot as read, as the claim of a booking: refused by the provider's policy (its 409),
 * or the change to write with its new appointment id (and its payment hold, if any).
 */
export function claimRequestOf(
  seen: BookingContext,
  clientUserId: string,
  holds: HoldSettings | null = null,
): ClaimRequest {
  const refused = refusalOf(seen);
  if (refused) throw refused;
  const { clientFirstName, clientLastName } = seen;
  if (clientFirstName === null || clientLastName === null) throw new UnauthenticatedError();
  const hold = holdOf(seen, holds);
  const change = bookedChange(
    randomUUID(),
    clientUserId,
    { ...seen, clientFirstName, clientLastName },
    null,
    hold,
  );
  return hold ? { seen, clientUserId, change, hold } : { seen, clientUserId, change };
}

/**
 * After a booking's claim committed: the other consumers' durable work (the claim statement
 * wrote the stored notification and the mail jobs itself), then the after-commit effects.
 *
 * That work is each consumer queueing its own jobs (a push, a CalDAV write), independent of one
 * another and of nothing that could still roll back: the booking has committed. So the
 * statements run as they are, without BEGIN and COMMIT around them: two fewer round trips per
 * booking on the pool a rush waits for (docs/decisions/079-booking-rush.md).
 */
export async function fanOutBooking(
  db: DbOrTx,
  change: AppointmentChange,
  changes: AppointmentChanges,
): Promise<void> {
  if (changes.hasTransactionalWork(WRITTEN_BY_BOOKING_STATEMENT)) {
    await changes.inTransaction(db, change, WRITTEN_BY_BOOKING_STATEMENT);
  }
  await changes.afterCommit(change);
}

/** The read and the claim, tried again while the slot was only edited since the read. */
async function readClaimAndBook(
  db: DbOrTx,
  clientUserId: string,
  timeslotId: string,
  changes: AppointmentChanges,
  hints: { slots: TakenSlotHints } | null,
  settle: ((outcome: ClaimOutcome) => void) | undefined,
  holds: HoldSettings | null,
  seats: SeatPass | null = null,
): Promise<AppointmentChange> {
  for (let attempt = 1; ; attempt++) {
    const mark = hints?.slots.mark() ?? 0;
    const seen = await bookingContext(db, clientUserId, timeslotId);
    if (!seen) throw new NotFoundError(BOOKING_MESSAGES.timeslotNotFound);
    if (seen.suspended) {
      settle?.(false);
      throw providerSuspendedError();
    }
    if (seen.started) throw new ConflictError('INVALID_STATE', BOOKING_MESSAGES.slotInPast);
    if (seen.alreadyHolds) {
      settle?.(false);
      throw new ConflictError('ALREADY_BOOKED', BOOKING_MESSAGES.alreadyBooked);
    }
    if (seen.isBooked) {
      hints?.slots.remember(seen.id, seen.startsAt, mark);
      seats?.seen(0);
      settle?.(true);
      throw new ConflictError('SLOT_TAKEN', BOOKING_MESSAGES.slotTaken);
    }
    // Its free seats are held for someone on the waitlist (docs/decisions/069-waitlist.md).
    if (seen.heldForOthers) {
      settle?.(false);
      throw new ConflictError('SLOT_HELD', WAITLIST_MESSAGES.slotHeld);
    }
    if (seen.busy) {
      settle?.(false);
      throw providerBusyError();
    }
    // A class (docs/decisions/067-seats-and-series.md): one booking's success does not fill it,
    // so the bookings of it waiting here go on to its seat gate, as later ones will
    // (push/claims-in-flight.ts; class-seats.ts: as many at once as the seats this read saw).
    const seated = seen.capacity > 1;
    if (seated) {
      hints?.slots.inFlight.markSeated(seen.id);
      const free = seen.capacity - seen.seatsTaken;
      if (seats) seats.seen(free);
      else if (hints) classSeatsOf(hints.slots).note(seen.id, free);
      settle?.(false);
    }
    const request = claimRequestOf(seen, clientUserId, holds);
    const { change } = request;
    const claimed = await (
      seen.needsLock
        ? db.transaction(async (tx) => {
            await lockProviderForPolicy(tx, seen.providerId);
            return claimOne(tx, request, true);
          })
        : claimOne(db, request, false)
    ).catch((error: unknown) => {
      // The slot's resource was held: the bookings of this slot waiting here are told so too.
      if (error instanceof ConflictError && error.code === 'RESOURCE_BUSY') {
        settle?.('resource-busy');
      }
      throw error;
    });
    if (claimed) {
      // A seat of a class: the next booking at its gate may go (class-seats.ts).
      seats?.seated();
      if (!seated) {
        hints?.slots.remember(seen.id, seen.startsAt, mark);
        // Committed: the requests waiting on this slot are answered at once.
        settle?.(true);
      }
      await fanOutBooking(db, change, changes);
      return change;
    }
    // Not claimed: the next read tells why (taken, started, gone, refused by the policy); a
    // slot that was only edited since the read (or whose provider now needs the lock) is tried
    // again.
    if (attempt >= MAX_ATTEMPTS) throw new ConflictError('SLOT_TAKEN', BOOKING_MESSAGES.slotTaken);
  }
}
