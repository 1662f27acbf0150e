import type { Tx } from '../db/client';
import { bookingPolicies } from '../db/schema';

/**
 * A demo booking policy (docs/decisions/047-booking-policies.md) on the second demo provider:
 * 2 hours' notice and free cancellation until 24 hours before. Their seeded appointments keep
 * the cut-off they were booked under (none), as any existing booking does.
 */
export async function seedDemoPolicies(tx: Tx, providerId: string): Promise<void> {
  await tx.insert(bookingPolicies).values({
    providerId,
    minNoticeMinutes: 120,
    maxAdvanceDays: 90,
    bufferMinutes: 0,
    maxPerDay: null,
    cancelCutoffMinutes: 1440,
  });
}
