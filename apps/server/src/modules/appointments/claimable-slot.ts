import { and, eq, type SQL, sql } from 'drizzle-orm';
import { BOOKING_MESSAGES } from '@slotwise/shared/appointments-booking-schemas';
import { CALENDAR_SYNC_MESSAGES } from '@slotwise/shared/calendar-sync-schemas';
import { MODERATION_MESSAGES } from '@slotwise/shared/moderation-schemas';
import { WAITLIST_MESSAGES } from '@slotwise/shared/waitlist-schemas';
import type { DbOrTx } from '../../db/client';
import { timeslots } from '../../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { firstOr } from '../../lib/first-row';
import { policyRefusalError, slotObeysPolicy } from '../policies/policy-rules';

/**
 * THE definition of a slot a client can take: a seat left (SPEC's flag is "none left"), and not
 * started. Every place that asks
 * "can this slot be booked?" uses these fragments — the booking statement, a reschedule's
 * claim, the reasons for a refusal, and the free slots the search module lists.
 */
const startsInFuture = sql`${timeslots.startsAt} > now()`;

/** A seat is free and the slot is in the future, whoever holds a waitlist offer of it. */
export const slotIsFreeAndFuture: SQL = sql`(not ${timeslots.isBooked} and ${startsInFuture})`;

/**
 * The seats of the slot held by open waitlist offers (docs/decisions/069-waitlist.md), for
 * anyone but the client `except` (a SQL expression), or for anyone.
 */
function seatsHeld(except: SQL | null): SQL {
  return sql`(select count(*) from waitlist_offers held_offer
    where held_offer.timeslot_id = ${timeslots.id} and held_offer.status = 'offered'
      and held_offer.expires_at > now()${except ? sql` and held_offer.client_id <> ${except}` : sql``})`;
}

/**
 * Some free seat of the slot is not held for another client by a waitlist offer. `held_until`
 * (the latest deadline of its offers) is null or past for nearly every slot, which skips the
 * look at the offers.
 */
export function slotNotHeldFor(client: SQL | null): SQL {
  return sql`(${timeslots.heldUntil} is null or ${timeslots.heldUntil} <= now()
    or ${timeslots.capacity} - ${timeslots.seatsTaken} > ${seatsHeld(client)})`;
}

/** The seats of the slot a client may take: free, less those held for others. */
export function seatsFreeFor(client: SQL): SQL {
  return sql`(${timeslots.capacity} - ${timeslots.seatsTaken} - case
    when ${timeslots.heldUntil} > now() then ${seatsHeld(client)} else 0 end)`;
}

/**
 * Busy time read from the provider's connected calendars overlaps the slot
 * (docs/decisions/071-calendar-sync.md): one probe of busy_blocks_overlap_idx.
 */
export const slotIsBusy: SQL = sql`exists (select 1 from busy_blocks busy
  where busy.provider_id = ${timeslots.providerId}
    and tstzrange(busy.starts_at, busy.ends_at, '[)') && tstzrange(${timeslots.startsAt}, ${timeslots.endsAt}, '[)'))`;

/**
 * The slot's provider is suspended (docs/product.md §19.4, docs/decisions/072): one probe of the
 * providers primary key. Nobody books a suspended provider's slot, whatever lists they come from.
 */
export const slotProviderIsSuspended: SQL = sql`exists (select 1 from providers suspended_provider
  where suspended_provider.id = ${timeslots.providerId} and suspended_provider.suspended_at is not null)`;

/**
 * The slot is free, in the future, not held for someone on the waitlist, not busy in the
 * provider's calendars and its provider not suspended (a WHERE fragment on `timeslots`): what
 * lists of free slots show and a reschedule may claim. A booking's claim uses
 * `slotIsFreeAndFuture` with `slotNotHeldFor` its client, `slotIsBusy` and
 * `slotProviderIsSuspended` (booking-claim.ts).
 */
export const slotIsClaimable: SQL = sql`(${slotIsFreeAndFuture} and ${slotNotHeldFor(null)}
  and not ${slotIsBusy} and not ${slotProviderIsSuspended})`;

/**
 * The resource the slot's service needs (if any) is not held by a booked appointment that
 * overlaps the slot (docs/product.md §13.3): what lists of free slots add, so a time whose room is
 * taken is not offered. The claim itself needs no such check: the exclusion constraint
 * appointments_resource_no_overlap refuses it (409 RESOURCE_BUSY).
 */
export const slotResourceIsFree: SQL = sql`not exists (select 1 from services rs
  join appointments ra on ra.resource_id = rs.resource_id and ra.status = 'booked'
    and tstzrange(ra.starts_at, ra.ends_at, '[)') && tstzrange(${timeslots.startsAt}, ${timeslots.endsAt}, '[)')
  where rs.id = ${timeslots.serviceId} and rs.resource_id is not null)`;

