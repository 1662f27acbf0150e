import type { ProviderAppointmentsResponse } from '@slotwise/shared/booking-types';
import type { AppointmentStatus } from '@slotwise/shared/enums';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /appointment/provider/view?status= (docs/product.md §7): the provider's appointments, one or every status. */
export function fetchProviderAppointments(
  signal?: AbortSignal,
  status?: AppointmentStatus | null,
): Promise<ProviderAppointmentsResponse> {
  const query = status ? `?status=${encodeURIComponent(status)}` : '';
  return apiGet<ProviderAppointmentsResponse>(`/appointment/provider/view${query}`, { signal });
}

/** Cached as the response body under ['appointments', 'provider'] (see lib/query-keys.ts). */
export function useProviderAppointments() {
  return useQuery({
    queryKey: queryKeys.providerAppointments,
    queryFn: ({ signal }) => fetchProviderAppointments(signal),
  });
}

/** One status only (the appointments page's filter), under ['appointments', 'provider', {status}]. */
export function useProviderAppointmentsByStatus(status: AppointmentStatus | null) {
  return useQuery({
    queryKey: queryKeys.providerAppointmentsByStatus(status),
    queryFn: ({ signal }) => fetchProviderAppointments(signal, status),
    enabled: status !== null,
  });
}
