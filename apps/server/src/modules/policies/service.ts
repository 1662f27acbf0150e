import { type BookingPolicy, DEFAULT_BOOKING_POLICY } from '@slotwise/shared/policies-schemas';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookingPolicies } from '../../db/schema';

const policyColumns = {
  minNoticeMinutes: bookingPolicies.minNoticeMinutes,
  maxAdvanceDays: bookingPolicies.maxAdvanceDays,
  bufferMinutes: bookingPolicies.bufferMinutes,
  maxPerDay: bookingPolicies.maxPerDay,
  cancelCutoffMinutes: bookingPolicies.cancelCutoffMinutes,
  cancellationFees: bookingPolicies.cancellationFees,
  noShowFeePercent: bookingPolicies.noShowFeePercent,
};

/** GET /provider/policy (and the provider page): the provider's policy, or the defaults. */
export async function getBookingPolicy(db: DbOrTx, providerId: string): Promise<BookingPolicy> {
  const [row] = await db
    .select(policyColumns)
    .from(bookingPolicies)
    .where(eq(bookingPolicies.providerId, providerId))
    .limit(1);
  return row ?? { ...DEFAULT_BOOKING_POLICY };
}

/**
 * PUT /provider/policy: replaces the policy. Existing bookings are untouched: the rules apply to
 * claims from now on, and each appointment keeps the cut-off it was booked under.
 */
export async function saveBookingPolicy(
  db: DbOrTx,
  providerId: string,
  policy: BookingPolicy,
): Promise<BookingPolicy> {
  const [row] = await db
    .insert(bookingPolicies)
    .values({ providerId, ...policy })
    .onConflictDoUpdate({
      target: bookingPolicies.providerId,
      set: { ...policy, updatedAt: sql`now()` },
    })
    .returning(policyColumns);
  return row!;
}
