import { TEST_CARDS } from '@slotwise/shared/payments-schemas';
import { addDays, todayIn } from '@slotwise/shared/dates';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { appointments, waitlistOffers } from '../../db/schema';
import { useTestApp } from '../../../test/helpers/app';
import { createSlot, insertSlot } from '../../../test/helpers/booking-factories';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { createPayingProvider, expireDeadline } from '../../../test/helpers/payment-factories';
import { asUser } from '../../../test/helpers/requests';
import { OFFER_NEW_SLOTS_JOB } from '../../jobs/job-payloads';
import { enqueueJobs } from '../../jobs/job-queue';
import { windowInstants } from './entries';

/**
 * The waitlist's rules with time zones, money and a rush (docs/decisions/069-waitlist.md):
 * windows fixed from the provider's zone across DST days; a freed seat of a paying service and an
 * unpaid hold; 50 simultaneous attempts on an offered slot. PGlite here, PostgreSQL in CI.
 */
describe('waitlist rules', () => {
  const t = useTestApp();
  const db = () => t.app.database.db;
  const join = (client: TestUser, body: object) =>
    asUser(t.app, client).post('/api/waitlist', body);
  const openOffer = async (client: TestUser) => {
    const res = await asUser(t.app, client).get('/api/waitlist/offers');
    return (res.json().offers as { id: string; status: string; timeslot_id: string }[]).find(
      (offer) => offer.status === 'offered',
    );
  };

  it('windows are the provider wall clock: a DST day is 23 or 25 hours (New York, Auckland)', async () => {
    const whole = (date: string) => ({ date, from: '00:00', to: '24:00' });
    const hours = (row: { starts_at: string; ends_at: string }) =>
      (Date.parse(row.ends_at) - Date.parse(row.starts_at)) / 3_600_000;
    const ny = await windowInstants(db(), 'America/New_York', [
      whole('2027-03-14'), // spring forward
      whole('2027-11-07'), // fall back
      whole('2027-03-15'),
      { date: '2027-03-14', from: '01:30', to: '03:30' }, // across the missing hour
    ]);
    expect(ny.map(hours)).toEqual([23, 25, 24, 1]);
    expect(ny[0]).toMatchObject({
      starts_at: '2027-03-14T05:00:00.000Z',
      ends_at: '2027-03-15T04:00:00.000Z',
    });
    const auckland = await windowInstants(db(), 'Pacific/Auckland', [
      whole('2027-04-04'), // DST ends: 25 hours
      whole('2027-09-26'), // DST starts: 23 hours
      { date: '2027-04-04', from: '09:00', to: '12:00' },
    ]);
    expect(auckland.map(hours)).toEqual([25, 23, 3]);
    // 09:00 in Auckland on 4 April 2027 is after the change back to NZST (UTC+12).
    expect(auckland[2]).toMatchObject({ starts_at: '2027-04-03T21:00:00.000Z' });
  });

  it('an Auckland provider: a slot inside the window (its wall clock) is offered, one outside is not', async () => {
    const zone = 'Pacific/Auckland';
    const provider = await createProvider(t.app, { timezone: zone });
    const day = addDays(todayIn(zone), 2);
    const slotAt = async (from: string, to: string) => {
      const [row] = await queryRows<{ s: string | Date; e: string | Date }>(
        db(),
        sql`select ((${day}::date + ${from}::time) at time zone ${zone}) as s,
                   ((${day}::date + ${to}::time) at time zone ${zone}) as e`,
      );
      return insertSlot(t.app, {
        providerId: provider.providerId!,
        start: { day, time: `${from}:00` },
        end: { time: `${to}:00` },
        startsAt: new Date(row!.s),
        endsAt: new Date(row!.e),
        type: 'Consultation',
        isBooked: true,
        seatsTaken: 1,
      });
    };
    const inside = await slotAt('10:00', '10:30');
    const outside = await slotAt('12:00', '12:30');
    const waiter = await createClient(t.app); // the test process runs in New York
    expect(
      (
        await join(waiter, {
          providerId: provider.providerId,
          windows: [{ date: day, from: '09:00', to: '12:00' }],
        })
      ).statusCode,
    ).toBe(201);
    // Both slots free up (written straight: their bookings are not what this test is about).
    await db().execute(
      sql`update timeslots set is_booked = false, seats_taken = 0 where id in (${inside.id}, ${outside.id})`,
    );
    await enqueueJobs(db(), [
      { kind: OFFER_NEW_SLOTS_JOB, payload: { timeslotIds: [inside.id, outside.id] } },
    ]);
    await t.app.jobs.runDue();
    const offer = await openOffer(waiter);
    expect(offer?.timeslot_id).toBe(inside.id);
  });

  it('a paying service: accepting holds for payment; an unpaid hold that runs out is offered on', async () => {
    const { provider, slot } = await createPayingProvider(t.app, {
      mode: 'prepay',
      priceCents: 3000,
      tiers: [],
    });
    const s = await slot(30);
    const a = await createClient(t.app);
    const held = await asUser(t.app, a).post('/api/appointment/booking', { timeslotId: s.id });
    expect(held.statusCode, held.body).toBe(201);
    const paymentId = held.json().appointment.payment.id as string;
    const b = await createClient(t.app);
    expect(
      (await join(b, { providerId: provider.providerId, windows: [{ date: s.day }] })).statusCode,
    ).toBe(201);
    // A never pays: the hold runs out, and the seat goes to B, not back to the public.
    await expireDeadline(t.app, paymentId);
    await t.app.jobs.runDue(new Date(Date.now() + 11 * 60_000));
    const offer = await openOffer(b);
    expect(offer?.timeslot_id).toBe(s.id);
    const c = await createClient(t.app);
    const refused = await asUser(t.app, c).post('/api/appointment/booking', { timeslotId: s.id });
    expect(refused.json().code).toBe('SLOT_HELD');
    const accepted = await asUser(t.app, b).post(`/api/waitlist/offers/${offer!.id}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().appointment.status).toBe('pending_payment');
    const paid = await asUser(t.app, b).post(
      `/api/payments/${accepted.json().appointment.payment.id}/test-checkout`,
      { cardNumber: TEST_CARDS.success },
    );
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it('50 at once on an offered slot (its client accepting, 49 others booking): one booking, the offeree', async () => {
    const provider = await createProvider(t.app);
    const s = await createSlot(t.app, provider.providerId!, { startsInMinutes: 28 * 60 });
    const a = await createClient(t.app);
    const booked = await asUser(t.app, a).post('/api/appointment/booking', { timeslotId: s.id });
    const offeree = await createClient(t.app);
    await join(offeree, { providerId: provider.providerId, windows: [{ date: s.day }] });
    await asUser(t.app, a).patch(
      `/api/appointment/cancel/${booked.json().appointment.appointment_id}`,
      {},
    );
    const offer = await openOffer(offeree);
    expect(offer).toBeDefined();
    const others = await Promise.all(Array.from({ length: 49 }, () => createClient(t.app)));
    const answers = await Promise.all([
      asUser(t.app, offeree).post(`/api/waitlist/offers/${offer!.id}/accept`, {}),
      ...others.map((client) =>
        asUser(t.app, client).post('/api/appointment/booking', { timeslotId: s.id }),
      ),
    ]);
    expect(answers[0]!.statusCode, answers[0]!.body).toBe(201);
    // Held while the offer is open, taken once its client booked it: never anyone else's.
    for (const res of answers.slice(1)) {
      expect(res.statusCode).toBe(409);
      expect(['SLOT_HELD', 'SLOT_TAKEN']).toContain(res.json().code);
    }
    const seats = await db()
      .select({ clientId: appointments.clientId })
      .from(appointments)
      .where(and(eq(appointments.timeslotId, s.id), eq(appointments.status, 'booked')));
    expect(seats).toEqual([{ clientId: offeree.id }]);
    const [row] = await db()
      .select({ status: waitlistOffers.status })
      .from(waitlistOffers)
      .where(eq(waitlistOffers.id, offer!.id));
    expect(row!.status).toBe('accepted');
  });
});
