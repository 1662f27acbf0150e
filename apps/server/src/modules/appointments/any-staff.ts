import { BUSINESS_MESSAGES } from '@slotwise/shared/business-schemas';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, preparedRows } from '../../db/client';
import { appointments, businessStaff, businesses, services, timeslots } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import { lockProviderForPolicy, slotObeysPolicy } from '../policies/policy-rules';
import { claimRequestOf, fanOutBooking, type HoldSettings } from './book';
import { claimOne } from './booking-claim';
import { bookingContext } from './booking-context';
import type { AppointmentChange } from './change';
import type { AppointmentChanges } from './change-fanout';
import { AnyStaffGate, type ShareNobodyFree } from './any-staff-gate';
import { slotIsClaimable, slotResourceIsFree } from './claimable-slot';
import { MAX_ATTEMPTS, slotTakenByIndex } from './transaction';

/**
 * "Any staff" booking (docs/product.md §13.2, docs/decisions/064-teams-and-resources.md): of the
 * business's staff with a claimable slot naming the service at that instant, the one with the
 * fewest appointments starting from 30 days ago onwards (ties: the lowest provider id) gets the
 * booking. The choice and the lock are one statement (`FOR UPDATE … SKIP LOCKED`): a slot another
 * booking has just chosen is skipped, not waited for, so simultaneous bookings spread over the
 * free staff and never pick the same slot; the claim statement follows in the same transaction.
 */

export interface AnyStaffBooking {
  businessId: string;
  serviceId: string;
  startsAt: string;
}

/** Appointments (not canceled) of the slot's provider starting from 30 days ago onwards. */
const recentLoad: SQL = sql`(select count(*) from ${appointments} a
  where a.provider_id = ${timeslots.providerId} and a.status <> 'canceled'
    and a.starts_at >= now() - interval '30 days')`;

/**
 * The asked booking as the placeholders of the statements below: each is prepared and named
 * once per pooled connection, as the claim is (docs/decisions/058). Planning the choice cost
 * about as much as running it (~2.6 ms), and a rush's losers ask it up to three times each.
 */
const placeholder = {
  businessId: sql.placeholder('businessId'),
  serviceId: sql.placeholder('serviceId'),
  startsAt: sql.placeholder('startsAt'),
};

/** The free staff slots naming the service at that instant (unaliased `timeslots`). */
function freeStaffSlots(resourceFree: boolean): SQL {
  return sql`${timeslots.serviceId} = ${placeholder.serviceId}::uuid
    and ${timeslots.startsAt} = ${placeholder.startsAt}::timestamptz
    and ${timeslots.providerId} in (select ${businessStaff.providerId} from ${businessStaff}
      where ${businessStaff.businessId} = ${placeholder.businessId}::uuid)
    and ${slotIsClaimable} and ${slotObeysPolicy()}
    ${resourceFree ? sql`and ${slotResourceIsFree}` : sql``}`;
}

/**
 * The fairest free staff slot, row-locked: skipping slots other bookings hold, or waiting. With
 * it, whether any staff slot is free at all as this statement sees it (locked by others or not):
 * when none is, the booking is answered now instead of trying again (a rush's latecomers, once
 * every staff member is booked, cost one statement instead of three transactions).
 */
const chooseStatement = (skipLocked: boolean) => (): SQL =>
  sql`with chosen as (
      select ${timeslots.id} as id from ${timeslots}
      where ${freeStaffSlots(true)}
      order by ${recentLoad}, ${timeslots.providerId}
      limit 1
      for update of ${timeslots} ${skipLocked ? sql`skip locked` : sql``}
    )
    select c.id, case when c.id is not null then true
                      else exists (select 1 from ${timeslots} where ${freeStaffSlots(true)}) end as free
    from (select (select id from chosen) as id) c`;
const chooseSkipping = chooseStatement(true);
const chooseWaiting = chooseStatement(false);

/** The values of the placeholders (nothing else a parsed body may carry). */
const valuesOf = ({ businessId, serviceId, startsAt }: AnyStaffBooking) => ({
  businessId,
  serviceId,
  startsAt,
});

/**
 * Chooses and row-locks the fairest free staff slot (`id`, null when none is free or all free
 * ones are held); `free`: some staff slot is free, held by another booking or not. `skipLocked`: a
 * slot another booking holds is passed over; without it the statement waits for the holder and,
 * should that booking take the slot, moves on to the next one.
 */
async function chooseStaffSlot(
  tx: DbOrTx,
  booking: AnyStaffBooking,
  skipLocked: boolean,
): Promise<{ id: string | null; free: boolean }> {
  const rows = await preparedRows<{ id: string | null; free: boolean }>(
    tx,
    skipLocked ? 'slotwise_any_staff_skip_locked' : 'slotwise_any_staff_wait',
    skipLocked ? chooseSkipping : chooseWaiting,
    valuesOf(booking),
  );
  return rows[0] ?? { id: null, free: false };
}

