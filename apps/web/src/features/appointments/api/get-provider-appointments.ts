import {
  APPOINTMENTS_DEFAULT_LIMIT,
  type ProviderAppointmentsResponse,
} from '@slotwise/shared/appointments-schemas';
import type { AppointmentStatus } from '@slotwise/shared/enums';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useActingProvider, withProviderId } from '../../../lib/acting-provider';
import { queryKeys } from '../../../lib/query-keys';
import { useFetcherQuery } from '../../../lib/query-hooks';

/** GET /appointment/provider/view?status= (docs/product.md §7): the provider's appointments, one or every status. */
export function fetchProviderAppointments(
  signal?: AbortSignal,
  status?: AppointmentStatus | null,
  providerId: string | null = null,
): Promise<ProviderAppointmentsResponse> {
  const query = status ? `?status=${encodeURIComponent(status)}` : '';
  return apiGet<ProviderAppointmentsResponse>(
    withProviderId(`/appointment/provider/view${query}`, providerId),
    { signal },
  );
}

/**
 * GET /appointment/provider/view?status=&limit=&cursor=: one page, upcoming first then past
 * (docs/decisions/052-paginated-appointment-lists.md).
 */
export function fetchProviderAppointmentPage(
  cursor: string | null,
  status: AppointmentStatus | null,
  signal?: AbortSignal,
  providerId: string | null = null,
): Promise<ProviderAppointmentsResponse> {
  const params = new URLSearchParams({ limit: String(APPOINTMENTS_DEFAULT_LIMIT) });
  if (status) params.set('status', status);
  if (cursor) params.set('cursor', cursor);
  if (providerId) params.set('providerId', providerId);
  return apiGet<ProviderAppointmentsResponse>(`/appointment/provider/view?${params}`, {
    signal,
  });
}

/**
 * Every appointment, cached as the response body under ['appointments', 'provider', …] (see
 * lib/query-keys.ts): the provider's own, or the staff member's the page acts for.
 */
export function useProviderAppointments() {
  const providerId = useActingProvider();
  return useFetcherQuery(queryKeys.providerAppointments(providerId), (signal) =>
    fetchProviderAppointments(signal, null, providerId),
  );
}

/**
 * The pages loaded so far of one status (null: every status), under
 * ['appointments', 'provider', 'pages', {status}]; the list loads more on scroll.
 */
export function useProviderAppointmentPages(status: AppointmentStatus | null) {
  const providerId = useActingProvider();
  return useInfiniteQuery({
    queryKey: queryKeys.providerAppointmentPages(status, providerId),
    queryFn: ({ pageParam, signal }) =>
      fetchProviderAppointmentPage(pageParam, status, signal, providerId),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
  });
}
