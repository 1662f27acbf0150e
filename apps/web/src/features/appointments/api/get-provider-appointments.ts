import type { ProviderAppointmentsResponse } from '@slotwise/shared/booking-types';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /appointment/provider/view (SPEC §7): the provider's appointments, every status. */
export function fetchProviderAppointments(
  signal?: AbortSignal,
): Promise<ProviderAppointmentsResponse> {
  return apiGet<ProviderAppointmentsResponse>('/appointment/provider/view', { signal });
}

/** Cached as the response body under ['appointments', 'provider'] (see lib/query-keys.ts). */
export function useProviderAppointments() {
  return useQuery({
    queryKey: queryKeys.providerAppointments,
    queryFn: ({ signal }) => fetchProviderAppointments(signal),
  });
}
