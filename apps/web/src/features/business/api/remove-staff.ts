import { apiDelete } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

export type FutureBookings = 'keep' | 'cancel';

export interface RemoveStaffInput {
  providerId: string;
  /** What happens to their future bookings; without it a staff member with some → 409. */
  futureBookings?: FutureBookings;
}

/**
 * DELETE /business/staff/:providerId?futureBookings=keep|cancel → 200; with future bookings and
 * no choice, 409 STAFF_HAS_BOOKINGS (docs/product.md §13.1).
 */
export interface RemoveStaffAnswer {
  message: string;
  /** How many of their bookings were canceled. */
  canceled: number;
}

export function removeStaff({
  providerId,
  futureBookings,
}: RemoveStaffInput): Promise<RemoveStaffAnswer> {
  const query = futureBookings ? `?futureBookings=${futureBookings}` : '';
  return apiDelete<RemoveStaffAnswer>(`/business/staff/${encodeURIComponent(providerId)}${query}`);
}

/**
 * The staff list changes; canceled bookings change the appointment lists, the slots and what
 * clients can book.
 */
export function useRemoveStaff() {
  return useInvalidatingMutation(removeStaff, {
    keys: ({ futureBookings }) =>
      futureBookings === 'cancel'
        ? [
            queryKeys.business,
            queryKeys.appointments,
            queryKeys.timeslots,
            queryKeys.availableSlots,
            queryKeys.businesses,
          ]
        : [queryKeys.business, queryKeys.businesses],
  });
}
