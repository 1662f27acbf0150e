import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentAccounts, payments } from '../../db/schema';
import { bookedSlot } from '../../../test/helpers/booking-factories';
import { useStripeApp } from '../../../test/helpers/stripe-app';
import type { CheckoutRequest } from './gateway';
import { createStripeGateway } from './stripe-gateway';

/**
 * The Stripe gateway against a fake Stripe (docs/decisions/068-payments.md): what each call
 * sends, with its idempotency key, and that a repeated call moves nothing twice.
 */
describe('Stripe gateway', () => {
  const t = useStripeApp({ PLATFORM_FEE_PERCENT: '10', PUBLIC_URL: 'https://slotwise.test' });

  const gateway = () => {
    const stripe = t.app.config.stripe!;
    return createStripeGateway(t.app.database.db, { ...t.app.config, stripe });
  };

  /** A pending payment of a booked appointment, written straight into the database. */
  async function pendingPayment(mode: 'prepay' | 'deposit' | 'card_on_file', connect?: boolean) {
    const booked = await bookedSlot(t.app);
    const [payment] = await t.app.database.db
      .insert(payments)
      .values({
        appointmentId: booked.appointmentId,
        providerId: booked.provider.providerId!,
        clientId: booked.client.id,
        mode,
        amountCents: mode === 'card_on_file' ? 0 : 2500,
        priceCents: 2500,
        currency: 'EUR',
        gateway: 'stripe',
        expiresAt: new Date(Date.now() + 15 * 60_000),
      })
      .returning({ id: payments.id });
    if (connect !== undefined) {
      await t.app.database.db.insert(paymentAccounts).values({
        userId: booked.provider.id,
        stripeAccountId: 'acct_provider',
        chargesEnabled: connect,
      });
    }
    const request: CheckoutRequest = {
      paymentId: payment!.id,
      appointmentId: booked.appointmentId,
      mode,
      amountCents: mode === 'card_on_file' ? 0 : 2500,
      currency: 'EUR',
      description: 'Haircut with Pat',
      clientUserId: booked.client.id,
      clientEmail: booked.client.email,
      providerUserId: booked.provider.id,
      expiresAt: new Date(Date.now() + 15 * 60_000),
      platformFeeCents: 250,
    };
    return { ...booked, paymentId: payment!.id, request };
  }

  it('opens a Checkout Session for a prepayment, the platform fee going to Slotwise', async () => {
    const { paymentId, request } = await pendingPayment('prepay', true);
    const checkout = await gateway().createCheckout(request);

    const [call] = t.stripe.calls('POST', '/v1/checkout/sessions').slice(-1);
    expect(call!.idempotencyKey).toBe(`checkout-${paymentId}`);
    expect(call!.params).toMatchObject({
      mode: 'payment',
      client_reference_id: paymentId,
      metadata: { payment_id: paymentId },
      success_url: `https://slotwise.test/pay/${paymentId}?checkout=success`,
      cancel_url: `https://slotwise.test/pay/${paymentId}?checkout=cancel`,
      line_items: { 0: { quantity: '1', price_data: { currency: 'eur', unit_amount: '2500' } } },
      payment_intent_data: {
        application_fee_amount: '250',
        transfer_data: { destination: 'acct_provider' },
        metadata: { payment_id: paymentId },
      },
    });
    // Stripe's shortest session is 30 minutes: a 15-minute hold is expired by Slotwise itself.
    expect(Number(call!.params.expires_at) * 1000).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect(checkout).toEqual({
      ref: expect.stringMatching(/^cs_/),
      url: t.stripe.sessions.get(checkout.ref!)!.url,
    });

    // Asked twice (a retry), Stripe answers the same session.
    expect(await gateway().createCheckout(request)).toEqual(checkout);
    expect(t.stripe.sessions.size).toBe(1);
  });

  it('takes no application fee while the provider cannot take charges through Connect', async () => {
    const { request } = await pendingPayment('deposit', false);
    await gateway().createCheckout(request);
    const [call] = t.stripe.calls('POST', '/v1/checkout/sessions').slice(-1);
    expect(call!.params.payment_intent_data).not.toHaveProperty('application_fee_amount');
    expect(call!.params.payment_intent_data).not.toHaveProperty('transfer_data');
  });

  it('keeps a card on file with a setup session of the client’s one Stripe customer', async () => {
    const first = await pendingPayment('card_on_file');
    const checkout = await gateway().createCheckout(first.request);
    const session = t.stripe.sessions.get(checkout.ref!)!;
    expect(session).toMatchObject({ mode: 'setup', currency: 'eur' });
    const [account] = await t.app.database.db
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.userId, first.client.id));
    expect(session.customer).toBe(account!.stripeCustomerId);

    // The same client's next booking reuses the customer.
    const again = await pendingPayment('card_on_file');
    const customersBefore = t.stripe.calls('POST', '/v1/customers').length;
    await gateway().createCheckout({
      ...again.request,
      clientUserId: first.client.id,
      clientEmail: first.client.email,
    });
    expect(t.stripe.calls('POST', '/v1/customers')).toHaveLength(customersBefore);
    const [call] = t.stripe.calls('POST', '/v1/customers');
    expect(call!.idempotencyKey).toBe(`customer-${first.client.id}`);
  });

  it('refunds a paid session once per idempotency key', async () => {
    const { paymentId, request } = await pendingPayment('prepay');
    const { ref } = await gateway().createCheckout(request);
    const paymentIntent = String(t.stripe.complete(ref!).payment_intent);
    const ask = {
      paymentId,
      amountCents: 1250,
      currency: 'EUR',
      idempotencyKey: `refund-${paymentId}`,
    };

    // By the PaymentIntent, or by the Checkout Session it came from.
    const refund = await gateway().refund({ ...ask, gatewayRef: paymentIntent });
    expect(await gateway().refund({ ...ask, gatewayRef: ref })).toEqual(refund);
    const calls = t.stripe.calls('POST', '/v1/refunds');
    expect(calls.map((call) => call.idempotencyKey)).toEqual([
      ask.idempotencyKey,
      ask.idempotencyKey,
    ]);
    expect(calls[0]!.params).toMatchObject({ payment_intent: paymentIntent, amount: '1250' });
    expect([...t.stripe.refunds.values()]).toHaveLength(1);
  });

  it('charges a saved card off-session with the fee’s idempotency key', async () => {
    const { paymentId } = await pendingPayment('card_on_file', true);
    const charge = await gateway().chargeSavedCard({
      paymentId,
      gatewayMethod: 'pm_saved',
      customer: 'cus_saved',
      amountCents: 1500,
      currency: 'EUR',
      idempotencyKey: `fee-${paymentId}`,
    });
    const [call] = t.stripe.calls('POST', '/v1/payment_intents').slice(-1);
    expect(call!.idempotencyKey).toBe(`fee-${paymentId}`);
    expect(call!.params).toMatchObject({
      amount: '1500',
      currency: 'eur',
      payment_method: 'pm_saved',
      customer: 'cus_saved',
      off_session: 'true',
      confirm: 'true',
      application_fee_amount: '150',
      transfer_data: { destination: 'acct_provider' },
    });
    expect(t.stripe.paymentIntents.get(charge.ref)).toMatchObject({ status: 'succeeded' });
  });

  it('expires an open session, and lets one already completed or expired be', async () => {
    const { request } = await pendingPayment('prepay');
    const { ref } = await gateway().createCheckout(request);
    await gateway().cancelCheckout(ref);
    expect(t.stripe.sessions.get(ref!)!.status).toBe('expired');
    await expect(gateway().cancelCheckout(ref)).resolves.toBeUndefined();

    const paid = await pendingPayment('prepay');
    const { ref: paidRef } = await gateway().createCheckout(paid.request);
    t.stripe.complete(paidRef!);
    await expect(gateway().cancelCheckout(paidRef)).resolves.toBeUndefined();
    expect(t.stripe.sessions.get(paidRef!)!.status).toBe('complete');
    await expect(gateway().cancelCheckout(null)).resolves.toBeUndefined();
  });
});
