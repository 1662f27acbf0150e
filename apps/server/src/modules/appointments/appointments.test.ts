import { randomUUID } from 'node:crypto';
import { BOOKING_MESSAGES } from '@slotwise/shared/appointments-booking-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointmentEvents, appointments, timeslots } from '../../db/schema';
import { useBeforeAll, useTestApp } from '../../../test/helpers/app';
import {
  book,
  bookedSlot,
  createProviderWithSlots,
  createSlot,
  createSlots,
  type TestSlot,
} from '../../../test/helpers/booking-factories';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { bookAppointment } from './book';
import { asUser } from '../../../test/helpers/requests';

/** The fields both parties' views share. */
const BOTH_VIEWS_FIELDS = [
  'appointment_id',
  'id',
  'timeslot_id',
  'day',
  'start_time',
  'end_time',
  'status',
  'service_type',
  'starts_at',
  'ends_at',
  // docs/product.md §11 (catalogue): the service and price as booked, null without a service.
  'service_name',
  'price_cents',
  'currency',
  // docs/decisions/067-seats-and-series.md: the series an occurrence belongs to, else null.
  'series_id',
];

const CLIENT_VIEW_FIELDS = [
  ...BOTH_VIEWS_FIELDS,
  'provider_id',
  'provider_first_name',
  'provider_last_name',
  'provider_specialty',
  'provider_profile_image_url',
  // Trust (docs/decisions/045-reviews-and-ratings.md): the client has reviewed it.
  'reviewed',
  // docs/product.md §19.3–§19.4: the client's review hidden, the provider suspended.
  'review_hidden',
  'provider_suspended',
  // docs/product.md §11.4 (booking policies): the end of free cancellation, null without a cut-off.
  'cancellable_until',
].sort();

const PROVIDER_VIEW_FIELDS = [...BOTH_VIEWS_FIELDS, 'client_first_name', 'client_last_name'].sort();

