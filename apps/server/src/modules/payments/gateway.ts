import { randomUUID } from 'node:crypto';
import type { PaymentMode } from '@slotwise/shared/payments-schemas';

/**
 * The payment providers behind one interface (docs/decisions/068-payments.md): Stripe when
 * `STRIPE_SECRET_KEY` is set (stripe-gateway.ts), else the embedded test provider below, whose
 * checkout is the product's own `/pay/:id` page and whose money never leaves the database.
 * Card data never reaches Slotwise either way: Stripe's hosted page, or the test page's two
 * test card numbers.
 */

export interface CheckoutRequest {
  paymentId: string;
  appointmentId: string;
  mode: Exclude<PaymentMode, 'none'>;
  amountCents: number;
  currency: string;
  /** "Haircut with Ana Lopez, Tue, Dec 1, 2026, 10:00" */
  description: string;
  clientUserId: string;
  clientEmail: string;
  providerUserId: string;
  expiresAt: Date;
  platformFeeCents: number;
  /**
   * Read by the caller with the payment (stripe-checkout.ts), so the gateway need not ask again:
   * the provider's Connect account when it can take charges, and the client's customer. Left
   * out (undefined), the gateway reads them itself.
   */
  known?: { connectAccountId: string | null; customerId: string | null };
}

export interface PaymentGateway {
  readonly name: 'test' | 'stripe';
  /** After the hold is written: where the client pays (Stripe: a Checkout Session). */
  createCheckout(request: CheckoutRequest): Promise<{ ref: string | null; url: string }>;
  /** Gives back part or all of a payment; the key makes a retry the same refund. */
  refund(request: {
    paymentId: string;
    gatewayRef: string | null;
    amountCents: number;
    currency: string;
    idempotencyKey: string;
  }): Promise<{ ref: string }>;
  /** Charges the card kept on file, without the client present (a fee). */
  chargeSavedCard(request: {
    paymentId: string;
    gatewayMethod: string | null;
    customer: string | null;
    amountCents: number;
    currency: string;
    idempotencyKey: string;
  }): Promise<{ ref: string }>;
  /** Ends a checkout that was not paid in time. */
  cancelCheckout(ref: string | null): Promise<void>;
}

/** The embedded test provider: every movement succeeds at once and stays in the ledger. */
export const testGateway: PaymentGateway = {
  name: 'test',
  createCheckout: (request) => Promise.resolve({ ref: null, url: `/pay/${request.paymentId}` }),
  refund: () => Promise.resolve({ ref: `test_re_${randomUUID()}` }),
  chargeSavedCard: () => Promise.resolve({ ref: `test_pi_${randomUUID()}` }),
  cancelCheckout: () => Promise.resolve(),
};
