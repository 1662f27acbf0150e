import { z } from './zod';
import { englishText, type Translate } from './english-text';
import { msg } from './locales';

/**
 * Payments and no-show protection (docs/product.md §16, docs/decisions/068-payments.md): what a
 * service takes, the provider's cancellation and no-show fees, the checkout, the cancel quote,
 * the earnings — schemas, messages and the arithmetic, written once for the forms and the server.
 * Money is integer minor units (`*_cents`) with an ISO currency.
 */

/** What a service takes when booked: nothing, a deposit, the full price, or a card kept on file. */
export const PAYMENT_MODES = ['none', 'deposit', 'prepay', 'card_on_file'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** A payment's life: waiting for the checkout, paid (or the card saved), or not paid in time. */
export const PAYMENT_STATUSES = ['pending', 'paid', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The embedded test provider's cards (docs/decisions/068-payments.md). */
export const TEST_CARDS = {
  success: '4242424242424242',
  decline: '4000000000000002',
} as const;

export const MAX_FEE_TIERS = 5;
export const MAX_FEE_HOURS = 720;

export const PAYMENT_MESSAGES = {
  paymentModeInvalid: msg('Payment must be none, deposit, prepay or card_on_file'),
  depositInvalid: msg('Deposit must be a whole number of cents from 1 up to the price'),
  depositNeedsPrice: msg('A service that takes money needs a price above 0'),
  feeHoursInvalid: msg('Hours before must be a whole number from 0 to 720'),
  feePercentInvalid: msg('Percent must be a whole number from 0 to 100'),
  feeTiersTooMany: msg('At most 5 cancellation fee tiers'),
  feeTiersRepeated: msg('Each tier needs its own number of hours'),
  noShowPercentInvalid: msg('No-show fee must be a whole number from 0 to 100 percent'),
  cardNumberInvalid: msg('Enter the card number (digits only)'),
  cardDeclined: msg('Your card was declined. Try another card.'),
  paymentExpired: msg('The time to pay has run out and the slot was released. Please book again.'),
  alreadyPaid: msg('This appointment is already paid'),
  paymentNotFound: msg('Payment not found'),
  paid: msg('Payment received. Your appointment is booked'),
  cardSaved: msg('Card saved. Your appointment is booked'),
  awaitingPayment: msg('Your time is held. Pay to confirm the booking'),
  invalidPaymentId: msg('Invalid payment id'),
  earningsRangeInvalid: msg('Choose a range of at most 366 days, from before to'),
  webhookSignatureInvalid: msg('Invalid webhook signature'),
  seriesNotPayable: msg('Repeat bookings are not available for services paid when booking'),
} as const;

const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

export const paymentModeField = z.enum(PAYMENT_MODES, {
  error: PAYMENT_MESSAGES.paymentModeInvalid,
});
export const depositCentsField = wholeNumber(1, 10_000_000, PAYMENT_MESSAGES.depositInvalid);

/** One tier: cancelling at least `hoursBefore` hours ahead keeps `percent` of the price as a fee. */
export const cancellationFeeTierSchema = z.object({
  hoursBefore: wholeNumber(0, MAX_FEE_HOURS, PAYMENT_MESSAGES.feeHoursInvalid),
  percent: wholeNumber(0, 100, PAYMENT_MESSAGES.feePercentInvalid),
});
export type CancellationFeeTier = z.infer<typeof cancellationFeeTierSchema>;

export const cancellationFeesField = z
  .array(cancellationFeeTierSchema)
  .max(MAX_FEE_TIERS, PAYMENT_MESSAGES.feeTiersTooMany)
  .refine(
    (tiers) => new Set(tiers.map((tier) => tier.hoursBefore)).size === tiers.length,
    PAYMENT_MESSAGES.feeTiersRepeated,
  );
export const noShowFeePercentField = wholeNumber(0, 100, PAYMENT_MESSAGES.noShowPercentInvalid);

/** The tier that applies `hoursLeft` hours before the start: the largest `hoursBefore` reached. */
export function feePercentAt(tiers: readonly CancellationFeeTier[], hoursLeft: number): number {
  let best: CancellationFeeTier | null = null;
  for (const tier of tiers) {
    if (hoursLeft >= tier.hoursBefore && (!best || tier.hoursBefore > best.hoursBefore)) {
      best = tier;
    }
  }
  return best?.percent ?? 0;
}

/**
 * `percent` % of `priceCents`, rounded DOWN to the minor unit (in the client's favour, stated in
 * docs/decisions/068-payments.md): 50 % of 999 is 499.
 */
export function percentOf(priceCents: number, percent: number): number {
  return Math.floor((priceCents * percent) / 100);
}

export interface Settlement {
  /** What the provider keeps of a payment or charges to the card: the fee. */
  fee_cents: number;
  /** Given back of what was paid. */
  refund_cents: number;
  /** Charged to the card on file (off-session). */
  charge_cents: number;
}

/**
 * A cancel or a no-show at `percent`: the fee is `percent` of the price; it is kept out of what
 * was paid (a deposit keeps at most the deposit), the rest is refunded, and a card on file is
 * charged the fee. fee = kept + charged; paid = kept + refunded.
 */
export function settlementOf(input: {
  mode: PaymentMode;
  priceCents: number;
  paidCents: number;
  percent: number;
}): Settlement {
  const fee = percentOf(input.priceCents, input.percent);
  const kept = Math.min(fee, input.paidCents);
  const charge = input.mode === 'card_on_file' ? fee : 0;
  return { fee_cents: kept + charge, refund_cents: input.paidCents - kept, charge_cents: charge };
}

/** What the checkout takes now: the deposit, the price, or nothing (a card kept on file). */
export function amountDueAtBooking(
  mode: PaymentMode,
  priceCents: number,
  depositCents: number | null,
): number {
  if (mode === 'prepay') return priceCents;
  if (mode === 'deposit') return Math.min(depositCents ?? 0, priceCents);
  return 0;
}

/** The fee tiers in plain language, highest first: "Cancel 24–48 h before: 50 % of the price". */
export function feeTierSentences(
  tiers: readonly CancellationFeeTier[],
  noShowFeePercent: number,
  t: Translate = englishText,
): string[] {
  const sorted = [...tiers].sort((a, b) => b.hoursBefore - a.hoursBefore);
  const sentences = sorted.map((tier, index) => {
    const upper = index === 0 ? null : sorted[index - 1]!.hoursBefore;
    const percent = tier.percent;
    if (upper === null)
      return t('Cancel {{hours}} h or more before: {{percent}} % of the price', {
        hours: tier.hoursBefore,
        percent,
      });
    if (tier.hoursBefore === 0)
      return t('Cancel less than {{upper}} h before: {{percent}} % of the price', {
        upper,
        percent,
      });
    return t('Cancel {{hours}}–{{upper}} h before: {{percent}} % of the price', {
      hours: tier.hoursBefore,
      upper,
      percent,
    });
  });
  if (sorted.length > 0 && sorted[sorted.length - 1]!.hoursBefore > 0) {
    sentences.push(
      t('Cancel less than {{upper}} h before: free', {
        upper: sorted[sorted.length - 1]!.hoursBefore,
      }),
    );
  }
  if (noShowFeePercent > 0)
    sentences.push(t('No-show: {{percent}} % of the price', { percent: noShowFeePercent }));
  return sentences;
}

/** `payment` on an appointment answer (docs/product.md §16.2). */
export const paymentSummarySchema = z.object({
  id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  mode: paymentModeField,
  /** Paid (or due) at booking: the deposit or the price; 0 for a card on file. */
  amount_cents: z.number(),
  /** The service's price when booked. */
  price_cents: z.number(),
  refunded_cents: z.number(),
  /** Cancellation or no-show fee kept or charged. */
  fee_cents: z.number(),
  currency: z.string(),
  checkout_url: z.string().nullable(),
  expires_at: z.string(),
  /** The fee tiers agreed at booking, and the no-show fee. */
  cancellation_fees: z.array(cancellationFeeTierSchema),
  no_show_fee_percent: z.number(),
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

/** GET /payments/:id (the checkout page): the payment and what it is for. */
export const checkoutResponseSchema = z.object({
  payment: paymentSummarySchema,
  appointment: z.object({
    id: z.string(),
    status: z.string(),
    provider_first_name: z.string(),
    provider_last_name: z.string(),
    service_name: z.string().nullable(),
    starts_at: z.string(),
    ends_at: z.string(),
    /** For the page's link back to the provider (optional until the server sends it). */
    provider_id: z.string().optional(),
    /** The provider's IANA zone: the time is shown as the provider's other pages show it. */
    timezone: z.string().optional(),
  }),
  /** The test provider's page takes a card number; with Stripe, `checkout_url` is Stripe's. */
  provider: z.enum(['test', 'stripe']),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const paymentIdParamsSchema = z.object({
  id: z.uuid(PAYMENT_MESSAGES.invalidPaymentId),
});

export const testCheckoutBodySchema = z.object({
  cardNumber: z
    .string({ error: PAYMENT_MESSAGES.cardNumberInvalid })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, PAYMENT_MESSAGES.cardNumberInvalid)),
});
export type TestCheckoutBody = z.input<typeof testCheckoutBodySchema>;

export const testCheckoutResponseSchema = z.object({
  message: z.string(),
  payment: paymentSummarySchema,
});

/** GET /appointment/:id/cancel-quote: what a cancel now keeps and gives back. */
export const cancelQuoteResponseSchema = z.object({
  fee_cents: z.number(),
  refund_cents: z.number(),
  charge_cents: z.number(),
  percent: z.number(),
  currency: z.string().nullable(),
  /** "Cancelling now keeps 50 % of the price (€12.50); €12.50 is refunded." */
  text: z.string(),
});
export type CancelQuote = z.infer<typeof cancelQuoteResponseSchema>;

const dayField = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, PAYMENT_MESSAGES.earningsRangeInvalid);

export const earningsQuerySchema = z.object({
  from: dayField,
  to: dayField,
  group: z.enum(['week', 'month']).optional().default('week'),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
});

const earningsFigures = {
  /** Money taken from clients (payments and fees charged to cards). */
  gross_cents: z.number(),
  /** Slotwise's platform fee. */
  fees_cents: z.number(),
  refunds_cents: z.number(),
  /** gross − refunds − platform fees. */
  net_cents: z.number(),
  /** Of the gross: cancellation and no-show fees kept or charged. */
  cancellation_fees_cents: z.number(),
};

/** GET /payments/earnings: sums of the provider's ledger rows in the range (provider's days). */
export const earningsResponseSchema = z.object({
  ...earningsFigures,
  currency: z.string(),
  periods: z.array(z.object({ start: z.string(), ...earningsFigures })),
});
export type Earnings = z.infer<typeof earningsResponseSchema>;

/** The ledger's kinds: a movement of money, from the provider's side. */
export const LEDGER_KINDS = ['charge', 'refund', 'fee', 'platform_fee'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
