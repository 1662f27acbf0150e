import { BOOKING_MESSAGES } from '@slotwise/shared/appointments-booking-schemas';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { PG_DEADLOCK_DETECTED, PG_SERIALIZATION_FAILURE, pgErrorOf } from '../../db/errors';
import { appointments, appointmentSeries } from '../../db/schema';
import { ConflictError } from '../../errors';
import { SERIES_MAIL_JOB } from '../../jobs/job-payloads';
import { enqueueJobs, type EnqueueOptions } from '../../jobs/job-queue';
import { lockProviderForPolicy } from '../policies/policy-rules';
import { claimAll, type ClaimRequest, claimSeries } from './booking-claim';
import type { BookingContext } from './booking-context';
import { inTransaction, slotTakenByIndex } from './transaction';

/**
 * The claim of a series (series.ts reads its weeks and builds one claim request per week that
 * can be booked): the occurrences, the `appointment_series` row and the client's one mail, all
 * written together or not at all (docs/decisions/067-seats-and-series.md, 082).
 */

/** The first occurrence was not claimed (taken or changed since the read): read again. */
export class FirstNotClaimed extends Error {}

export interface SeriesClaim {
  requests: ClaimRequest[];
  seriesId: string;
  clientUserId: string;
  intervalWeeks: number;
  count: number;
}

/** The client's one mail for the whole series (every occurrence in its `.ics`). */
const seriesMailJob = (seriesId: string, clientUserId: string): EnqueueOptions => ({
  kind: SERIES_MAIL_JOB,
  payload: { seriesId, recipientUserId: clientUserId },
});

/**
 * A new series in ONE statement (booking-claim.ts `claimSeries`): its occurrences, the series row
 * and, with the first occurrence's own jobs, the client's series mail — all of them only if the
 * first week is claimed. No transaction around it: no BEGIN, inserts and COMMIT round trips, and
 * the slots' row locks end with the statement, so a series of the same weeks waits for its claim
 * alone (docs/decisions/082-series-and-class-speed.md).
 */
export async function claimWhole(db: DbOrTx, claim: SeriesClaim): Promise<boolean[]> {
  const { requests, seriesId, clientUserId } = claim;
  const [first, ...later] = requests;
  const withMail: ClaimRequest = {
    ...first!,
    jobs: [...(first!.jobs ?? []), seriesMailJob(seriesId, clientUserId)],
  };
  try {
    return await claimSeries(db, [withMail, ...later], {
      id: seriesId,
      intervalWeeks: claim.intervalWeeks,
      count: claim.count,
      firstSlotId: first!.seen.id,
    });
  } catch (error) {
    // A seat of this client or a resource taken since the read, or a deadlock with another
    // claim of the same slots: a conflict, which bookSeries answers by reading again.
    const code = pgErrorOf(error)?.code;
    if (code === PG_DEADLOCK_DETECTED || code === PG_SERIALIZATION_FAILURE) {
      throw new ConflictError('SLOT_TAKEN', BOOKING_MESSAGES.slotTaken);
    }
    throw slotTakenByIndex(error) ?? error;
  }
}

/**
 * Repeating a booking (its seat becomes the first occurrence), or a provider whose daily cap or
 * buffer needs its lock: the series row, the client's mail, the adopted booking and the claim in
 * one transaction, the claim last (the slots' row locks end with the transaction right after it).
 */
export async function claimInTransaction(
  db: DbOrTx,
  claim: SeriesClaim & { first: BookingContext; adopt: boolean },
): Promise<{ claimed: boolean[]; adoptedId: string | null }> {
  const { requests, seriesId, clientUserId, first, adopt } = claim;
  let adoptedId: string | null = null;
  const claimed = await inTransaction(db, async (tx) => {
    await tx.insert(appointmentSeries).values({
      id: seriesId,
      providerId: first.providerId,
      clientId: clientUserId,
      intervalWeeks: claim.intervalWeeks,
      count: claim.count,
    });
    await enqueueJobs(tx, [seriesMailJob(seriesId, clientUserId)]);
    if (adopt) {
      // Only a booking in no series yet; canceled meanwhile or already repeated: 409.
      const [held] = await tx
        .update(appointments)
        .set({ seriesId, updatedAt: sql`now()` })
        .where(
          and(
            eq(appointments.timeslotId, first.id),
            eq(appointments.clientId, clientUserId),
            eq(appointments.status, 'booked'),
            isNull(appointments.seriesId),
          ),
        )
        .returning({ id: appointments.id });
      if (!held) throw new ConflictError('ALREADY_BOOKED', BOOKING_MESSAGES.alreadyBooked);
      adoptedId = held.id;
    }
    // A daily cap or a buffer counts other appointments: the provider's lock first (book.ts).
    if (first.needsLock) await lockProviderForPolicy(tx, first.providerId);
    if (requests.length === 0) return [];
    const outcome = await claimAll(tx, requests, first.needsLock, seriesId);
    // Not the first week: roll back whatever was written (bookSeries reads again).
    if (!adopt && !outcome[0]) throw new FirstNotClaimed();
    return outcome;
  });
  return { claimed, adoptedId };
}
