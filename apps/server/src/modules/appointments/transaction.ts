import { BOOKING_MESSAGES } from '@slotwise/shared/appointments-booking-schemas';
import { BUSINESS_MESSAGES } from '@slotwise/shared/business-schemas';
import { and, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  isUniqueViolationOf,
  PG_CHECK_VIOLATION,
  PG_DEADLOCK_DETECTED,
  PG_EXCLUSION_VIOLATION,
  PG_SERIALIZATION_FAILURE,
  pgErrorOf,
} from '../../db/errors';
import { appointments } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';

const SEAT_PER_CLIENT_INDEX = 'appointments_one_seat_per_client';
const SEATS_CHECK = 'timeslots_seats_taken_check';
const RESOURCE_NO_OVERLAP = 'appointments_resource_no_overlap';
export const MAX_ATTEMPTS = 3;

/**
 * The database's refusals of a booking or a move, as answers: the last lines of defence (a seat
 * past the slot's capacity, refused by `timeslots_seats_taken_check`, answers 409 SLOT_TAKEN like
 * the flag does; a client's second seat in one slot, refused by the unique partial index
 * `appointments_one_seat_per_client`, answers 409 ALREADY_BOOKED); a resource
 * already held then (the exclusion constraint `appointments_resource_no_overlap`,
 * docs/product.md §13.3) answers 409 RESOURCE_BUSY. Appointments have no other exclusion
 * constraint, so a driver that names no constraint still means this one.
 */
export function slotTakenByIndex(error: unknown): ConflictError | null {
  if (isUniqueViolationOf(error, SEAT_PER_CLIENT_INDEX)) {
    return new ConflictError('ALREADY_BOOKED', BOOKING_MESSAGES.alreadyBooked);
  }
  const pgError = pgErrorOf(error);
  if (pgError?.code === PG_CHECK_VIOLATION && pgError.constraint === SEATS_CHECK) {
    return new ConflictError('SLOT_TAKEN', BOOKING_MESSAGES.slotTaken);
  }
  if (
    pgError?.code === PG_EXCLUSION_VIOLATION &&
    (pgError.constraint === undefined || pgError.constraint === RESOURCE_NO_OVERLAP)
  ) {
    return new ConflictError('RESOURCE_BUSY', BUSINESS_MESSAGES.resourceBusy);
  }
  return null;
}

/**
 * Runs a transaction, retrying the rare deadlock or serialization failure, and turns the last
 * line of defence into 409 SLOT_TAKEN.
 */
export async function inTransaction<T>(db: DbOrTx, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      const pgError = pgErrorOf(error);
      const retryable =
        pgError?.code === PG_DEADLOCK_DETECTED || pgError?.code === PG_SERIALIZATION_FAILURE;
      if (retryable && attempt < MAX_ATTEMPTS) continue;
      throw slotTakenByIndex(error) ?? error;
    }
  }
}

/** Why a booked-and-not-over appointment was not found: 404 (absent or not yours) or 409. */
export async function notChangeableError(
  tx: DbOrTx,
  appointmentId: string,
  owner: SQL | undefined,
) {
  const [row] = await tx
    .select({ status: appointments.status })
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), owner))
    .limit(1);
  if (!row) return new NotFoundError(BOOKING_MESSAGES.appointmentNotFound);
  if (row.status === 'canceled') {
    return new ConflictError('INVALID_STATE', BOOKING_MESSAGES.alreadyCanceled);
  }
  return new ConflictError('INVALID_STATE', BOOKING_MESSAGES.alreadyCompleted);
}
