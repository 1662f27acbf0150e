import type { PaymentSummary, TestCheckoutBody } from '@slotwise/shared/payments-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface TestCheckoutResponse {
  message: string;
  payment: PaymentSummary;
}

export interface TestCheckoutVariables {
  paymentId: string;
  body: TestCheckoutBody;
}

/**
 * POST /payments/:id/test-checkout {cardNumber} (the embedded test provider,
 * docs/decisions/068-payments.md): 200 paid; 402 CARD_DECLINED (still pending); 409
 * PAYMENT_EXPIRED or ALREADY_PAID.
 */
export function payWithTestCard({
  paymentId,
  body,
}: TestCheckoutVariables): Promise<TestCheckoutResponse> {
  return apiPost<TestCheckoutResponse>(
    `/payments/${encodeURIComponent(paymentId)}/test-checkout`,
    body,
  );
}

/**
 * Either way the checkout is read again (an expiry or a payment made elsewhere shows); a payment
 * books the appointment, so the lists and the provider's free times change too.
 */
export function usePayWithTestCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payWithTestCard,
    onSettled: (_data, error, { paymentId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.checkout(paymentId) }),
        error ? null : queryClient.invalidateQueries({ queryKey: queryKeys.appointments }),
        error ? null : queryClient.invalidateQueries({ queryKey: queryKeys.availableSlots }),
      ]),
  });
}
