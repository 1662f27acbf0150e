import { clientAppointmentMessageResponseSchema } from '@slotwise/shared/appointments-schemas';
import { PAYMENT_TEXTS } from '@slotwise/shared/payments-texts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  bookingApiForEachTest,
  makeClientAppointment,
  makeSlot,
  providerForEachTest,
} from '../../../../test/booking-api';
import { contractJson } from '../../../../test/contract';
import { openRoute, LAZY_ROUTE } from '../../../../test/render-route';

// A service that takes money (docs/product.md §16): the summary says what is paid now and the
// fees before the client confirms; booking goes on to the checkout.
const api = bookingApiForEachTest('client');
const bea = providerForEachTest(api, { first_name: 'Bea', last_name: 'Barber' });
const MASSAGE = '0a000000-0000-4000-8000-000000000003';
const PAYMENT_ID = '6f1c1c1e-8a43-4c55-9a8e-0d6f3c2b9a11';

function useDepositService() {
  bea.services = [
    {
      id: MASSAGE,
      name: 'Massage',
      duration_minutes: 60,
      price_cents: 5000,
      currency: 'EUR',
      description: '',
      payment_mode: 'deposit',
      deposit_cents: 1000,
    },
  ];
  bea.bookingPolicy = {
    minNoticeMinutes: 0,
    maxAdvanceDays: 30,
    bufferMinutes: 0,
    maxPerDay: null,
    cancelCutoffMinutes: 0,
    cancellationFees: [
      { hoursBefore: 48, percent: 0 },
      { hoursBefore: 24, percent: 50 },
    ],
    noShowFeePercent: 100,
  };
  bea.slots = [
    makeSlot({
      start_time: '10:00:00',
      end_time: '11:00:00',
      service_id: MASSAGE,
      type: 'Massage',
      price_cents: 5000,
      currency: 'EUR',
    }),
  ];
}

describe('booking a service that takes money', () => {
  it('shows the deposit and the fees, and continues to the payment', async () => {
    useDepositService();
    const { user, router } = await openRoute(`/providers/${bea.listing.provider_id}`, () =>
      screen.findByRole('heading', { level: 1, name: 'Bea Barber' }, LAZY_ROUTE),
    );
    const section = screen.getByRole('region', { name: 'Available Time Slots' });
    await user.click(await within(section).findByRole('button', { name: /^10:00/ }));
    const summary = within(section).getByRole('region', { name: 'Your booking' });
    expect(summary).toHaveTextContent(`${PAYMENT_TEXTS.paidNow}€10.00`);
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Cancel 48 h or more before: 0 % of the price',
      'Cancel 24–48 h before: 50 % of the price',
      'Cancel less than 24 h before: free',
      'No-show: 100 % of the price',
    ]);

    const slot = bea.slots[0]!;
    api.answerNext('POST /api/appointment/booking', () =>
      contractJson('POST /api/appointment/booking', clientAppointmentMessageResponseSchema, 201, {
        message: 'Your time is held. Pay to confirm the booking',
        appointment: makeClientAppointment({
          timeslot_id: slot.id,
          status: 'pending_payment',
          payment: {
            id: PAYMENT_ID,
            status: 'pending',
            mode: 'deposit',
            amount_cents: 1000,
            price_cents: 5000,
            refunded_cents: 0,
            fee_cents: 0,
            currency: 'EUR',
            checkout_url: `/pay/${PAYMENT_ID}`,
            expires_at: new Date(Date.now() + 600_000).toISOString(),
            cancellation_fees: [],
            no_show_fee_percent: 0,
          },
        }),
      }),
    );
    await user.click(
      within(summary).getByRole('button', { name: PAYMENT_TEXTS.continueToPayment }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/pay/${PAYMENT_ID}`));
  });
});
