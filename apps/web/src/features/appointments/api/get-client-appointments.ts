import type { ClientAppointmentsResponse } from '@slotwise/shared/booking-types';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /appointment/view (docs/product.md §7): the signed-in client's appointments, every status. */
export function fetchClientAppointments(signal?: AbortSignal): Promise<ClientAppointmentsResponse> {
  return apiGet<ClientAppointmentsResponse>('/appointment/view', { signal });
}

/** Cached as the response body under ['appointments', 'client'] (see lib/query-keys.ts). */
export function useClientAppointments() {
  return useQuery({
    queryKey: queryKeys.clientAppointments,
    queryFn: ({ signal }) => fetchClientAppointments(signal),
  });
}
