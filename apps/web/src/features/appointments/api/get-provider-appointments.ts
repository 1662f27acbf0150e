import {
  APPOINTMENTS_DEFAULT_LIMIT,
  type ProviderAppointmentsResponse,
} from '@slotwise/shared/appointments-schemas';
import type { AppointmentStatus } from '@slotwise/shared/enums';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useFetcherQuery } from '../../../lib/query-hooks';

/** GET /appointment/provider/view?status= (docs/product.md §7): the provider's appointments, one or every status. */
export function fetchProviderAppointments(
  signal?: AbortSignal,
  status?: AppointmentStatus | null,
): Promise<ProviderAppointmentsResponse> {
  const query = status ? `?status=${encodeURIComponent(status)}` : '';
  return apiGet<ProviderAppointmentsResponse>(`/appointment/provider/view${query}`, { signal });
}

/**
 * GET /appointment/provider/view?status=&limit=&cursor=: one page, upcoming first then past
 * (docs/decisions/052-paginated-appointment-lists.md).
 */
export function fetchProviderAppointmentPage(
  cursor: string | null,
  status: AppointmentStatus | null,
  signal?: AbortSignal,
): Promise<ProviderAppointmentsResponse> {
  const params = new URLSearchParams({ limit: String(APPOINTMENTS_DEFAULT_LIMIT) });
  if (status) params.set('status', status);
  if (cursor) params.set('cursor', cursor);
  return apiGet<ProviderAppointmentsResponse>(`/appointment/provider/view?${params}`, {
    signal,
  });
}

/** Every appointment, cached as the response body under ['appointments', 'provider'] (see lib/query-keys.ts). */
export function useProviderAppointments() {
  return useFetcherQuery(queryKeys.providerAppointments, fetchProviderAppointments);
}

/**
 * The pages loaded so far of one status (null: every status), under
 * ['appointments', 'provider', 'pages', {status}]; the list loads more on scroll.
 */
export function useProviderAppointmentPages(status: AppointmentStatus | null) {
  return useInfiniteQuery({
    queryKey: queryKeys.providerAppointmentPages(status),
    queryFn: ({ pageParam, signal }) => fetchProviderAppointmentPage(pageParam, status, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
  });
}
