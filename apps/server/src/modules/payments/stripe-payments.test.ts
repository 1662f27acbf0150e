import { PAYMENT_MESSAGES } from '@slotwise/shared/payments-schemas';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  appointmentEvents,
  appointments,
  jobs,
  ledgerEntries,
  notifications,
  paymentAccounts,
  payments,
  paymentWebhookEvents,
} from '../../db/schema';
import { createClient, type TestUser } from '../../../test/helpers/factories';
import { createPayingProvider, expireDeadline } from '../../../test/helpers/payment-factories';
import { asUser } from '../../../test/helpers/requests';
import { deliverWebhook, stripeEvent, useStripeApp } from '../../../test/helpers/stripe-app';

/**
 * Payments through Stripe (docs/product.md §16, docs/decisions/068-payments.md), the Stripe API
 * being a local fake: a hold opens a Checkout Session; Stripe's signed webhook books it and
 * writes the ledger, once however often it is delivered; a payment after the hold expired is
 * refunded once; refunds and fees of a cancel or no-show are made at Stripe with their keys.
 */
describe('payments through Stripe', () => {
  const t = useStripeApp({ PUBLIC_URL: 'https://slotwise.test' });
  const db = () => t.app.database.db;
  const TIERS = [
    { hoursBefore: 48, percent: 0 },
    { hoursBefore: 24, percent: 50 },
    { hoursBefore: 0, percent: 100 },
  ];

  async function ledgerOf(paymentId: string) {
    return db()
      .select({ kind: ledgerEntries.kind, cents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.paymentId, paymentId))
      .orderBy(ledgerEntries.createdAt, ledgerEntries.kind);
  }
  const sumOf = (rows: { kind: string; cents: number }[], kind: string) =>
    rows.filter((r) => r.kind === kind).reduce((s, r) => s + r.cents, 0);
  const paymentRow = async (id: string) =>
    (await db().select().from(payments).where(eq(payments.id, id)))[0]!;
  const statusOf = async (appointmentId: string) =>
    (await db().select().from(appointments).where(eq(appointments.id, appointmentId)))[0]!.status;
  /** The due jobs now (refunds and fee charges go to Stripe in `payments.movement`). */
  const runJobs = (minutesAhead = 0) =>
    t.app.jobs.runDue(new Date(Date.now() + minutesAhead * 60_000));

  /** A booking of a slot `hours` ahead: the hold, its payment and its Checkout Session. */
  async function hold(client: TestUser, slotId: string) {
    const res = await asUser(t.app, client).post('/api/appointment/booking', {
      timeslotId: slotId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const appointment = res.json().appointment;
    const paymentId = appointment.payment.id as string;
    const session = [...t.stripe.sessions.values()].find(
      (s) => (s.metadata as { payment_id?: string }).payment_id === paymentId,
    );
    expect(session).toBeDefined();
    return { appointment, appointmentId: appointment.id as string, paymentId, session: session! };
  }

  /** The client pays on Stripe's page; Stripe tells Slotwise. */
  async function payOnStripe(sessionId: string, paymentMethod?: string) {
    const session = t.stripe.complete(sessionId, paymentMethod);
    const event = stripeEvent('checkout.session.completed', session);
    const res = await deliverWebhook(t.app, event);
    expect(res.statusCode, res.body).toBe(200);
    return event;
  }

  it('a prepaid booking opens a Checkout Session: the amount, the application fee, its key', async () => {
    const { provider, slot } = await createPayingProvider(t.app, {
      mode: 'prepay',
      priceCents: 4000,
    });
    await db()
      .insert(paymentAccounts)
      .values({ userId: provider.id, stripeAccountId: 'acct_paula', chargesEnabled: true });
    const client = await createClient(t.app);
    const { appointment, paymentId, session } = await hold(client, (await slot(72)).id);

    expect(appointment.status).toBe('pending_payment');
    expect(appointment.payment).toMatchObject({ status: 'pending', checkout_url: session.url });
    const [call] = t.stripe.calls('POST', '/v1/checkout/sessions').slice(-1);
    expect(call!.idempotencyKey).toBe(`checkout-${paymentId}`);
    expect(call!.params).toMatchObject({
      mode: 'payment',
      client_reference_id: paymentId,
      customer_email: client.email,
      line_items: { 0: { price_data: { unit_amount: '4000', currency: 'eur' } } },
      // 5 % (the default platform fee) of 40.00, to the provider's Connect account.
      payment_intent_data: {
        application_fee_amount: '200',
        transfer_data: { destination: 'acct_paula' },
      },
    });
    expect(await paymentRow(paymentId)).toMatchObject({
      gateway: 'stripe',
      gatewayRef: session.id,
      checkoutUrl: session.url,
    });
    // The client's checkout page names Stripe and its address.
    const page = await asUser(t.app, client).get(`/api/payments/${paymentId}`);
    expect(page.json()).toMatchObject({
      provider: 'stripe',
      payment: { checkout_url: session.url },
    });
  });

  it('checkout.session.completed books the hold and writes the ledger, once per payment', async () => {
    const { slot } = await createPayingProvider(t.app, { mode: 'prepay', priceCents: 4000 });
    const client = await createClient(t.app);
    const { appointmentId, paymentId, session } = await hold(client, (await slot(72)).id);

    const event = await payOnStripe(session.id);
    expect(await statusOf(appointmentId)).toBe('booked');
    const paid = await paymentRow(paymentId);
    expect(paid).toMatchObject({ status: 'paid', gatewayRef: session.payment_intent });
    const ledger = await ledgerOf(paymentId);
    expect(ledger).toEqual(
      expect.arrayContaining([
        { kind: 'charge', cents: 4000 },
        { kind: 'platform_fee', cents: -200 },
      ]),
    );

    // The same event again, and another event of the same session: nothing more.
    expect((await deliverWebhook(t.app, event)).statusCode).toBe(200);
    const async = stripeEvent('checkout.session.async_payment_succeeded', session);
    expect((await deliverWebhook(t.app, async)).statusCode).toBe(200);
    expect(await ledgerOf(paymentId)).toEqual(ledger);
    const recorded = await db()
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.eventId, event.id));
    expect(recorded).toHaveLength(1);
    expect(await statusOf(appointmentId)).toBe('booked');
  });

  it('deliveries in flight together: every hold paid once, however often its events arrive', async () => {
    // docs/decisions/081-webhook-throughput.md: the payments of deliveries made at about the same
    // time share one statement; a payment asked twice in it, or by two statements at once, is
    // paid once, and every event is recorded once.
    const { provider, slot } = await createPayingProvider(t.app, {
      mode: 'prepay',
      priceCents: 4000,
    });
    const clients = await Promise.all([1, 2, 3].map(() => createClient(t.app)));
    const holds = [];
    for (const [i, client] of clients.entries())
      holds.push(await hold(client, (await slot(72 + i)).id));
    const sessions = holds.map((h) => t.stripe.complete(h.session.id));
    const completed = sessions.map((s) => stripeEvent('checkout.session.completed', s));
    const async = stripeEvent('checkout.session.async_payment_succeeded', sessions[1]!);
    const deliveries = [
      ...[completed[0]!, completed[0]!, completed[0]!, completed[0]!],
      ...[completed[1]!, async, completed[1]!],
      completed[2]!,
    ];
    const answers = await Promise.all(deliveries.map((event) => deliverWebhook(t.app, event)));
    expect(answers.map((res) => res.statusCode)).toEqual(deliveries.map(() => 200));

    for (const { appointmentId, paymentId } of holds) {
      expect(await statusOf(appointmentId)).toBe('booked');
      expect((await paymentRow(paymentId)).status).toBe('paid');
      expect(await ledgerOf(paymentId)).toEqual(
        expect.arrayContaining([
          { kind: 'charge', cents: 4000 },
          { kind: 'platform_fee', cents: -200 },
        ]),
      );
      expect(await ledgerOf(paymentId)).toHaveLength(2);
      const told = await db()
        .select()
        .from(notifications)
        .where(eq(notifications.appointmentId, appointmentId));
      expect(told).toMatchObject([{ userId: provider.id, type: 'new' }]);
      const booked = await db()
        .select()
        .from(appointmentEvents)
        .where(eq(appointmentEvents.appointmentId, appointmentId));
      expect(booked.map((e) => e.type)).toEqual(['booked']);
      const queued = await db()
        .select({ kind: jobs.kind, status: jobs.status })
        .from(jobs)
        .where(
          sql`${jobs.payload}->>'paymentId' = ${paymentId} or ${jobs.payload}->>'appointmentId' = ${appointmentId}`,
        );
      const count = (kind: string, status?: string) =>
        queued.filter((j) => j.kind === kind && (!status || j.status === status)).length;
      expect(count('payments.receipt')).toBe(1);
      expect(count('payments.expire-hold', 'canceled')).toBe(1);
      // The booking mail to both parties, once.
      expect(count('email.appointment-change')).toBe(2);
    }
    const recorded = await db()
      .select({ id: paymentWebhookEvents.eventId })
      .from(paymentWebhookEvents)
      .where(
        inArray(
          paymentWebhookEvents.eventId,
          [...completed, async].map((e) => e.id),
        ),
      );
    expect(recorded).toHaveLength(4);
  });

  it('a hold whose appointment is no longer held is not paid: nothing is written', async () => {
    const { slot } = await createPayingProvider(t.app, { mode: 'prepay', priceCents: 4000 });
    const client = await createClient(t.app);
    const { appointmentId, paymentId, session } = await hold(client, (await slot(72)).id);
    // Not a state the product makes: the payment pending, its appointment no longer held.
    await db()
      .update(appointments)
      .set({ status: 'canceled' })
      .where(eq(appointments.id, appointmentId));
    const event = await payOnStripe(session.id);
    expect((await paymentRow(paymentId)).status).toBe('pending');
    expect(await ledgerOf(paymentId)).toEqual([]);
    expect(await statusOf(appointmentId)).toBe('canceled');
    const recorded = await db()
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.eventId, event.id));
    expect(recorded).toHaveLength(1);
  });

  it('a badly signed completion is refused and the hold stays unpaid', async () => {
    const { slot } = await createPayingProvider(t.app, { mode: 'prepay', priceCents: 4000 });
    const client = await createClient(t.app);
    const { appointmentId, paymentId, session } = await hold(client, (await slot(72)).id);
    const event = stripeEvent('checkout.session.completed', t.stripe.complete(session.id));
    const res = await deliverWebhook(t.app, event, { secret: 'whsec_not_ours' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: PAYMENT_MESSAGES.webhookSignatureInvalid,
      error: PAYMENT_MESSAGES.webhookSignatureInvalid,
      code: 'BAD_REQUEST',
    });
    expect(await statusOf(appointmentId)).toBe('pending_payment');
    expect((await paymentRow(paymentId)).status).toBe('pending');
    expect(await ledgerOf(paymentId)).toEqual([]);
  });

  it('paid after the hold expired: the slot stays released, the money is refunded once', async () => {
    const { slot } = await createPayingProvider(t.app, { mode: 'prepay', priceCents: 4000 });
    const client = await createClient(t.app);
    const { appointmentId, paymentId, session } = await hold(client, (await slot(72)).id);
    await expireDeadline(t.app, paymentId);
    await runJobs(11);
    expect(await statusOf(appointmentId)).toBe('expired');
    // The expiry ended the session at Stripe…
    expect(t.stripe.calls('POST', `/v1/checkout/sessions/${session.id}/expire`)).toHaveLength(1);

    // …but the client had paid just before: Stripe's event arrives after.
    const event = await payOnStripe(session.id);
    await runJobs();
    expect(await statusOf(appointmentId)).toBe('expired');
    expect(await paymentRow(paymentId)).toMatchObject({
      status: 'expired',
      refundedCents: 4000,
      settledAs: 'late',
    });
    const refunds = t.stripe.calls('POST', '/v1/refunds');
    const ours = refunds.filter((r) => r.params.payment_intent === session.payment_intent);
    expect(ours).toHaveLength(1);
    expect(ours[0]!.params).toMatchObject({ amount: '4000' });
    expect(ours[0]!.idempotencyKey).toBe(`refund:${paymentId}:late`);

    // Delivered again: no second refund.
    await deliverWebhook(t.app, event);
    await deliverWebhook(t.app, stripeEvent('checkout.session.completed', session));
    await runJobs();
    expect(
      t.stripe
        .calls('POST', '/v1/refunds')
        .filter((r) => r.params.payment_intent === session.payment_intent),
    ).toHaveLength(1);
    const ledger = await ledgerOf(paymentId);
    expect(sumOf(ledger, 'charge')).toBe(4000);
    expect(sumOf(ledger, 'refund')).toBe(-4000);
  });

  it('a cancel inside the 50 % window refunds half at Stripe, with the movement’s key', async () => {
    const { slot } = await createPayingProvider(t.app, {
      mode: 'prepay',
      priceCents: 4000,
      tiers: TIERS,
    });
    const client = await createClient(t.app);
    const { appointmentId, paymentId, session } = await hold(client, (await slot(30)).id);
    await payOnStripe(session.id);

    const canceled = await asUser(t.app, client).patch(
      `/api/appointment/cancel/${appointmentId}`,
      {},
    );
    expect(canceled.statusCode, canceled.body).toBe(200);
    await runJobs();
    const refunds = t.stripe
      .calls('POST', '/v1/refunds')
      .filter((r) => r.params.payment_intent === session.payment_intent);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.params).toMatchObject({ amount: '2000' });
    expect(refunds[0]!.idempotencyKey).toEqual(expect.any(String));
    const ledger = await ledgerOf(paymentId);
    expect(sumOf(ledger, 'refund')).toBe(-2000);
    // The job again (a retry) neither refunds nor records twice.
    await runJobs();
    expect(
      t.stripe
        .calls('POST', '/v1/refunds')
        .filter((r) => r.params.payment_intent === session.payment_intent),
    ).toHaveLength(1);
    expect(await ledgerOf(paymentId)).toEqual(ledger);
  });

  it('card on file: the setup session saves the card; a no-show charges it off-session', async () => {
    const { provider, slot } = await createPayingProvider(t.app, {
      mode: 'card_on_file',
      priceCents: 5000,
      noShowFeePercent: 100,
    });
    const client = await createClient(t.app);
    const { appointmentId, paymentId, session } = await hold(client, (await slot(1)).id);
    expect(session).toMatchObject({ mode: 'setup', currency: 'eur' });
    const [account] = await db()
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.userId, client.id));
    expect(session.customer).toBe(account!.stripeCustomerId);

    await payOnStripe(session.id, 'pm_card_visa');
    expect(await statusOf(appointmentId)).toBe('booked');
    expect(await paymentRow(paymentId)).toMatchObject({
      status: 'paid',
      gatewayMethod: 'pm_card_visa',
    });
    expect(await ledgerOf(paymentId)).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ kind: 'charge' })]),
    );

    // The appointment started a minute ago, and the client did not come.
    await db()
      .update(appointments)
      .set({ startsAt: new Date(Date.now() - 60_000), endsAt: new Date(Date.now() + 29 * 60_000) })
      .where(eq(appointments.id, appointmentId));
    const marked = await asUser(t.app, provider).patch(
      `/api/appointment/provider/no-show/${appointmentId}`,
      {},
    );
    expect(marked.statusCode, marked.body).toBe(200);
    await runJobs();
    await runJobs();
    const charges = t.stripe
      .calls('POST', '/v1/payment_intents')
      .filter((c) => c.params.payment_method === 'pm_card_visa');
    expect(charges).toHaveLength(1);
    expect(charges[0]!.params).toMatchObject({
      amount: '5000',
      currency: 'eur',
      customer: account!.stripeCustomerId,
      off_session: 'true',
      confirm: 'true',
    });
    expect(charges[0]!.idempotencyKey).toEqual(expect.any(String));
    expect(sumOf(await ledgerOf(paymentId), 'fee')).toBe(5000);
  });
});
