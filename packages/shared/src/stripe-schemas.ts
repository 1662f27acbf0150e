import { z } from './zod';
import { msg } from './locales';

/**
 * Stripe Connect and webhook texts and answers (docs/product.md §16,
 * docs/decisions/068-payments.md), beside the payments contract in payments-schemas.ts.
 */
export const STRIPE_MESSAGES = {
  stripeNotConfigured: msg('Payments through Stripe are not set up on this server'),
} as const;

/** POST /payments/connect: where the provider finishes their Stripe account. */
export const connectLinkResponseSchema = z.object({ url: z.string() });
export type ConnectLink = z.infer<typeof connectLinkResponseSchema>;

/** GET /payments/connect: the provider's Stripe account, if any, and whether it takes charges. */
export const connectStatusResponseSchema = z.object({
  charges_enabled: z.boolean(),
  account_id: z.string().nullable(),
});
export type ConnectStatus = z.infer<typeof connectStatusResponseSchema>;

/** What a webhook delivery is answered (Stripe only reads the status). */
export const webhookResponseSchema = z.object({ received: z.literal(true) });
