import { cancelQuoteResponseSchema, type PaymentSummary } from '@slotwise/shared/payments-schemas';
import { PAYMENT_TEXTS } from '@slotwise/shared/payments-texts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  bookingApiForEachTest,
  makeClientAppointment,
  PROVIDER_ID,
  providerForEachTest,
} from '../../../test/booking-api';
import { contractJson } from '../../../test/contract';
import { callsTo } from '../../../test/mock-api';
import { openRoute } from '../../../test/render-route';

// Payments on the client's appointments (docs/product.md §16): what was paid, refunded or kept,
// 'Pay now' for a held time, and the cancel quote before confirming.
const api = bookingApiForEachTest('client');
providerForEachTest(api, { provider_id: PROVIDER_ID, first_name: 'Ana', last_name: 'Lopez' });
const PAYMENT_ID = '6f1c1c1e-8a43-4c55-9a8e-0d6f3c2b9a11';

function payment(overrides: Partial<PaymentSummary> = {}): PaymentSummary {
  return {
    id: PAYMENT_ID,
    status: 'paid',
    mode: 'prepay',
    amount_cents: 2500,
    price_cents: 2500,
    refunded_cents: 0,
    fee_cents: 0,
    currency: 'EUR',
    checkout_url: `/pay/${PAYMENT_ID}`,
    expires_at: '2030-01-01T00:00:00.000Z',
    cancellation_fees: [{ hoursBefore: 24, percent: 50 }],
    no_show_fee_percent: 0,
    ...overrides,
  };
}

const openPage = (path = '/client/appointments') => openRoute(path, 'Your Appointments');

describe('client appointments: payments', () => {
  it('says what was paid, and offers Pay now for a time waiting for its payment', async () => {
    api.clientAppointments = [
      makeClientAppointment({ provider_first_name: 'Paid', payment: payment() }),
      makeClientAppointment({
        provider_first_name: 'Held',
        status: 'pending_payment',
        payment: payment({ status: 'pending', mode: 'deposit', amount_cents: 1000 }),
      }),
      makeClientAppointment({
        provider_first_name: 'Card',
        payment: payment({ mode: 'card_on_file', amount_cents: 0 }),
      }),
    ];
    await openPage();
    const paid = await screen.findByRole('article', { name: 'Paid Lopez' });
    expect(paid).toHaveTextContent('Paid €25.00');
    // A service paid when booking is not repeated (docs/product.md §16.2).
    expect(within(paid).queryByRole('button', { name: 'Repeat' })).toBeNull();
    const held = screen.getByRole('article', { name: 'Held Lopez' });
    expect(held).toHaveTextContent('Due €10.00');
    expect(held).toHaveTextContent('awaiting payment');
    expect(within(held).getByRole('link', { name: PAYMENT_TEXTS.payNow })).toHaveAttribute(
      'href',
      `/pay/${PAYMENT_ID}`,
    );
    expect(within(held).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Card Lopez' })).toHaveTextContent('Card on file');
  });

  it('shows the refund and the fee of a canceled one', async () => {
    api.clientAppointments = [
      makeClientAppointment({
        status: 'canceled',
        payment: payment({ refunded_cents: 1250, fee_cents: 1250 }),
      }),
    ];
    await openPage('/client/appointments?tab=past');
    expect(await screen.findByRole('article', { name: 'Ana Lopez' })).toHaveTextContent(
      'Paid €25.00 · Refunded €12.50 · Fee €12.50',
    );
  });

  it('asks for the cancel quote and shows it before the client confirms', async () => {
    const appointment = makeClientAppointment({ payment: payment() });
    api.clientAppointments = [appointment];
    const text = 'Cancelling now keeps 50 % of the price (€12.50); €12.50 is refunded.';
    const route = `/api/appointment/${appointment.appointment_id}/cancel-quote`;
    api.answerNext('GET /api/appointment/:id/cancel-quote', () =>
      contractJson(`GET ${route}`, cancelQuoteResponseSchema, 200, {
        fee_cents: 1250,
        refund_cents: 1250,
        charge_cents: 0,
        percent: 50,
        currency: 'EUR',
        text,
      }),
    );
    const { user } = await openPage();
    const card = await screen.findByRole('article', { name: 'Ana Lopez' });
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel appointment' });
    expect(await within(dialog).findByText(text)).toBeInTheDocument();
    expect(callsTo(api.calls, 'GET', route)).toHaveLength(1);
    expect(
      callsTo(api.calls, 'PATCH', `/api/appointment/cancel/${appointment.appointment_id}`),
    ).toEqual([]);
  });
});
