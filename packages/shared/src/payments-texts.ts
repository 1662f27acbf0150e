import { englishText, type Translate } from './english-text';
import { formatPrice } from './money';
import { type PaymentMode, type PaymentSummary, TEST_CARDS } from './payments-schemas';

/**
 * What the web pages say about payments (docs/product.md §16, docs/decisions/068-payments.md):
 * the checkout, the booking summary, the appointment lists and the earnings page.
 */
export const PAYMENT_TEXTS = {
  checkoutTitle: 'Pay for your booking',
  saveCardTitle: 'Save a card for your booking',
  cardLabel: 'Card number',
  cardHint: `Test cards: ${TEST_CARDS.success} pays, ${TEST_CARDS.decline} is declined.`,
  pay: 'Pay',
  saveCard: 'Save card',
  paying: 'Paying...',
  savingCard: 'Saving card...',
  timeLeft: 'Time left to pay',
  cardOnFileDue: 'Nothing now: your card is kept for the fees below',
  noFees: 'Free cancellation',
  loadFailed: 'Failed to load the payment',
  payFailed: 'Could not pay. Check your connection and try again.',
  myAppointments: 'My appointments',
  bookAgain: 'Choose another time',
  continueToPayment: 'Continue to payment',
  paidNow: 'Paid now',
  payNow: 'Pay now',
  quoteLoading: 'Working out the cancellation fee...',
  quoteFailed: 'Could not work out the cancellation fee.',
  earningsTitle: 'Earnings',
  downloadCsv: 'Download CSV',
  noEarnings: 'No payments in this range.',
} as const;

/** The service editor's payment choices. */
export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = {
  none: 'No payment',
  deposit: 'Deposit',
  prepay: 'Full prepayment',
  card_on_file: 'Card on file',
};

/** What booking a service takes, on its card: 'Deposit $10.00'; null for none. */
export function servicePaymentText(
  service: {
    payment_mode?: PaymentMode;
    deposit_cents?: number | null;
    currency: string;
  },
  t: Translate = englishText,
  locale?: string,
): string | null {
  switch (service.payment_mode) {
    case 'deposit':
      return t('Deposit {{amount}}', {
        amount: formatPrice(service.deposit_cents ?? 0, service.currency, locale),
      });
    case 'prepay':
      return t('Paid in full when booked');
    case 'card_on_file':
      return t('Card kept on file');
    default:
      return null;
  }
}

/** The parts of a payment worth a line on an appointment: "Paid €25.00 · Refunded €12.50". */
export function paymentLine(
  payment: PaymentSummary,
  t: Translate = englishText,
  locale?: string,
): string {
  const money = (cents: number) => formatPrice(cents, payment.currency, locale);
  const parts: string[] = [];
  if (payment.status === 'pending')
    parts.push(t('Due {{amount}}', { amount: money(payment.amount_cents) }));
  else if (payment.status === 'expired') parts.push(t('Not paid in time'));
  else if (payment.mode === 'card_on_file') parts.push(t('Card on file'));
  else if (payment.mode === 'deposit')
    parts.push(t('Deposit {{amount}} paid', { amount: money(payment.amount_cents) }));
  else parts.push(t('Paid {{amount}}', { amount: money(payment.amount_cents) }));
  if (payment.refunded_cents > 0)
    parts.push(t('Refunded {{amount}}', { amount: money(payment.refunded_cents) }));
  if (payment.fee_cents > 0) parts.push(t('Fee {{amount}}', { amount: money(payment.fee_cents) }));
  return parts.join(' · ');
}

/** "9:05": whole minutes and seconds left. */
export function countdownText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
