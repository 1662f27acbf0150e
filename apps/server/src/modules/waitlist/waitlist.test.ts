import { addDays, todayIn } from '@slotwise/shared/dates';
import { WAITLIST_MESSAGES } from '@slotwise/shared/waitlist-schemas';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments, notifications, waitlistEntries, waitlistOffers } from '../../db/schema';
import { useTestApp } from '../../../test/helpers/app';
import { createSlot, type TestSlot } from '../../../test/helpers/booking-factories';
import { createService } from '../../../test/helpers/catalogue-factories';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { asUser } from '../../../test/helpers/requests';

/**
 * The waitlist over HTTP on a real database (docs/decisions/069-waitlist.md): a freed slot goes
 * to the earliest matching entry, held for them alone; decline, expiry and removal pass it on;
 * with nobody left it is public. Runs on PGlite and, in CI, on PostgreSQL.
 */
describe('waitlist', () => {
  const t = useTestApp();
  const db = () => t.app.database.db;

  const join = (client: TestUser, body: object) =>
    asUser(t.app, client).post('/api/waitlist', body);
  const book = (client: TestUser, timeslotId: string) =>
    asUser(t.app, client).post('/api/appointment/booking', { timeslotId });
  const cancel = (client: TestUser, appointmentId: string) =>
    asUser(t.app, client).patch(`/api/appointment/cancel/${appointmentId}`, {});
  const offersOf = async (client: TestUser) => {
    const res = await asUser(t.app, client).get('/api/waitlist/offers');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().offers as { id: string; status: string; timeslot_id: string }[];
  };
  const available = async (providerId: string, viewer: TestUser) => {
    const res = await asUser(t.app, viewer).get(
      `/api/search/providers/${providerId}/available-slots`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().availableSlots as { id: string }[]).map((slot) => slot.id);
  };

  /** A provider with one slot tomorrow-ish, booked by client A; B and C wait for that day. */
  async function bookedSlotWithWaiters(waiters = 2) {
    const provider = await createProvider(t.app);
    const slot = await createSlot(t.app, provider.providerId!, { startsInMinutes: 26 * 60 });
    const a = await createClient(t.app, { firstName: 'Ana' });
    const booked = await book(a, slot.id);
    expect(booked.statusCode, booked.body).toBe(201);
    const appointmentId = booked.json().appointment.appointment_id as string;
    const waiting: TestUser[] = [];
    for (let i = 0; i < waiters; i++) {
      const client = await createClient(t.app, { firstName: `Waiter${i}` });
      const res = await join(client, {
        providerId: provider.providerId,
        windows: [{ date: slot.day }],
      });
      expect(res.statusCode, res.body).toBe(201);
      waiting.push(client);
    }
    return { provider, slot, a, appointmentId, waiting };
  }

  async function openOfferOf(client: TestUser, slot: TestSlot) {
    const offers = await offersOf(client);
    return offers.find((offer) => offer.timeslot_id === slot.id && offer.status === 'offered');
  }

  it('join: windows checked in the provider zone; the client lists and removes their own', async () => {
    const provider = await createProvider(t.app);
    const client = await createClient(t.app);
    const slot = await createSlot(t.app, provider.providerId!, { startsInMinutes: 48 * 60 });
    const bad = async (body: object, field: string, message: string) => {
      const res = await join(client, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fieldErrors[field]).toBe(message);
    };
    const id = provider.providerId;
    await bad({ providerId: id, windows: [] }, 'windows', WAITLIST_MESSAGES.windowsRequired);
    await bad(
      { providerId: id, windows: Array.from({ length: 6 }, () => ({ date: slot.day })) },
      'windows',
      WAITLIST_MESSAGES.windowsTooMany,
    );
    await bad(
      { providerId: id, windows: [{ date: '2027-02-30' }] },
      'windows.0.date',
      WAITLIST_MESSAGES.dateInvalid,
    );
    await bad(
      { providerId: id, windows: [{ date: slot.day, from: '14:00', to: '13:00' }] },
      'windows.0.to',
      WAITLIST_MESSAGES.windowOrder,
    );
    await bad(
      { providerId: id, windows: [{ date: '2020-01-01' }] },
      'windows.0.date',
      WAITLIST_MESSAGES.windowPast,
    );
    const other = await createProvider(t.app);
    const service = await createService(t.app, other);
    await bad(
      { providerId: id, serviceId: service.id, windows: [{ date: slot.day }] },
      'serviceId',
      WAITLIST_MESSAGES.serviceNotOffered,
    );
    const unknown = await join(client, {
      providerId: '00000000-0000-4000-8000-000000000000',
      windows: [{ date: slot.day }],
    });
    expect(unknown.statusCode).toBe(404);

    const joined = await join(client, {
      providerId: id,
      windows: [{ date: slot.day, from: '09:00', to: '12:30' }, { date: slot.day }],
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const entry = joined.json().entry;
    expect(entry).toMatchObject({
      provider_id: id,
      status: 'waiting',
      windows: [
        { date: slot.day, from: '09:00', to: '12:30' },
        { date: slot.day, from: '00:00', to: '24:00' },
      ],
    });
    const listed = await asUser(t.app, client).get('/api/waitlist');
    expect(listed.json().entries.map((e: { id: string }) => e.id)).toEqual([entry.id]);
    // Someone else's entry is not found; one's own is removed.
    const stranger = await createClient(t.app);
    expect((await asUser(t.app, stranger).delete(`/api/waitlist/${entry.id}`)).statusCode).toBe(
      404,
    );
    expect((await asUser(t.app, client).delete(`/api/waitlist/${entry.id}`)).statusCode).toBe(200);
    expect((await asUser(t.app, client).get('/api/waitlist')).json().entries).toEqual([]);
  });

  it('a cancel offers the slot to the earliest entry only: held from everyone else, one tap books it', async () => {
    const { provider, slot, a, appointmentId, waiting } = await bookedSlotWithWaiters(2);
    const [b, c] = waiting as [TestUser, TestUser];
    expect((await cancel(a, appointmentId)).statusCode).toBe(200);

    const offer = await openOfferOf(b, slot);
    expect(offer).toBeDefined();
    expect(await openOfferOf(c, slot)).toBeUndefined();
    const [told] = await db()
      .select({ title: notifications.title, type: notifications.type })
      .from(notifications)
      .where(eq(notifications.userId, b.id));
    expect(told).toEqual({ title: 'Slot Available', type: 'waitlist_offer' });

    // Nobody else sees or takes it meanwhile, the canceling client included.
    const outsider = await createClient(t.app);
    expect(await available(provider.providerId!, outsider)).not.toContain(slot.id);
    for (const someone of [c, outsider, a]) {
      const res = await book(someone, slot.id);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('SLOT_HELD');
    }

    const accepted = await asUser(t.app, b).post(`/api/waitlist/offers/${offer!.id}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().appointment).toMatchObject({ timeslot_id: slot.id, status: 'booked' });
    const [row] = await db()
      .select({ status: waitlistOffers.status, appointmentId: waitlistOffers.appointmentId })
      .from(waitlistOffers)
      .where(eq(waitlistOffers.id, offer!.id));
    expect(row).toEqual({
      status: 'accepted',
      appointmentId: accepted.json().appointment.appointment_id,
    });
    const entries = (await asUser(t.app, b).get('/api/waitlist')).json().entries;
    expect(entries[0].status).toBe('booked');
    // Accepting again: closed.
    const again = await asUser(t.app, b).post(`/api/waitlist/offers/${offer!.id}/accept`, {});
    expect(again.statusCode).toBe(409);
    // The provider's view: C still waits; one freed slot refilled.
    const mine = await asUser(t.app, provider).get('/api/provider/waitlist');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().refilled_last_30_days).toBe(1);
    expect(
      mine.json().entries.map((e: { client_first_name: string }) => e.client_first_name),
    ).toEqual(['Waiter1']);
  });

  it('declined, then run out: passed on in order; with nobody left the slot is public', async () => {
    const { provider, slot, a, appointmentId, waiting } = await bookedSlotWithWaiters(2);
    const [b, c] = waiting as [TestUser, TestUser];
    await cancel(a, appointmentId);
    const first = await openOfferOf(b, slot);
    const declined = await asUser(t.app, b).post(`/api/waitlist/offers/${first!.id}/decline`, {});
    expect(declined.statusCode, declined.body).toBe(200);
    const second = await openOfferOf(c, slot);
    expect(second).toBeDefined();
    // B is never offered this slot again, however it goes.
    expect(await openOfferOf(b, slot)).toBeUndefined();

    // C lets it run out: the expiry job passes it on — to nobody, so it is public again.
    await db()
      .update(waitlistOffers)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(waitlistOffers.id, second!.id));
    await t.app.jobs.runDue(new Date(Date.now() + 16 * 60_000));
    const [ended] = await db()
      .select({ status: waitlistOffers.status })
      .from(waitlistOffers)
      .where(eq(waitlistOffers.id, second!.id));
    expect(ended!.status).toBe('expired');
    const late = await asUser(t.app, c).post(`/api/waitlist/offers/${second!.id}/accept`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(WAITLIST_MESSAGES.offerExpired);
    const outsider = await createClient(t.app);
    expect(await available(provider.providerId!, outsider)).toContain(slot.id);
    expect((await book(outsider, slot.id)).statusCode).toBe(201);
  });

  it('entries past their last window, or for another service, get no offer; removal passes an offer on', async () => {
    const { slot, a, appointmentId, waiting } = await bookedSlotWithWaiters(2);
    const [b, c] = waiting as [TestUser, TestUser];
    // B's entry has ended (its window is over); C's is live.
    await db()
      .update(waitlistEntries)
      .set({ endsAt: sql`now() - interval '1 minute'` })
      .where(eq(waitlistEntries.clientId, b.id));
    await cancel(a, appointmentId);
    expect(await openOfferOf(b, slot)).toBeUndefined();
    const offer = await openOfferOf(c, slot);
    expect(offer).toBeDefined();
    const [entry] = await db()
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(eq(waitlistEntries.clientId, c.id));
    expect((await asUser(t.app, c).delete(`/api/waitlist/${entry!.id}`)).statusCode).toBe(200);
    const [withdrawn] = await db()
      .select({ status: waitlistOffers.status })
      .from(waitlistOffers)
      .where(eq(waitlistOffers.id, offer!.id));
    expect(withdrawn!.status).toBe('declined');
    expect((await book(a, slot.id)).statusCode).toBe(201);
  });

  it('a new slot inside a window is offered once its job runs; one outside is not', async () => {
    const provider = await createProvider(t.app);
    const day = addDays(todayIn(provider.timezone), 3);
    const b = await createClient(t.app);
    const joined = await join(b, {
      providerId: provider.providerId,
      windows: [{ date: day, from: '09:00', to: '12:00' }],
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const create = (startTime: string, endTime: string) =>
      asUser(t.app, provider).post('/api/timeslots/create', { day, startTime, endTime });
    const outside = await create('12:00', '12:30');
    const inside = await create('10:00', '10:30');
    expect(inside.statusCode, inside.body).toBe(201);
    expect(outside.statusCode, outside.body).toBe(201);
    await t.app.jobs.runDue();
    const offers = await offersOf(b);
    expect(offers.map((o) => o.timeslot_id)).toEqual([inside.json().slot.id]);
  });

  it('an offer is one client per seat: a class seat freed goes to one entry, the others wait', async () => {
    const provider = await createProvider(t.app);
    const slot = await createSlot(t.app, provider.providerId!, {
      startsInMinutes: 30 * 60,
      capacity: 2,
    });
    const [a1, a2] = [await createClient(t.app), await createClient(t.app)];
    const booked1 = await book(a1, slot.id);
    await book(a2, slot.id);
    const waiters = [await createClient(t.app), await createClient(t.app)];
    for (const w of waiters) {
      await join(w, { providerId: provider.providerId, windows: [{ date: slot.day }] });
    }
    await cancel(a1, booked1.json().appointment.appointment_id);
    expect(await openOfferOf(waiters[0]!, slot)).toBeDefined();
    expect(await openOfferOf(waiters[1]!, slot)).toBeUndefined();
    const res = await book(waiters[1]!, slot.id);
    expect(res.json().code).toBe('SLOT_HELD');
    const seats = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(appointments)
      .where(and(eq(appointments.timeslotId, slot.id), eq(appointments.status, 'booked')));
    expect(seats[0]!.n).toBe(1);
  });
});
