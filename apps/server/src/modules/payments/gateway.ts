/**
 * STUB of the lead's payments interface (docs/decisions/068-payments.md), replaced by the lead's
 * gateway.ts on merge.
 */
export interface CheckoutRequest {
  paymentId: string;
  appointmentId: string;
  mode: 'deposit' | 'prepay' | 'card_on_file';
  amountCents: number;
  currency: string;
  description: string;
  clientUserId: string;
  clientEmail: string;
  providerUserId: string;
  expiresAt: Date;
  platformFeeCents: number;
}

export interface PaymentGateway {
  readonly name: 'test' | 'stripe';
  createCheckout(req: CheckoutRequest): Promise<{ ref: string | null; url: string }>;
  refund(req: {
    paymentId: string;
    gatewayRef: string | null;
    amountCents: number;
    currency: string;
    idempotencyKey: string;
  }): Promise<{ ref: string }>;
  chargeSavedCard(req: {
    paymentId: string;
    gatewayMethod: string | null;
    customer: string | null;
    amountCents: number;
    currency: string;
    idempotencyKey: string;
  }): Promise<{ ref: string }>;
  cancelCheckout(ref: string | null): Promise<void>;
}
