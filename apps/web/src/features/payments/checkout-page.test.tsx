import {
  checkoutResponseSchema,
  PAYMENT_MESSAGES,
  TEST_CARDS,
  testCheckoutResponseSchema,
  type CheckoutResponse,
} from '@slotwise/shared/payments-schemas';
import { PAYMENT_TEXTS } from '@slotwise/shared/payments-texts';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { contractJson } from '../../../test/contract';
import { callsTo, json, mockApi, type ApiCall } from '../../../test/mock-api';
import { openRoute } from '../../../test/render-route';
import { signInUser, userOf } from '../../../test/session-user';

// The checkout page (docs/product.md §16): pending, declined, expired and paid.
const PAYMENT_ID = '6f1c1c1e-8a43-4c55-9a8e-0d6f3c2b9a11';
const ROUTE = `/api/payments/${PAYMENT_ID}`;

let api: { calls: ApiCall[] };
let checkout: CheckoutResponse;

function inMinutes(minutes: number): string {
  return new Date(Date.now() + minutes * 60_000).toISOString();
}

function makeCheckout(overrides: Partial<CheckoutResponse['payment']> = {}): CheckoutResponse {
  return {
    payment: {
      id: PAYMENT_ID,
      status: 'pending',
      mode: 'prepay',
      amount_cents: 2500,
      price_cents: 2500,
      refunded_cents: 0,
      fee_cents: 0,
      currency: 'EUR',
      checkout_url: `/pay/${PAYMENT_ID}`,
      expires_at: inMinutes(10),
      cancellation_fees: [
        { hoursBefore: 48, percent: 0 },
        { hoursBefore: 24, percent: 50 },
        { hoursBefore: 0, percent: 100 },
      ],
      no_show_fee_percent: 100,
      ...overrides,
    },
    appointment: {
      id: 'a1',
      status: 'pending_payment',
      provider_first_name: 'Bea',
      provider_last_name: 'Stone',
      service_name: 'Massage',
      starts_at: '2030-05-06T14:00:00.000Z',
      ends_at: '2030-05-06T15:00:00.000Z',
      provider_id: 'p1',
      timezone: 'Europe/Berlin',
    },
    provider: 'test',
  };
}

beforeEach(() => {
  checkout = makeCheckout();
  api = mockApi((call) => {
    if (call.method === 'GET' && call.path === ROUTE) {
      return contractJson(`GET ${ROUTE}`, checkoutResponseSchema, 200, checkout);
    }
    if (call.method === 'POST' && call.path === `${ROUTE}/test-checkout`) {
      const { cardNumber } = call.body as { cardNumber: string };
      if (cardNumber === TEST_CARDS.decline) {
        return json(402, {
          message: PAYMENT_MESSAGES.cardDeclined,
          error: 'Payment Required',
          code: 'CARD_DECLINED',
        });
      }
      checkout = { ...checkout, payment: { ...checkout.payment, status: 'paid' } };
      return contractJson(`POST ${ROUTE}/test-checkout`, testCheckoutResponseSchema, 200, {
        message: PAYMENT_MESSAGES.paid,
        payment: checkout.payment,
      });
    }
    return undefined;
  });
  signInUser(userOf('client'));
});

const openCheckout = () => openRoute(`/pay/${PAYMENT_ID}`, PAYMENT_TEXTS.checkoutTitle);

