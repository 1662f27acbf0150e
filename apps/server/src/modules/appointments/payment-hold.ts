import type { CancellationFeeTier, PaymentMode } from '@slotwise/shared/payments-schemas';

/**
 * A booking of a service that takes money (docs/decisions/068-payments.md): the appointment is
 * written `pending_payment`, holding its seat, with its payment row and the expiry job; the
 * booking's notification, event and mail wait for the payment.
 */
export interface PaymentHold {
  paymentId: string;
  mode: Exclude<PaymentMode, 'none'>;
  amountCents: number;
  priceCents: number;
  currency: string;
  cancellationFees: CancellationFeeTier[];
  noShowFeePercent: number;
  gateway: 'test' | 'stripe';
  checkoutUrl: string | null;
  expiresAt: Date;
}