describe('appointments', () => {
  const t = useTestApp();

  const db = () => t.app.database.db;

  const bookRequest = (user: TestUser, payload: unknown) =>
    asUser(t.app, user).post('/api/appointment/booking', payload as Record<string, unknown>);
  const clientView = (user: TestUser) =>
    t.app.inject({ method: 'GET', url: '/api/appointment/view', headers: user.headers });
  const providerView = (user: TestUser) =>
    t.app.inject({ method: 'GET', url: '/api/appointment/provider/view', headers: user.headers });
  const cancel = (user: TestUser, id: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/appointment/cancel/${id}`, headers: user.headers });
  const providerCancel = (user: TestUser, id: string) =>
    asUser(t.app, user).patch(`/api/appointment/provider/cancel/${id}`);
  const reschedule = (user: TestUser, id: string, payload: unknown) =>
    asUser(t.app, user).patch(
      `/api/appointment/reschedule/${id}`,
      payload as Record<string, unknown>,
    );

  async function slotState(id: string) {
    const [slot] = await db()
      .select({ isBooked: timeslots.isBooked })
      .from(timeslots)
      .where(eq(timeslots.id, id));
    const active = await db()
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.timeslotId, id), eq(appointments.status, 'booked')));
    return { isBooked: slot!.isBooked, active: active.map((a) => a.id) };
  }

  async function eventsOf(appointmentId: string) {
    return db()
      .select({
        type: appointmentEvents.type,
        actorRole: appointmentEvents.actorRole,
        actorUserId: appointmentEvents.actorUserId,
        fromTimeslotId: appointmentEvents.fromTimeslotId,
        toTimeslotId: appointmentEvents.toTimeslotId,
        startsAt: appointmentEvents.startsAt,
      })
      .from(appointmentEvents)
      .where(eq(appointmentEvents.appointmentId, appointmentId))
      .orderBy(asc(appointmentEvents.occurredAt), asc(appointmentEvents.type));
  }

  /** The answer is `status` with the error body's `code` and `message`. */
  function expectRefusal(
    res: { statusCode: number; json: () => unknown },
    status: number,
    code: string,
    message: string,
  ) {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code, message });
  }

  /** A provider of `specialty` with `count` free slots, and two new clients. */
  async function providerAndTwoClients(count: number, specialty: string) {
    const { provider, slots } = await createProviderWithSlots(t.app, count, { specialty });
    const client: TestUser = await createClient(t.app);
    const other: TestUser = await createClient(t.app);
    return { provider, slots, client, other };
  }

  /** The invariant the database keeps: a slot is booked exactly when one appointment holds it. */
  async function inconsistentSlots(): Promise<string[]> {
    const rows = await db()
      .select({ id: timeslots.id })
      .from(timeslots)
      .where(
        sql`${timeslots.isBooked} <> exists (select 1 from ${appointments} a
          where a.timeslot_id = ${timeslots.id} and a.status = 'booked')`,
      );
    return rows.map((r) => r.id);
  }

  describe('who may call what', () => {
    const s = useBeforeAll(async () => {
      const made = await createProviderWithSlots(t.app, 2);
      const provider: TestUser = made.provider;
      const client: TestUser = await createClient(t.app);
      const appointmentId: string = await book(t.app, client, made.slots[0]!.id);
      const slot: TestSlot = made.slots[1]!;
      return { provider, client, appointmentId, slot };
    });

    const calls = () => [
      {
        method: 'POST' as const,
        url: '/api/appointment/booking',
        payload: { timeslotId: s.slot.id },
      },
      { method: 'GET' as const, url: '/api/appointment/view' },
      { method: 'PATCH' as const, url: `/api/appointment/cancel/${s.appointmentId}` },
      {
        method: 'PATCH' as const,
        url: `/api/appointment/reschedule/${s.appointmentId}`,
        payload: { newTimeslotId: s.slot.id },
      },
      { method: 'GET' as const, url: '/api/appointment/provider/view' },
      { method: 'PATCH' as const, url: `/api/appointment/provider/cancel/${s.appointmentId}` },
    ];

    it('every endpoint needs a token (401)', async () => {
      for (const call of calls()) {
        const res = await t.app.inject(call);
        expect(res.statusCode, call.url).toBe(401);
        expect(res.json().code).toBe('UNAUTHENTICATED');
      }
    });

    it('a provider calling client endpoints gets 403, even with a bad body', async () => {
      for (const call of calls().slice(0, 4)) {
        const res = await t.app.inject({ ...call, headers: s.provider.headers });
        expect(res.statusCode, call.url).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
      const badBody = await bookRequest(s.provider, { timeslotId: 'nope' });
      expect(badBody.statusCode).toBe(403);
    });

    it('a client calling provider endpoints gets 403', async () => {
      for (const call of calls().slice(4)) {
        const res = await t.app.inject({ ...call, headers: s.client.headers });
        expect(res.statusCode, call.url).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    });

    it('nothing changed: the appointment is still booked', async () => {
      expect((await slotState(s.slot.id)).isBooked).toBe(false);
      const res = await clientView(s.client);
      expect(res.json().appointments[0]).toMatchObject({ id: s.appointmentId, status: 'booked' });
    });
  });

  describe('booking', () => {
    const s = useBeforeAll(async () => {
      const made = await createProviderWithSlots(t.app, 3, {
        firstName: 'Bea',
        lastName: 'Barber',
        specialty: 'Barber',
      });
      const provider: TestUser = made.provider;
      const slots: TestSlot[] = made.slots;
      const client: TestUser = await createClient(t.app, { firstName: 'Cora', lastName: 'Client' });
      return { provider, client, slots };
    });

    it('POST /api/appointment/booking → 201 with the message and the client view', async () => {
      const slot = s.slots[0]!;
      const res = await bookRequest(s.client, { timeslotId: slot.id });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.message).toBe(MESSAGES.appointmentBooked);
      expect(Object.keys(body.appointment).sort()).toEqual(CLIENT_VIEW_FIELDS);
      expect(body.appointment).toEqual({
        appointment_id: body.appointment.id,
        id: body.appointment.id,
        timeslot_id: slot.id,
        provider_id: s.provider.providerId,
        provider_first_name: 'Bea',
        provider_last_name: 'Barber',
        provider_specialty: 'Barber',
        provider_profile_image_url: null,
        day: slot.day,
        start_time: slot.startTime,
        end_time: slot.endTime,
        status: 'booked',
        service_type: slot.type,
        starts_at: slot.startsAt.toISOString(),
        ends_at: slot.endsAt.toISOString(),
        service_name: null,
        price_cents: null,
        currency: null,
        series_id: null,
        reviewed: false,
        review_hidden: false,
        provider_suspended: false,
        cancellable_until: null,
      });
      expect(await slotState(slot.id)).toEqual({ isBooked: true, active: [body.appointment.id] });
      const events = await eventsOf(body.appointment.id);
      expect(events).toEqual([
        {
          type: 'booked',
          actorRole: 'client',
          actorUserId: s.client.id,
          fromTimeslotId: null,
          toTimeslotId: slot.id,
          startsAt: slot.startsAt,
        },
      ]);
    });

    it('a booked slot is no longer available and cannot be booked again (409 SLOT_TAKEN)', async () => {
      const other = await createClient(t.app);
      const res = await bookRequest(other, { timeslotId: s.slots[0]!.id });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message: BOOKING_MESSAGES.slotTaken,
        error: BOOKING_MESSAGES.slotTaken,
        code: 'SLOT_TAKEN',
      });
      const again = await bookRequest(s.client, { timeslotId: s.slots[0]!.id });
      expect(again.json().code).toBe('SLOT_TAKEN');
      const available = await asUser(t.app, other).get(
        `/api/search/providers/${s.provider.providerId}/available-slots`,
      );
      expect(available.json().availableSlots.map((s: { id: string }) => s.id)).not.toContain(
        s.slots[0]!.id,
      );
    });

    it.each([
      ['no timeslotId', {}, MESSAGES.selectTimeSlot],
      ['an empty timeslotId', { timeslotId: '' }, MESSAGES.selectTimeSlot],
      ['a non-UUID timeslotId', { timeslotId: '123' }, BOOKING_MESSAGES.invalidTimeslotId],
      ['a number', { timeslotId: 42 }, MESSAGES.selectTimeSlot],
    ])('400 for %s', async (_label, payload, message) => {
      const res = await bookRequest(s.client, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
      expect(res.json().fieldErrors.timeslotId).toBe(message);
    });

    it('400 for a request without a body', async () => {
      const res = await asUser(t.app, s.client).post('/api/appointment/booking');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.selectTimeSlot);
    });

    it('404 for a slot that does not exist', async () => {
      const res = await bookRequest(s.client, { timeslotId: randomUUID() });
      expectRefusal(res, 404, 'NOT_FOUND', BOOKING_MESSAGES.timeslotNotFound);
    });

    it('409 with a clear message for a past or already started slot', async () => {
      const past = await createSlot(t.app, s.provider.providerId!, { startsInMinutes: -180 });
      const started = await createSlot(t.app, s.provider.providerId!, {
        startsInMinutes: -5,
        durationMinutes: 30,
      });
      for (const slot of [past, started]) {
        const res = await bookRequest(s.client, { timeslotId: slot.id });
        expectRefusal(res, 409, 'INVALID_STATE', BOOKING_MESSAGES.slotInPast);
        expect(await slotState(slot.id)).toEqual({ isBooked: false, active: [] });
      }
    });

    it('the database is the last line of defence: a full slot is never flagged free, nor a second seat taken', async () => {
      const { slot: full } = await bookedSlot(t.app, {
        provider: s.provider,
        client: s.client,
        slot: { startsInMinutes: 900 },
      });
      await db().execute(sql`update timeslots set seats_taken = 1 where id = ${full.id}::uuid`);
      // Code that forgot the seats cannot flag a full slot free …
      await expect(
        db().update(timeslots).set({ isBooked: false }).where(eq(timeslots.id, full.id)),
      ).rejects.toThrow();
      // … nor count past the capacity.
      await expect(
        db().execute(sql`update timeslots set seats_taken = 2 where id = ${full.id}::uuid`),
      ).rejects.toThrow();
      // A client's second seat, with the flag stale (as if something had skipped it): 409
      // ALREADY_BOOKED (the read sees the seat; the unique index would refuse it anyway).
      const { slot, appointmentId: held } = await bookedSlot(t.app, {
        provider: s.provider,
        client: s.client,
        slot: { startsInMinutes: 960 },
        markSlot: false,
      });
      const res = await bookRequest(s.client, { timeslotId: slot.id });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('ALREADY_BOOKED');
      expect(await slotState(slot.id)).toEqual({ isBooked: false, active: [held] });
      await db().delete(appointments).where(inArray(appointments.id, [held]));
    });

    it('the service returns what the other party must be told', async () => {
      const change = await bookAppointment(db(), s.client.id, s.slots[2]!.id);
      expect(change.notice).toMatchObject({
        type: 'booked',
        appointmentId: change.clientView.id,
        actor: { role: 'client', userId: s.client.id },
        provider: {
          providerId: s.provider.providerId,
          userId: s.provider.id,
          firstName: 'Bea',
          lastName: 'Barber',
        },
        client: { userId: s.client.id, firstName: 'Cora', lastName: 'Client' },
        day: s.slots[2]!.day,
        startTime: s.slots[2]!.startTime,
        endTime: s.slots[2]!.endTime,
        startsAt: s.slots[2]!.startsAt,
        previous: null,
      });
      expect(change.providerView).toMatchObject({
        id: change.clientView.id,
        client_first_name: 'Cora',
        client_last_name: 'Client',
      });
    });
  });

  describe('client view and cancel', () => {
    const s = useBeforeAll(async () => {
      const world = await providerAndTwoClients(3, 'Tutor');
      const appointmentId: string = await book(t.app, world.client, world.slots[1]!.id);
      await book(t.app, world.client, world.slots[0]!.id);
      await book(t.app, world.other, world.slots[2]!.id);
      return { ...world, appointmentId };
    });

    it('GET /api/appointment/view lists only the caller’s own, upcoming soonest first', async () => {
      const res = await clientView(s.client);
      expect(res.statusCode).toBe(200);
      const list = res.json().appointments;
      expect(list.map((a: { timeslot_id: string }) => a.timeslot_id)).toEqual([
        s.slots[0]!.id,
        s.slots[1]!.id,
      ]);
      for (const appointment of list) {
        expect(Object.keys(appointment).sort()).toEqual(CLIENT_VIEW_FIELDS);
      }
      expect(res.body).not.toMatch(/@|password/i);
      const theirs = await clientView(s.other);
      expect(theirs.json().appointments).toHaveLength(1);
    });

    it('shows a booked appointment whose end has passed as completed (after the upcoming ones)', async () => {
      const { appointmentId: id } = await bookedSlot(t.app, {
        provider: s.provider,
        client: s.client,
        slot: { startsInMinutes: -240 },
      });
      const list = (await clientView(s.client)).json().appointments;
      expect(list.at(-1)).toMatchObject({ id, status: 'completed' });
      const providerList = (await providerView(s.provider)).json().appointments;
      expect(providerList.find((a: { id: string }) => a.id === id).status).toBe('completed');
      // A completed appointment can no longer be canceled or moved.
      const res = await cancel(s.client, id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(BOOKING_MESSAGES.alreadyCompleted);
      const moved = await reschedule(s.client, id, { newTimeslotId: s.slots[2]!.id });
      expect(moved.statusCode).toBe(409);
    });

    it('another client’s appointment is 404, and stays booked', async () => {
      const res = await cancel(s.other, s.appointmentId);
      expectRefusal(res, 404, 'NOT_FOUND', BOOKING_MESSAGES.appointmentNotFound);
      expect((await slotState(s.slots[1]!.id)).active).toEqual([s.appointmentId]);
    });

    it('404 for an unknown id, 400 for a malformed one', async () => {
      expect((await cancel(s.client, randomUUID())).statusCode).toBe(404);
      const bad = await cancel(s.client, 'abc');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(BOOKING_MESSAGES.invalidAppointmentId);
    });

    it('PATCH /api/appointment/cancel/:id cancels, frees the slot and records the event', async () => {
      const res = await cancel(s.client, s.appointmentId);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(MESSAGES.appointmentCancelledSuccessfully);
      expect(res.json().appointment).toMatchObject({ id: s.appointmentId, status: 'canceled' });
      expect(await slotState(s.slots[1]!.id)).toEqual({ isBooked: false, active: [] });
      const [stored] = await db()
        .select({ canceledBy: appointments.canceledBy, canceledAt: appointments.canceledAt })
        .from(appointments)
        .where(eq(appointments.id, s.appointmentId));
      expect(stored!.canceledBy).toBe('client');
      expect(stored!.canceledAt).toBeInstanceOf(Date);
      expect((await eventsOf(s.appointmentId)).map((e) => [e.type, e.actorRole])).toEqual([
        ['booked', 'client'],
        ['canceled', 'client'],
      ]);
      const events = await eventsOf(s.appointmentId);
      expect(events[1]).toMatchObject({ actorUserId: s.client.id, fromTimeslotId: s.slots[1]!.id });
    });

    it('cancel only while booked: a second cancel is 409', async () => {
      const res = await cancel(s.client, s.appointmentId);
      expectRefusal(res, 409, 'INVALID_STATE', BOOKING_MESSAGES.alreadyCanceled);
    });

    it('the freed slot can be booked again by anyone; the canceled one stays in the history', async () => {
      const res = await bookRequest(s.other, { timeslotId: s.slots[1]!.id });
      expect(res.statusCode).toBe(201);
      const mine = (await clientView(s.client)).json().appointments;
      expect(mine.find((a: { id: string }) => a.id === s.appointmentId).status).toBe('canceled');
      expect(await inconsistentSlots()).toEqual([]);
    });
  });

  describe('reschedule', () => {
    const s = useBeforeAll(async () => {
      const world = await providerAndTwoClients(4, 'Mechanic');
      const appointmentId: string = await book(t.app, world.client, world.slots[0]!.id);
      await book(t.app, world.other, world.slots[3]!.id);
      return { ...world, appointmentId };
    });

    it.each([
      ['no newTimeslotId', {}, 400, MESSAGES.selectTimeSlot],
      ['a non-UUID newTimeslotId', { newTimeslotId: 'x' }, 400, BOOKING_MESSAGES.invalidTimeslotId],
      ['the current slot', 'current', 400, BOOKING_MESSAGES.sameSlot],
      ['an unknown slot', 'unknown', 404, BOOKING_MESSAGES.timeslotNotFound],
      ['another provider’s slot', 'foreign', 400, BOOKING_MESSAGES.otherProvider],
      ['a taken slot', 'taken', 409, BOOKING_MESSAGES.slotTaken],
      ['a past slot', 'past', 409, BOOKING_MESSAGES.slotInPast],
    ])('refuses %s', async (_label, target, status, message) => {
      let payload: unknown = target;
      if (target === 'current') payload = { newTimeslotId: s.slots[0]!.id };
      if (target === 'unknown') payload = { newTimeslotId: randomUUID() };
      if (target === 'taken') payload = { newTimeslotId: s.slots[3]!.id };
      if (target === 'foreign') {
        const foreign = await createProviderWithSlots(t.app, 1);
        payload = { newTimeslotId: foreign.slots[0]!.id };
      }
      if (target === 'past') {
        const past = await createSlot(t.app, s.provider.providerId!, { startsInMinutes: -300 });
        payload = { newTimeslotId: past.id };
      }
      const res = await reschedule(s.client, s.appointmentId, payload);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
      // Nothing moved.
      expect((await slotState(s.slots[0]!.id)).active).toEqual([s.appointmentId]);
      expect(await inconsistentSlots()).toEqual([]);
    });

    it('another client’s appointment is 404', async () => {
      const res = await reschedule(s.other, s.appointmentId, { newTimeslotId: s.slots[1]!.id });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(BOOKING_MESSAGES.appointmentNotFound);
    });

    it('PATCH /api/appointment/reschedule/:id moves it in one step and frees the old slot', async () => {
      const target = s.slots[1]!;
      const res = await reschedule(s.client, s.appointmentId, { newTimeslotId: target.id });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(MESSAGES.appointmentRescheduled);
      expect(res.json().appointment).toMatchObject({
        id: s.appointmentId,
        timeslot_id: target.id,
        day: target.day,
        start_time: target.startTime,
        end_time: target.endTime,
        starts_at: target.startsAt.toISOString(),
        status: 'booked',
      });
      expect(await slotState(s.slots[0]!.id)).toEqual({ isBooked: false, active: [] });
      expect(await slotState(target.id)).toEqual({ isBooked: true, active: [s.appointmentId] });
      const events = await eventsOf(s.appointmentId);
      expect(events.at(-1)).toEqual({
        type: 'rescheduled',
        actorRole: 'client',
        actorUserId: s.client.id,
        fromTimeslotId: s.slots[0]!.id,
        toTimeslotId: target.id,
        startsAt: target.startsAt,
      });
      const providerList = (await providerView(s.provider)).json().appointments;
      expect(providerList.find((a: { id: string }) => a.id === s.appointmentId)).toMatchObject({
        timeslot_id: target.id,
        start_time: target.startTime,
      });
    });

    it('a canceled appointment cannot be rescheduled (409)', async () => {
      await cancel(s.client, s.appointmentId);
      const res = await reschedule(s.client, s.appointmentId, { newTimeslotId: s.slots[2]!.id });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(BOOKING_MESSAGES.alreadyCanceled);
      expect(await inconsistentSlots()).toEqual([]);
    });
  });

  describe('provider view and cancel', () => {
    const s = useBeforeAll(async () => {
      const made = await createProviderWithSlots(t.app, 2, { specialty: 'Plumber' });
      const provider: TestUser = made.provider;
      const slots: TestSlot[] = made.slots;
      const otherProvider: TestUser = (await createProviderWithSlots(t.app, 1)).provider;
      const client: TestUser = await createClient(t.app, {
        firstName: 'Quinn',
        lastName: 'Private',
        email: `quinn-${randomUUID().slice(0, 6)}@example.test`,
      });
      const appointmentId: string = await book(t.app, client, slots[0]!.id);
      return { provider, otherProvider, client, slots, appointmentId };
    });

    it('GET /api/appointment/provider/view: SPEC fields, the client’s name and nothing more', async () => {
      const res = await providerView(s.provider);
      expect(res.statusCode).toBe(200);
      const list = res.json().appointments;
      expect(list).toHaveLength(1);
      expect(Object.keys(list[0]).sort()).toEqual(PROVIDER_VIEW_FIELDS);
      expect(list[0]).toEqual({
        appointment_id: s.appointmentId,
        id: s.appointmentId,
        timeslot_id: s.slots[0]!.id,
        client_first_name: 'Quinn',
        client_last_name: 'Private',
        day: s.slots[0]!.day,
        start_time: s.slots[0]!.startTime,
        end_time: s.slots[0]!.endTime,
        status: 'booked',
        service_type: s.slots[0]!.type,
        starts_at: s.slots[0]!.startsAt.toISOString(),
        ends_at: s.slots[0]!.endsAt.toISOString(),
        service_name: null,
        price_cents: null,
        currency: null,
        series_id: null,
      });
      expect(res.body).not.toContain(s.client.email);
      expect(res.body).not.toContain(s.client.id);
      expect((await providerView(s.otherProvider)).json().appointments).toEqual([]);
    });

    it('another provider’s appointment is 404', async () => {
      const res = await providerCancel(s.otherProvider, s.appointmentId);
      expect(res.statusCode).toBe(404);
      expect((await slotState(s.slots[0]!.id)).active).toEqual([s.appointmentId]);
    });

    it('PATCH /api/appointment/provider/cancel/:id cancels, frees the slot, records the provider', async () => {
      const res = await providerCancel(s.provider, s.appointmentId);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(MESSAGES.appointmentCanceledToast);
      expect(Object.keys(res.json().appointment).sort()).toEqual(PROVIDER_VIEW_FIELDS);
      expect(res.json().appointment).toMatchObject({ id: s.appointmentId, status: 'canceled' });
      expect(await slotState(s.slots[0]!.id)).toEqual({ isBooked: false, active: [] });
      const events = await eventsOf(s.appointmentId);
      expect(events.at(-1)).toMatchObject({
        type: 'canceled',
        actorRole: 'provider',
        actorUserId: s.provider.id,
      });
      const [stored] = await db()
        .select({ canceledBy: appointments.canceledBy })
        .from(appointments)
        .where(eq(appointments.id, s.appointmentId));
      expect(stored!.canceledBy).toBe('provider');
      const clientList = (await clientView(s.client)).json().appointments;
      expect(clientList[0]).toMatchObject({ id: s.appointmentId, status: 'canceled' });
    });

    it('a second cancel is 409; a malformed id is 400', async () => {
      const res = await providerCancel(s.provider, s.appointmentId);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('INVALID_STATE');
      expect((await providerCancel(s.provider, 'x')).statusCode).toBe(400);
    });
  });

  describe('under concurrency', () => {
    it('200 simultaneous bookings by 20 clients of 5 slots: exactly 5 succeed, the rest 409', async () => {
      const provider = await createProvider(t.app, { specialty: 'Driver' });
      const slots = await createSlots(t.app, provider.providerId!, 5, { firstInMinutes: 600 });
      const clients = await Promise.all(Array.from({ length: 20 }, () => createClient(t.app)));
      const attempts = [];
      for (let round = 0; round < 2; round++) {
        for (const client of clients) {
          for (const slot of slots) attempts.push({ client, slot });
        }
      }
      expect(attempts).toHaveLength(200);
      const responses = await Promise.all(
        attempts.map(({ client, slot }) => bookRequest(client, { timeslotId: slot.id })),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      expect(statuses.filter((s) => s === 201)).toHaveLength(5);
      expect(statuses.filter((s) => s === 409)).toHaveLength(195);
      for (const res of responses.filter((r) => r.statusCode === 409)) {
        expect(res.json().code).toBe('SLOT_TAKEN');
      }
      const winners = responses
        .filter((r) => r.statusCode === 201)
        .map((r) => r.json().appointment.timeslot_id as string);
      expect(new Set(winners)).toEqual(new Set(slots.map((s) => s.id)));
      const active = await db()
        .select({ timeslotId: appointments.timeslotId })
        .from(appointments)
        .where(
          and(
            inArray(
              appointments.timeslotId,
              slots.map((s) => s.id),
            ),
            eq(appointments.status, 'booked'),
          ),
        );
      expect(active).toHaveLength(5);
      expect(new Set(active.map((a) => a.timeslotId)).size).toBe(5);
      const events = await db()
        .select({ id: appointmentEvents.id })
        .from(appointmentEvents)
        .where(eq(appointmentEvents.providerId, provider.providerId!));
      expect(events).toHaveLength(5);
      expect(await inconsistentSlots()).toEqual([]);
    });

    it('two clients rescheduling into the same free slot at once: exactly one wins', async () => {
      for (let round = 0; round < 5; round++) {
        const { provider, slots } = await createProviderWithSlots(t.app, 3);
        const [first, second] = [await createClient(t.app), await createClient(t.app)];
        const ids = [
          await book(t.app, first, slots[0]!.id),
          await book(t.app, second, slots[1]!.id),
        ];
        const target = slots[2]!.id;
        const [a, b] = await Promise.all([
          reschedule(first, ids[0]!, { newTimeslotId: target }),
          reschedule(second, ids[1]!, { newTimeslotId: target }),
        ]);
        expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
        const loser = a!.statusCode === 409 ? a! : b!;
        expect(loser.json().code).toBe('SLOT_TAKEN');
        const winnerId = a!.statusCode === 200 ? ids[0]! : ids[1]!;
        const loserId = winnerId === ids[0] ? ids[1]! : ids[0]!;
        const loserSlot = winnerId === ids[0] ? slots[1]! : slots[0]!;
        const winnerOldSlot = winnerId === ids[0] ? slots[0]! : slots[1]!;
        expect(await slotState(target)).toEqual({ isBooked: true, active: [winnerId] });
        expect(await slotState(loserSlot.id)).toEqual({ isBooked: true, active: [loserId] });
        expect(await slotState(winnerOldSlot.id)).toEqual({ isBooked: false, active: [] });
        expect(provider.providerId).toBeTruthy();
      }
      expect(await inconsistentSlots()).toEqual([]);
    });

    it('cancel and reschedule of the same appointment at once leave a consistent state', async () => {
      const { slots } = await createProviderWithSlots(t.app, 2);
      const client = await createClient(t.app);
      const id = await book(t.app, client, slots[0]!.id);
      const [canceled, moved] = await Promise.all([
        cancel(client, id),
        reschedule(client, id, { newTimeslotId: slots[1]!.id }),
      ]);
      expect(canceled.statusCode).toBe(200);
      expect([200, 409]).toContain(moved.statusCode);
      expect(await slotState(slots[0]!.id)).toEqual({ isBooked: false, active: [] });
      expect(await slotState(slots[1]!.id)).toEqual({ isBooked: false, active: [] });
      expect(await inconsistentSlots()).toEqual([]);
    });
  });
});
