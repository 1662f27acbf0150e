import { PAYMENT_MESSAGES, TEST_CARDS } from '@slotwise/shared/payments-schemas';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  appointmentEvents,
  appointments,
  jobs,
  ledgerEntries,
  notifications,
  payments,
  timeslots,
} from '../../db/schema';
import { useTestApp } from '../../../test/helpers/app';
import { createClient, type TestUser } from '../../../test/helpers/factories';
import { createPayingProvider, expireDeadline } from '../../../test/helpers/payment-factories';
import { asUser } from '../../../test/helpers/requests';

/**
 * Payments with the embedded test provider (docs/decisions/068-payments.md): a booking of a
 * service that takes money holds its seat until paid; paid → booked and told; unpaid → expired
 * and free; cancel and no-show apply exactly the quoted amounts, once; every movement is a
 * ledger row. Runs on PGlite and, in CI, on PostgreSQL.
 */
describe('payments', () => {
  const t = useTestApp();
  const db = () => t.app.database.db;
  const TIERS = [
    { hoursBefore: 48, percent: 0 },
    { hoursBefore: 24, percent: 50 },
    { hoursBefore: 0, percent: 100 },
  ];

  const book = (client: TestUser, timeslotId: string) =>
    asUser(t.app, client).post('/api/appointment/booking', { timeslotId });
  const pay = (client: TestUser, paymentId: string, cardNumber: string = TEST_CARDS.success) =>
    asUser(t.app, client).post(`/api/payments/${paymentId}/test-checkout`, { cardNumber });

  async function ledgerOf(paymentId: string) {
    const rows = await db()
      .select({ kind: ledgerEntries.kind, cents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.paymentId, paymentId))
      .orderBy(ledgerEntries.createdAt, ledgerEntries.kind);
    return rows;
  }
  const sumOf = (rows: { kind: string; cents: number }[], kind: string) =>
    rows.filter((r) => r.kind === kind).reduce((s, r) => s + r.cents, 0);

  async function bookAndPay(client: TestUser, slotId: string) {
    const booked = await book(client, slotId);
    expect(booked.statusCode).toBe(201);
    const paymentId = booked.json().appointment.payment.id as string;
    const paid = await pay(client, paymentId);
    expect(paid.statusCode, paid.body).toBe(200);
    return { appointmentId: booked.json().appointment.id as string, paymentId };
  }

  it('prepay: booking holds the seat as pending_payment, tells nobody, answers the payment', async () => {
    const { provider, slot } = await createPayingProvider(t.app, {
      mode: 'prepay',
      priceCents: 4500,
      tiers: TIERS,
    });
    const s = await slot(72);
    const client = await createClient(t.app);
    const res = await book(client, s.id);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(PAYMENT_MESSAGES.awaitingPayment);
    expect(body.appointment.status).toBe('pending_payment');
    const payment = body.appointment.payment;
    expect(payment).toMatchObject({
      status: 'pending',
      mode: 'prepay',
      amount_cents: 4500,
      price_cents: 4500,
      refunded_cents: 0,
      fee_cents: 0,
      currency: 'EUR',
      checkout_url: `/pay/${payment.id}`,
      cancellation_fees: TIERS,
      no_show_fee_percent: 0,
    });
    const holdMs = Date.parse(payment.expires_at) - Date.now();
    expect(holdMs).toBeGreaterThan(9 * 60_000);
    expect(holdMs).toBeLessThanOrEqual(10 * 60_000);
    // The seat is taken for others; no event, no notification, no booking mail yet.
    const [row] = await db().select().from(timeslots).where(eq(timeslots.id, s.id));
    expect(row!.isBooked).toBe(true);
    const other = await book(await createClient(t.app), s.id);
    expect(other.json().code).toBe('SLOT_TAKEN');
    const id = body.appointment.id as string;
    expect(
      await db().select().from(appointmentEvents).where(eq(appointmentEvents.appointmentId, id)),
    ).toEqual([]);
    expect(
      await db().select().from(notifications).where(eq(notifications.appointmentId, id)),
    ).toEqual([]);
    const queued = await db()
      .select({ kind: jobs.kind })
      .from(jobs)
      .where(eq(jobs.key, `payment-expiry:${payment.id}`));
    expect(queued).toEqual([{ kind: 'payments.expire-hold' }]);
    // The provider sees the hold as awaiting payment.
    const list = await asUser(t.app, provider).get('/api/appointment/provider/view');
    expect(list.json().appointments[0]).toMatchObject({
      status: 'pending_payment',
      payment: { status: 'pending' },
    });
  });

  it('the decline card → 402 CARD_DECLINED and the hold stays; the good card → booked, told, ledger', async () => {
    const { provider, slot } = await createPayingProvider(t.app, {
      mode: 'prepay',
      priceCents: 4500,
    });
    const s = await slot(72);
    const client = await createClient(t.app);
    const booked = await book(client, s.id);
    const paymentId = booked.json().appointment.payment.id as string;
    const declined = await pay(client, paymentId, TEST_CARDS.decline);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({
      code: 'CARD_DECLINED',
      message: PAYMENT_MESSAGES.cardDeclined,
    });
    const [held] = await db()
      .select()
      .from(appointments)
      .where(eq(appointments.id, booked.json().appointment.id));
    expect(held!.status).toBe('pending_payment');
    const invalid = await pay(client, paymentId, '12');
    expect(invalid.statusCode).toBe(400);
    const paid = await pay(client, paymentId, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      message: PAYMENT_MESSAGES.paid,
      payment: { status: 'paid', amount_cents: 4500 },
    });
    const [now] = await db().select().from(appointments).where(eq(appointments.id, held!.id));
    expect(now!.status).toBe('booked');
    const told = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.appointmentId, held!.id));
    expect(told.map((n) => n.userId)).toEqual([provider.id]);
    const events = await db()
      .select()
      .from(appointmentEvents)
      .where(eq(appointmentEvents.appointmentId, held!.id));
    expect(events.map((e) => e.type)).toEqual(['booked']);
    // 5 % platform fee (the default) of 45.00 = 2.25.
    expect(await ledgerOf(paymentId)).toEqual(
      expect.arrayContaining([
        { kind: 'charge', cents: 4500 },
        { kind: 'platform_fee', cents: -225 },
      ]),
    );
    const again = await pay(client, paymentId);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_PAID');
    expect(await ledgerOf(paymentId)).toHaveLength(2);
    // The expiry job, when it comes, leaves a paid hold alone.
    await t.app.jobs.runDue(new Date(Date.now() + 11 * 60_000));
    const [still] = await db().select().from(appointments).where(eq(appointments.id, held!.id));
    expect(still!.status).toBe('booked');
  });

  it('only the client of a payment can see or pay it (others: 404)', async () => {
    const { provider, slot } = await createPayingProvider(t.app, { mode: 'prepay' });
    const s = await slot(72);
    const client = await createClient(t.app);
    const paymentId = (await book(client, s.id)).json().appointment.payment.id as string;
    const stranger = await createClient(t.app);
    expect((await asUser(t.app, stranger).get(`/api/payments/${paymentId}`)).statusCode).toBe(404);
    expect((await pay(stranger, paymentId)).statusCode).toBe(404);
    expect((await asUser(t.app, provider).get(`/api/payments/${paymentId}`)).statusCode).toBe(403);
    const own = await asUser(t.app, client).get(`/api/payments/${paymentId}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      provider: 'test',
      payment: { id: paymentId },
      appointment: { service_name: 'Colour' },
    });
  });

  it('unpaid by the deadline → expired, the slot free again and bookable; paying then → 409', async () => {
    const { slot } = await createPayingProvider(t.app, {
      mode: 'deposit',
      priceCents: 6000,
      depositCents: 1500,
    });
    const s = await slot(72);
    const client = await createClient(t.app);
    const booked = await book(client, s.id);
    const payment = booked.json().appointment.payment;
    expect(payment).toMatchObject({ mode: 'deposit', amount_cents: 1500, price_cents: 6000 });
    await expireDeadline(t.app, payment.id);
    await t.app.jobs.runDue(new Date(Date.now() + 11 * 60_000));
    const [row] = await db()
      .select()
      .from(appointments)
      .where(eq(appointments.id, booked.json().appointment.id));
    expect(row!.status).toBe('expired');
    const [p] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(p!.status).toBe('expired');
    const [free] = await db().select().from(timeslots).where(eq(timeslots.id, s.id));
    expect(free).toMatchObject({ isBooked: false, seatsTaken: 0 });
    const late = await pay(client, payment.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('PAYMENT_EXPIRED');
    expect(await ledgerOf(payment.id)).toEqual([]);
    // The same client can book the freed slot again.
    const again = await book(client, s.id);
    expect(again.statusCode).toBe(201);
  });

  it('paying a hold whose deadline passed before the job ran → 409 PAYMENT_EXPIRED, slot freed', async () => {
    const { slot } = await createPayingProvider(t.app, { mode: 'prepay' });
    const s = await slot(72);
    const client = await createClient(t.app);
    const payment = (await book(client, s.id)).json().appointment.payment;
    await expireDeadline(t.app, payment.id);
    const res = await pay(client, payment.id);
    expect(res.json().code).toBe('PAYMENT_EXPIRED');
    const [free] = await db().select().from(timeslots).where(eq(timeslots.id, s.id));
    expect(free!.isBooked).toBe(false);
  });

  describe('cancel tiers (prepay 999 cents, tiers ≥48 h 0 %, ≥24 h 50 %, else 100 %)', () => {
    const cases = [
      { hours: 72, percent: 0, fee: 0, refund: 999 },
      // 50 % of 999 is 499.5: the fee rounds down (in the client's favour).
      { hours: 30, percent: 50, fee: 499, refund: 500 },
      { hours: 5, percent: 100, fee: 999, refund: 0 },
    ];
    for (const c of cases) {
      it(`${c.hours} h before: quote and cancel keep ${c.fee}, refund ${c.refund}`, async () => {
        const { slot } = await createPayingProvider(t.app, {
          mode: 'prepay',
          priceCents: 999,
          tiers: TIERS,
        });
        const s = await slot(c.hours);
        const client = await createClient(t.app);
        const { appointmentId, paymentId } = await bookAndPay(client, s.id);
        const quote = await asUser(t.app, client).get(
          `/api/appointment/${appointmentId}/cancel-quote`,
        );
        expect(quote.json()).toMatchObject({
          fee_cents: c.fee,
          refund_cents: c.refund,
          charge_cents: 0,
          percent: c.percent,
          currency: 'EUR',
        });
        const canceled = await asUser(t.app, client).patch(
          `/api/appointment/cancel/${appointmentId}`,
          {},
        );
        expect(canceled.statusCode).toBe(200);
        expect(canceled.json().appointment.payment).toMatchObject({
          refunded_cents: c.refund,
          fee_cents: c.fee,
        });
        const ledger = await ledgerOf(paymentId);
        expect(sumOf(ledger, 'charge')).toBe(999);
        expect(Math.abs(sumOf(ledger, 'refund'))).toBe(c.refund);
        // The platform's share (5 % of 999 = 49) goes back in proportion to the refund.
        expect(sumOf(ledger, 'platform_fee')).toBe(-49 + Math.floor((49 * c.refund) / 999));
        // Asking again changes nothing.
        const twice = await asUser(t.app, client).patch(
          `/api/appointment/cancel/${appointmentId}`,
          {},
        );
        expect(twice.statusCode).toBe(409);
        expect(await ledgerOf(paymentId)).toEqual(ledger);
      });
    }
  });

  it('deposit: a late cancel keeps at most the deposit; the provider cancelling refunds it all', async () => {
    const { provider, slot } = await createPayingProvider(t.app, {
      mode: 'deposit',
      priceCents: 8000,
      depositCents: 2000,
      tiers: TIERS,
    });
    const client = await createClient(t.app);
    const late = await bookAndPay(client, (await slot(30)).id);
    const canceled = await asUser(t.app, client).patch(
      `/api/appointment/cancel/${late.appointmentId}`,
      {},
    );
    // 50 % of 80.00 is 40.00, but only the 20.00 deposit was paid: kept, nothing refunded.
    expect(canceled.json().appointment.payment).toMatchObject({
      fee_cents: 2000,
      refunded_cents: 0,
    });
    const byProvider = await bookAndPay(client, (await slot(5)).id);
    const quote = await asUser(t.app, provider).get(
      `/api/appointment/${byProvider.appointmentId}/cancel-quote`,
    );
    expect(quote.json()).toMatchObject({ fee_cents: 0, refund_cents: 2000 });
    const res = await asUser(t.app, provider).patch(
      `/api/appointment/provider/cancel/${byProvider.appointmentId}`,
      {},
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().appointment.payment).toMatchObject({ fee_cents: 0, refunded_cents: 2000 });
    expect(sumOf(await ledgerOf(byProvider.paymentId), 'refund')).toBe(-2000);
  });

  it('card on file: nothing charged at booking; a late cancel charges the fee to the card', async () => {
    const { slot } = await createPayingProvider(t.app, {
      mode: 'card_on_file',
      priceCents: 3333,
      tiers: TIERS,
    });
    const client = await createClient(t.app);
    const booked = await book(client, (await slot(30)).id);
    const paymentId = booked.json().appointment.payment.id as string;
    expect(booked.json().appointment.payment).toMatchObject({
      mode: 'card_on_file',
      amount_cents: 0,
    });
    const saved = await pay(client, paymentId);
    expect(saved.json().message).toBe(PAYMENT_MESSAGES.cardSaved);
    expect(await ledgerOf(paymentId)).toEqual([]);
    const id = booked.json().appointment.id as string;
    const quote = await asUser(t.app, client).get(`/api/appointment/${id}/cancel-quote`);
    // 50 % of 33.33 = 16.665 → 16.66.
    expect(quote.json()).toMatchObject({ fee_cents: 1666, refund_cents: 0, charge_cents: 1666 });
    expect(quote.json().text).toContain('card on file');
    await asUser(t.app, client).patch(`/api/appointment/cancel/${id}`, {});
    const ledger = await ledgerOf(paymentId);
    expect(sumOf(ledger, 'fee')).toBe(1666);
    expect(sumOf(ledger, 'platform_fee')).toBe(-83);
  });

  it('no-show: the fee applies once, however often it is asked', async () => {
    const { provider, slot } = await createPayingProvider(t.app, {
      mode: 'card_on_file',
      priceCents: 5000,
      noShowFeePercent: 100,
    });
    const client = await createClient(t.app);
    const { appointmentId, paymentId } = await bookAndPay(client, (await slot(1)).id);
    // The appointment started a minute ago.
    await db()
      .update(appointments)
      .set({ startsAt: new Date(Date.now() - 60_000), endsAt: new Date(Date.now() + 29 * 60_000) })
      .where(eq(appointments.id, appointmentId));
    const marks = await Promise.all(
      [1, 2, 3].map(() =>
        asUser(t.app, provider).patch(`/api/appointment/provider/no-show/${appointmentId}`, {}),
      ),
    );
    expect(marks.map((m) => m.statusCode).sort()).toEqual([200, 409, 409]);
    const ok = marks.find((m) => m.statusCode === 200)!;
    expect(ok.json().appointment.payment).toMatchObject({ fee_cents: 5000 });
    expect(sumOf(await ledgerOf(paymentId), 'fee')).toBe(5000);
  });

  it('no-show of a prepayment keeps the no-show fee and refunds the rest', async () => {
    const { provider, slot } = await createPayingProvider(t.app, {
      mode: 'prepay',
      priceCents: 999,
      noShowFeePercent: 50,
    });
    const client = await createClient(t.app);
    const { appointmentId, paymentId } = await bookAndPay(client, (await slot(1)).id);
    await db()
      .update(appointments)
      .set({ startsAt: new Date(Date.now() - 60_000) })
      .where(eq(appointments.id, appointmentId));
    const res = await asUser(t.app, provider).patch(
      `/api/appointment/provider/no-show/${appointmentId}`,
      {},
    );
    expect(res.json().appointment.payment).toMatchObject({ fee_cents: 499, refunded_cents: 500 });
    expect(sumOf(await ledgerOf(paymentId), 'refund')).toBe(-500);
  });

  it('a race: two clients and the expiry job on one held slot → one outcome, no lost money', async () => {
    const { slot } = await createPayingProvider(t.app, { mode: 'prepay', priceCents: 2000 });
    const s = await slot(72);
    const [a, b] = await Promise.all([createClient(t.app), createClient(t.app)]);
    const held = await book(a, s.id);
    const paymentId = held.json().appointment.payment.id as string;
    await expireDeadline(t.app, paymentId);
    // The deadline has passed: A pays, B books, the job expires, all at once.
    const [paid, other] = await Promise.all([
      pay(a, paymentId),
      book(b, s.id),
      t.app.jobs.runDue(new Date(Date.now() + 11 * 60_000)),
    ]);
    expect(paid.statusCode).toBe(409);
    const [p] = await db().select().from(payments).where(eq(payments.id, paymentId));
    expect(p!.status).toBe('expired');
    // No money moved for A; B either got the freed slot or was told it was still held.
    expect(await ledgerOf(paymentId)).toEqual([]);
    expect([201, 409]).toContain(other.statusCode);
    const [slotRow] = await db().select().from(timeslots).where(eq(timeslots.id, s.id));
    const active = await db()
      .select({ status: appointments.status })
      .from(appointments)
      .where(eq(appointments.timeslotId, s.id));
    const holding = active.filter((x) => x.status === 'booked' || x.status === 'pending_payment');
    expect(holding.length).toBe(slotRow!.seatsTaken);
  });

  it('earnings agree with the ledger: gross, refunds, platform fees, net, cancellation fees', async () => {
    const { provider, slot } = await createPayingProvider(t.app, {
      mode: 'prepay',
      priceCents: 1000,
      tiers: TIERS,
    });
    const client = await createClient(t.app);
    await bookAndPay(client, (await slot(72)).id);
    const second = await bookAndPay(client, (await slot(30)).id);
    await asUser(t.app, client).patch(`/api/appointment/cancel/${second.appointmentId}`, {});
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const res = await asUser(t.app, provider).get(
      `/api/payments/earnings?from=${from}&to=${to}&group=month`,
    );
    expect(res.statusCode).toBe(200);
    // 2 × 10.00 in, 5.00 back; platform 2 × 0.50 − 0.25 back.
    expect(res.json()).toMatchObject({
      gross_cents: 2000,
      refunds_cents: 500,
      fees_cents: 75,
      net_cents: 1425,
      cancellation_fees_cents: 500,
      currency: 'EUR',
    });
    expect(res.json().periods).toHaveLength(1);
    expect(res.json().periods[0].start.slice(0, 7)).toBe(today.slice(0, 7));
    const csv = await asUser(t.app, provider).get(
      `/api/payments/earnings.csv?from=${from}&to=${to}`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('date,kind,amount_cents,currency,appointment_id,payment_id');
    expect(lines.slice(1).reduce((sum, line) => sum + Number(line.split(',')[2]), 0)).toBe(1425);
    // A client cannot read earnings.
    expect(
      (await asUser(t.app, client).get(`/api/payments/earnings?from=${from}&to=${to}`)).statusCode,
    ).toBe(403);
  });

  it('services validate payment terms; the ledger refuses changes', async () => {
    const { provider } = await createPayingProvider(t.app, { mode: 'none' });
    const as = asUser(t.app, provider);
    const noDeposit = await as.post('/api/services', {
      name: 'A',
      duration_minutes: 30,
      price_cents: 1000,
      currency: 'EUR',
      payment_mode: 'deposit',
    });
    expect(noDeposit.statusCode).toBe(400);
    expect(noDeposit.json().fieldErrors.deposit_cents).toBe(PAYMENT_MESSAGES.depositInvalid);
    const tooBig = await as.post('/api/services', {
      name: 'A',
      duration_minutes: 30,
      price_cents: 1000,
      currency: 'EUR',
      payment_mode: 'deposit',
      deposit_cents: 1001,
    });
    expect(tooBig.statusCode).toBe(400);
    const free = await as.post('/api/services', {
      name: 'A',
      duration_minutes: 30,
      price_cents: 0,
      currency: 'EUR',
      payment_mode: 'prepay',
    });
    expect(free.statusCode).toBe(400);
    const tiers = await as.put('/api/provider/policy', {
      minNoticeMinutes: 0,
      maxAdvanceDays: 90,
      bufferMinutes: 0,
      maxPerDay: null,
      cancelCutoffMinutes: 0,
      cancellationFees: [
        { hoursBefore: 24, percent: 50 },
        { hoursBefore: 24, percent: 10 },
      ],
    });
    expect(tiers.statusCode).toBe(400);
    const { slot } = await createPayingProvider(t.app, { mode: 'prepay' });
    const client = await createClient(t.app);
    const { paymentId } = await bookAndPay(client, (await slot(72)).id);
    await expect(
      db()
        .update(ledgerEntries)
        .set({ amountCents: 1 })
        .where(eq(ledgerEntries.paymentId, paymentId)),
    ).rejects.toThrow();
    await expect(
      db().delete(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId)),
    ).rejects.toThrow();
  });
});
