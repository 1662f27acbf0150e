import type { CheckoutResponse } from '@slotwise/shared/payments-schemas';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useFetcherQuery } from '../../../lib/query-hooks';

/** GET /payments/:id: the client's own payment and what it is for (docs/product.md §16). */
export function fetchCheckout(paymentId: string, signal?: AbortSignal): Promise<CheckoutResponse> {
  return apiGet<CheckoutResponse>(`/payments/${encodeURIComponent(paymentId)}`, { signal });
}

/** A missing or someone else's payment is a 404: not retried. */
export function useCheckout(paymentId: string) {
  return useFetcherQuery(
    queryKeys.checkout(paymentId),
    (signal) => fetchCheckout(paymentId, signal),
    {
      retry: false,
    },
  );
}