describe('checkout', () => {
  it('shows what is paid for, the amount, the terms, the time left and the test cards', async () => {
    await openCheckout();
    expect(screen.getByText('Bea Stone')).toBeInTheDocument();
    expect(screen.getByText('Massage')).toBeInTheDocument();
    // 14:00 UTC is 16:00 in Berlin (summer time), the provider's zone.
    expect(screen.getByText(/16:00/)).toBeInTheDocument();
    expect(screen.getByText('€25.00')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Cancellation terms' })).toHaveTextContent(
      'Cancel 24–48 h before: 50 % of the price',
    );
    expect(screen.getByText('No-show: 100 % of the price')).toBeInTheDocument();
    expect(screen.getByText(/^(10:00|9:5\d)$/)).toBeInTheDocument();
    expect(screen.getByLabelText(PAYMENT_TEXTS.cardLabel)).toHaveAccessibleDescription(
      PAYMENT_TEXTS.cardHint,
    );
    expect(PAYMENT_TEXTS.cardHint).toContain(TEST_CARDS.success);
    expect(PAYMENT_TEXTS.cardHint).toContain(TEST_CARDS.decline);
  });

  it('says a declined card was declined, then pays with another', async () => {
    const { user } = await openCheckout();
    const card = screen.getByLabelText(PAYMENT_TEXTS.cardLabel);
    await user.click(screen.getByRole('button', { name: PAYMENT_TEXTS.pay }));
    expect(await screen.findByText(PAYMENT_MESSAGES.cardNumberInvalid)).toBeInTheDocument();
    expect(callsTo(api.calls, 'POST', `${ROUTE}/test-checkout`)).toEqual([]);

    await user.type(card, TEST_CARDS.decline);
    await user.click(screen.getByRole('button', { name: PAYMENT_TEXTS.pay }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.cardDeclined);

    await user.clear(card);
    await user.type(card, TEST_CARDS.success);
    await user.click(screen.getByRole('button', { name: PAYMENT_TEXTS.pay }));
    expect(await screen.findByText(`${PAYMENT_MESSAGES.paid}.`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: PAYMENT_TEXTS.myAppointments })).toHaveAttribute(
      'href',
      '/client/appointments',
    );
    expect(callsTo(api.calls, 'POST', `${ROUTE}/test-checkout`).map((c) => c.body)).toEqual([
      { cardNumber: TEST_CARDS.decline },
      { cardNumber: TEST_CARDS.success },
    ]);
  });

  it('an expired hold says so and links back to the provider', async () => {
    checkout = makeCheckout({ status: 'expired' });
    await openCheckout();
    expect(screen.getByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.paymentExpired);
    expect(screen.getByRole('link', { name: PAYMENT_TEXTS.bookAgain })).toHaveAttribute(
      'href',
      '/providers/p1',
    );
    expect(screen.queryByLabelText(PAYMENT_TEXTS.cardLabel)).toBeNull();
  });

  it('a hold whose time ran out is expired without waiting for the server', async () => {
    checkout = makeCheckout({ expires_at: inMinutes(-1) });
    await openCheckout();
    expect(screen.getByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.paymentExpired);
  });

  it('a paid one says so; a card on file is saved rather than paid', async () => {
    checkout = makeCheckout({ status: 'paid' });
    const first = await openCheckout();
    expect(screen.getByText(`${PAYMENT_MESSAGES.paid}.`)).toBeInTheDocument();
    first.unmount();

    checkout = makeCheckout({ mode: 'card_on_file', amount_cents: 0 });
    const { user } = await openRoute(`/pay/${PAYMENT_ID}`, PAYMENT_TEXTS.saveCardTitle);
    expect(screen.getByText(PAYMENT_TEXTS.cardOnFileDue)).toBeInTheDocument();
    await user.type(screen.getByLabelText(PAYMENT_TEXTS.cardLabel), TEST_CARDS.success);
    await user.click(screen.getByRole('button', { name: PAYMENT_TEXTS.saveCard }));
    await waitFor(() =>
      expect(screen.getByText(`${PAYMENT_MESSAGES.cardSaved}.`)).toBeInTheDocument(),
    );
  });

  it("someone else's or a missing payment is not found", async () => {
    checkout = makeCheckout();
    api = mockApi(() => undefined);
    await openCheckout();
    expect(await screen.findByText(PAYMENT_MESSAGES.paymentNotFound)).toBeInTheDocument();
  });
});
