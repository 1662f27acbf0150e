import type { MergedSlot } from '@slotwise/shared/business-schemas';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useFetcherQuery } from '../../../lib/query-hooks';

export interface BusinessSlotsResponse {
  slots: MergedSlot[];
}

/**
 * GET /businesses/:id/available-slots?serviceId=&date= → {slots:[{starts_at, ends_at,
 * provider_ids}]}: the staff's free times for the service on that day (the business's zone),
 * merged by start time (docs/product.md §13.1).
 */
export function fetchBusinessSlots(
  businessId: string,
  serviceId: string,
  date: string,
  signal?: AbortSignal,
): Promise<BusinessSlotsResponse> {
  const query = new URLSearchParams({ serviceId, date });
  return apiGet<BusinessSlotsResponse>(
    `/businesses/${encodeURIComponent(businessId)}/available-slots?${query.toString()}`,
    { signal },
  );
}

/** Nothing is asked until a service and a day are chosen. */
export function useBusinessSlots(businessId: string, serviceId: string | null, date: string) {
  return useFetcherQuery(
    queryKeys.businessSlots(businessId, serviceId ?? '', date),
    (signal) => fetchBusinessSlots(businessId, serviceId ?? '', date, signal),
    { select: (data) => data.slots, enabled: serviceId !== null },
  );
}
