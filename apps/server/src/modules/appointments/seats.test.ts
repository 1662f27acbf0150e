import { SEATS_MESSAGES } from '@slotwise/shared/appointments-series-schemas';
import { addDays, todayIn } from '@slotwise/shared/dates';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments, notifications, timeslots } from '../../db/schema';
import { useTestApp } from '../../../test/helpers/app';
import { createSlot } from '../../../test/helpers/booking-factories';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { asUser } from '../../../test/helpers/requests';

/**
 * Classes (docs/decisions/067-seats-and-series.md): a slot seats `capacity` clients; the database
 * decides who gets the seats, one per client; a freed seat is bookable again; the provider sees
 * the attendees and can cancel the class. Runs on PGlite and, in CI, on PostgreSQL, where the
 * bookings below really race.
 */
describe('classes: seats of one slot', () => {
  const t = useTestApp();
  const db = () => t.app.database.db;

  async function seats(slotId: string) {
    const [row] = await db()
      .select({ taken: timeslots.seatsTaken, isBooked: timeslots.isBooked })
      .from(timeslots)
      .where(eq(timeslots.id, slotId));
    const held = await db()
      .select({ clientId: appointments.clientId })
      .from(appointments)
      .where(and(eq(appointments.timeslotId, slotId), eq(appointments.status, 'booked')));
    return { ...row!, held: held.map((h) => h.clientId) };
  }

  const book = (client: TestUser, timeslotId: string) =>
    asUser(t.app, client).post('/api/appointment/booking', { timeslotId });

  it('capacity 5 and 30 clients at once: exactly 5 seats, the rest 409 SLOT_TAKEN', async () => {
    const provider = await createProvider(t.app);
    const slot = await createSlot(t.app, provider.providerId!, {
      startsInMinutes: 600,
      capacity: 5,
    });
    const clients = await Promise.all(Array.from({ length: 30 }, () => createClient(t.app)));
    const answers = await Promise.all(clients.map((client) => book(client, slot.id)));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(5);
    expect(codes.filter((code) => code === 409)).toHaveLength(25);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json().code).toBe('SLOT_TAKEN');
    }
    const state = await seats(slot.id);
    expect(state.taken).toBe(5);
    expect(state.isBooked).toBe(true);
    const winners = clients.filter((_, i) => answers[i]!.statusCode === 201).map((c) => c.id);
    expect(state.held.sort()).toEqual(winners.sort());
  });

  it('one seat per client: the same client twice (at once) → one 201, one 409 ALREADY_BOOKED', async () => {
    const provider = await createProvider(t.app);
    const slot = await createSlot(t.app, provider.providerId!, {
      startsInMinutes: 660,
      capacity: 8,
    });
    const client = await createClient(t.app);
    const answers = await Promise.all([book(client, slot.id), book(client, slot.id)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((res) => res.statusCode === 409)!;
    expect(refused.json().code).toBe('ALREADY_BOOKED');
    const again = await book(client, slot.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_BOOKED');
    expect(await seats(slot.id)).toEqual({ taken: 1, isBooked: false, held: [client.id] });
  });

  it('a seat freed by a cancel is bookable again, and the answers count the seats', async () => {
    const provider = await createProvider(t.app);
    const slot = await createSlot(t.app, provider.providerId!, {
      startsInMinutes: 720,
      capacity: 2,
    });
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createClient(t.app)));
    expect((await book(a!, slot.id)).statusCode).toBe(201);
    const second = await book(b!, slot.id);
    expect(second.statusCode).toBe(201);
    expect((await book(c!, slot.id)).statusCode).toBe(409);
    const listed = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/search/providers/${provider.providerId}/available-slots`,
        })
      )
        .json()
        .availableSlots.find((s: { id: string }) => s.id === slot.id);
    expect(await listed()).toBeUndefined();

    const canceled = await asUser(t.app, b!).patch(
      `/api/appointment/cancel/${second.json().appointment.id}`,
      {},
    );
    expect(canceled.statusCode).toBe(200);
    expect(await listed()).toMatchObject({ capacity: 2, seats_left: 1 });
    expect((await book(c!, slot.id)).statusCode).toBe(201);
    expect(await seats(slot.id)).toMatchObject({ taken: 2, isBooked: true });
  });

  it('the provider sets the seats, never below those booked, and sees who holds them', async () => {
    const provider = await createProvider(t.app);
    const day = addDays(todayIn(provider.timezone), 3);
    const created = await asUser(t.app, provider).post('/api/timeslots/create', {
      day,
      startTime: '07:00',
      endTime: '08:00',
      capacity: 3,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().slot).toMatchObject({ capacity: 3, seats_left: 3, is_booked: false });
    const slotId = created.json().slot.id as string;
    const tooMany = await asUser(t.app, provider).post('/api/timeslots/create', {
      day,
      startTime: '09:00',
      endTime: '10:00',
      capacity: 101,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fieldErrors.capacity).toBe(SEATS_MESSAGES.capacityInvalid);

    const ann = await createClient(t.app, { firstName: 'Ann', lastName: 'Asana' });
    const bob = await createClient(t.app, { firstName: 'Bob', lastName: 'Bend' });
    expect((await book(ann, slotId)).statusCode).toBe(201);
    expect((await book(bob, slotId)).statusCode).toBe(201);

    const below = await asUser(t.app, provider).patch(`/api/timeslots/update/${slotId}`, {
      capacity: 1,
    });
    expect(below.statusCode).toBe(409);
    expect(below.json().code).toBe('CAPACITY_BELOW_BOOKED');
    // A class with bookings keeps its time; only its seats change.
    const moved = await asUser(t.app, provider).patch(`/api/timeslots/update/${slotId}`, {
      startTime: '07:30',
    });
    expect(moved.statusCode).toBe(409);
    const full = await asUser(t.app, provider).patch(`/api/timeslots/update/${slotId}`, {
      capacity: 2,
    });
    expect(full.statusCode).toBe(200);
    expect(full.json().slot).toMatchObject({ capacity: 2, seats_left: 0, is_booked: true });
    const grown = await asUser(t.app, provider).patch(`/api/timeslots/update/${slotId}`, {
      capacity: 12,
    });
    expect(grown.json().slot).toMatchObject({ capacity: 12, seats_left: 10, is_booked: false });

    const window = await asUser(t.app, provider).get(`/api/timeslots/view?from=${day}&to=${day}`);
    const shown = window.json().slots.find((s: { id: string }) => s.id === slotId);
    expect(shown).toMatchObject({ capacity: 12, seats_left: 10, is_booked: false });
    expect(
      shown.attendees.map((a: { client_first_name: string; client_last_name: string }) =>
        [a.client_first_name, a.client_last_name].join(' '),
      ),
    ).toEqual(['Ann Asana', 'Bob Bend']);
  });

  it('the provider cancels the class: every seat canceled, every client told; others get 404', async () => {
    const provider = await createProvider(t.app);
    const slot = await createSlot(t.app, provider.providerId!, {
      startsInMinutes: 780,
      capacity: 4,
    });
    const clients = await Promise.all([1, 2, 3].map(() => createClient(t.app)));
    for (const client of clients) expect((await book(client, slot.id)).statusCode).toBe(201);

    const stranger = await createProvider(t.app);
    const foreign = await asUser(t.app, stranger).patch(
      `/api/appointment/provider/cancel-class/${slot.id}`,
      {},
    );
    expect(foreign.statusCode).toBe(404);
    expect((await seats(slot.id)).taken).toBe(3);

    const res = await asUser(t.app, provider).patch(
      `/api/appointment/provider/cancel-class/${slot.id}`,
      {},
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(SEATS_MESSAGES.classCanceled);
    expect(res.json().canceled).toHaveLength(3);
    expect(await seats(slot.id)).toEqual({ taken: 0, isBooked: false, held: [] });
    for (const client of clients) {
      const told = await db()
        .select({ type: notifications.type })
        .from(notifications)
        .where(eq(notifications.userId, client.id));
      expect(told.map((n) => n.type)).toContain('canceled');
    }
  });

  it('weekly hours make classes: each generated slot has the rule’s seats', async () => {
    const provider = await createProvider(t.app);
    const res = await asUser(t.app, provider).put('/api/availability/weekly', {
      horizonWeeks: 1,
      rules: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
        weekday,
        start: '06:00',
        end: '07:00',
        slotMinutes: 60,
        capacity: 8,
      })),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().rules[0]).toMatchObject({ capacity: 8 });
    const generated = await db()
      .select({ capacity: timeslots.capacity })
      .from(timeslots)
      .where(eq(timeslots.providerId, provider.providerId!));
    expect(generated.length).toBeGreaterThan(0);
    expect(generated.every((slot) => slot.capacity === 8)).toBe(true);
  });
});