/** 409 PROVIDER_BUSY: the provider's own calendar is busy then. */
export const providerBusyError = () =>
  new ConflictError('PROVIDER_BUSY', CALENDAR_SYNC_MESSAGES.providerBusy);

/** 409 PROVIDER_SUSPENDED: the provider is suspended (docs/product.md §19.4). */
export const providerSuspendedError = () =>
  new ConflictError('PROVIDER_SUSPENDED', MODERATION_MESSAGES.bookingProviderSuspended);

/** The slot has started (or is over): the negation of "in the future", as a selectable boolean. */
export const slotHasStarted = sql<boolean>`(not (${startsInFuture}))`;

/**
 * One seat taken or given back (docs/decisions/067-seats-and-series.md): the count moves and
 * SPEC's flag follows it ("no seat left"); the claim statement takes several at once.
 */
const takeSeat = {
  seatsTaken: sql`${timeslots.seatsTaken} + 1`,
  isBooked: sql`${timeslots.seatsTaken} + 1 >= ${timeslots.capacity}`,
  updatedAt: sql`now()`,
};
const freeSeat = {
  seatsTaken: sql`greatest(${timeslots.seatsTaken} - 1, 0)`,
  isBooked: false,
  updatedAt: sql`now()`,
};

export const claimedSlotColumns = {
  id: timeslots.id,
  providerId: timeslots.providerId,
  day: timeslots.day,
  startTime: timeslots.startTime,
  endTime: timeslots.endTime,
  startsAt: timeslots.startsAt,
  endsAt: timeslots.endsAt,
  type: timeslots.type,
};

/** What an appointment copies from the slot it holds: the slot, its wall-clock and real times, its service. */
export function heldSlotFields(
  slot: Pick<
    typeof timeslots.$inferSelect,
    'id' | 'day' | 'startTime' | 'endTime' | 'startsAt' | 'endsAt' | 'type'
  >,
) {
  return {
    timeslotId: slot.id,
    day: slot.day,
    startTime: slot.startTime,
    endTime: slot.endTime,
    startsAt: slot.startsAt,
    endsAt: slot.endsAt,
    serviceType: slot.type,
  };
}

/**
 * Marks a claimable slot booked if its provider's booking policy allows it (ignoring the
 * appointment `except` that is being moved). Returns null when the slot is missing, taken,
 * started, refused by the policy, or (with `providerId`) someone else's. A provider with a daily
 * cap or a buffer must be locked first (lockProviderForPolicy) in the same transaction.
 */
export async function claimSlot(
  tx: DbOrTx,
  timeslotId: string,
  providerId?: string,
  except: string | null = null,
) {
  return firstOr(
    tx
      .update(timeslots)
      .set(takeSeat)
      .where(
        and(
          eq(timeslots.id, timeslotId),
          providerId ? eq(timeslots.providerId, providerId) : undefined,
          slotIsClaimable,
          slotObeysPolicy(except),
        ),
      )
      .returning(claimedSlotColumns),
    null,
  );
}

/** Why a claim failed, as the error to answer (404 → 400 → 409, docs/product.md error order). */
export async function unclaimableSlotError(
  tx: DbOrTx,
  timeslotId: string,
  providerId?: string,
  except: string | null = null,
) {
  const [slot] = await tx
    .select({
      providerId: timeslots.providerId,
      started: slotHasStarted,
      isBooked: timeslots.isBooked,
      held: sql<boolean>`(not ${timeslots.isBooked} and not ${slotNotHeldFor(null)})`,
      busy: sql<boolean>`${slotIsBusy}`,
      suspended: sql<boolean>`${slotProviderIsSuspended}`,
    })
    .from(timeslots)
    .where(eq(timeslots.id, timeslotId))
    .limit(1);
  if (!slot) return new NotFoundError(BOOKING_MESSAGES.timeslotNotFound);
  if (providerId && slot.providerId !== providerId) {
    return ValidationError.field('newTimeslotId', BOOKING_MESSAGES.otherProvider);
  }
  if (slot.suspended) return providerSuspendedError();
  if (slot.started) return new ConflictError('INVALID_STATE', BOOKING_MESSAGES.slotInPast);
  if (slot.held) return new ConflictError('SLOT_HELD', WAITLIST_MESSAGES.slotHeld);
  if (slot.busy) return providerBusyError();
  const refused = slot.isBooked ? null : await policyRefusalError(tx, timeslotId, except);
  if (refused) return refused;
  return new ConflictError('SLOT_TAKEN', BOOKING_MESSAGES.slotTaken);
}

export async function freeSlot(tx: DbOrTx, timeslotId: string | null) {
  if (!timeslotId) return;
  await tx.update(timeslots).set(freeSeat).where(eq(timeslots.id, timeslotId));
}