const nobodyFreeStatement = (): SQL => sql`
    select exists (select 1 from ${businesses} where ${businesses.id} = ${placeholder.businessId}::uuid) as business,
           exists (select 1 from ${services} where ${services.id} = ${placeholder.serviceId}::uuid) as service,
           exists (select 1 from ${timeslots} where ${freeStaffSlots(false)}) as slot`;

/** Why nobody could be chosen: unknown business or service (404), the resource (409), taken (409). */
async function nobodyFreeError(db: DbOrTx, booking: AnyStaffBooking) {
  const [row] = await preparedRows<{ business: boolean; service: boolean; slot: boolean }>(
    db,
    'slotwise_any_staff_nobody_free',
    nobodyFreeStatement,
    valuesOf(booking),
  );
  if (!row?.business) return new NotFoundError(BUSINESS_MESSAGES.businessNotFound);
  if (!row.service) return new NotFoundError(BUSINESS_MESSAGES.invalidServiceId);
  // Free slots whose resource is held: the room, not the people, is what is missing.
  if (row.slot) return new ConflictError('RESOURCE_BUSY', BUSINESS_MESSAGES.resourceBusy);
  return new ConflictError('SLOT_TAKEN', BUSINESS_MESSAGES.noStaffFree);
}

/**
 * How many "any staff" bookings of one time go to the database at once from this instance
 * (any-staff-gate.ts): as many as the pool has connections (`DATABASE_POOL_SIZE`), so a rush
 * neither waits for the gate while connections are free nor queues hundreds of transactions.
 * The embedded database has no pool: it runs one statement at a time whatever the width.
 */
const ANY_STAFF_IN_FLIGHT_WITHOUT_POOL = 10;

const gates = new WeakMap<DbOrTx, AnyStaffGate>();

function gateOf(db: DbOrTx): AnyStaffGate {
  let gate = gates.get(db);
  if (!gate) {
    // drizzle's node-postgres database keeps its pg.Pool as `$client`; PGlite's is no pool.
    const poolSize = (db as { $client?: { options?: { max?: unknown } } }).$client?.options?.max;
    const width =
      typeof poolSize === 'number' && poolSize > 0 ? poolSize : ANY_STAFF_IN_FLIGHT_WITHOUT_POOL;
    gates.set(db, (gate = new AnyStaffGate(width)));
  }
  return gate;
}

/** POST /appointment/booking `{businessId, serviceId, startsAt}`: 201 as a booking of that slot. */
export async function bookAnyStaff(
  db: DbOrTx,
  clientUserId: string,
  asked: AnyStaffBooking,
  changes: AppointmentChanges,
  holds: HoldSettings | null = null,
): Promise<AppointmentChange> {
  const time = `${asked.businessId}|${asked.serviceId}|${Date.parse(asked.startsAt)}`;
  return gateOf(db).pass(time, (share) =>
    chooseAndBook(db, clientUserId, asked, changes, holds, share),
  );
}

async function chooseAndBook(
  db: DbOrTx,
  clientUserId: string,
  asked: AnyStaffBooking,
  changes: AppointmentChanges,
  holds: HoldSettings | null,
  share: ShareNobodyFree,
): Promise<AppointmentChange> {
  for (let attempt = 1; ; attempt++) {
    let change: AppointmentChange | null;
    let someFree = true;
    const askedAt = performance.now();
    try {
      change = await db.transaction(async (tx) => {
        // The last attempt waits for slots other bookings hold (they may yet fail).
        const chosen = await chooseStaffSlot(tx, asked, attempt < MAX_ATTEMPTS);
        someFree = chosen.free;
        const slotId = chosen.id;
        if (!slotId) return null;
        const seen = await bookingContext(tx, clientUserId, slotId);
        if (!seen) return null;
        const request = claimRequestOf(seen, clientUserId, holds);
        if (seen.needsLock) await lockProviderForPolicy(tx, seen.providerId);
        return (await claimOne(tx, request, true)) ? request.change : null;
      });
    } catch (error) {
      throw slotTakenByIndex(error) ?? error;
    }
    if (change) {
      await fanOutBooking(db, change, changes);
      return change;
    }
    // Nothing chosen: none is left (answered now, and to those waiting behind this one), or
    // every free one was held by other bookings (again: they may fail), or the chosen provider's
    // policy changed since the choice.
    if (!someFree) {
      const answer = await nobodyFreeError(db, asked);
      share(answer, askedAt);
      throw answer;
    }
    if (attempt >= MAX_ATTEMPTS) throw await nobodyFreeError(db, asked);
  }
}
