import type { CancelQuote } from '@slotwise/shared/payments-schemas';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useFetcherQuery } from '../../../lib/query-hooks';

/**
 * GET /appointment/:id/cancel-quote: what cancelling now keeps and refunds
 * (docs/decisions/068-payments.md), for the client or the provider of it.
 */
export function fetchCancelQuote(
  appointmentId: string,
  signal?: AbortSignal,
): Promise<CancelQuote> {
  return apiGet<CancelQuote>(`/appointment/${encodeURIComponent(appointmentId)}/cancel-quote`, {
    signal,
  });
}

/** Asked afresh each time the dialog opens: the fee depends on the hours left. */
export function useCancelQuote(appointmentId: string | null) {
  return useFetcherQuery(
    queryKeys.cancelQuote(appointmentId ?? ''),
    (signal) => fetchCancelQuote(appointmentId ?? '', signal),
    { enabled: appointmentId !== null, staleTime: 0, gcTime: 0, retry: false },
  );
}
