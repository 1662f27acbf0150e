import type { staffBookingsSchema } from '@slotwise/shared/business-schemas';
import type { z } from '@slotwise/shared/zod';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useFetcherQuery } from '../../../lib/query-hooks';

export type StaffBookingsResponse = z.infer<typeof staffBookingsSchema>;

/**
 * GET /business/staff/:providerId/upcoming → {appointments:[{id, starts_at, client_name}]}: the
 * staff member's future bookings, shown when removing them needs the owner's choice.
 */
export function fetchStaffUpcoming(
  providerId: string,
  signal?: AbortSignal,
): Promise<StaffBookingsResponse> {
  return apiGet<StaffBookingsResponse>(
    `/business/staff/${encodeURIComponent(providerId)}/upcoming`,
    { signal },
  );
}

export function useStaffUpcoming(providerId: string, { enabled = true } = {}) {
  return useFetcherQuery(
    queryKeys.staffUpcoming(providerId),
    (signal) => fetchStaffUpcoming(providerId, signal),
    { select: (data) => data.appointments, enabled },
  );
}
