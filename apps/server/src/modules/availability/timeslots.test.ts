import { MESSAGES } from '@slotwise/shared/texts';
import { addDays, todayIn } from '@slotwise/shared/dates';
import { MAX_SLOTS_PER_REQUEST, TIMESLOT_MESSAGES } from '@slotwise/shared/availability-slot-texts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/helpers/app';
import { bookedSlot } from '../../../test/helpers/booking-factories';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { timeslots } from '../../db/schema';
import { asUser } from '../../../test/helpers/requests';

const NY = 'America/New_York';

const t = useTestApp();

interface SlotBody {
  day?: unknown;
  startTime?: unknown;
  endTime?: unknown;
  type?: unknown;
}

function createSlot(user: TestUser | null, body: SlotBody) {
  return t.app.inject({
    method: 'POST',
    url: '/api/timeslots/create',
    headers: user?.headers ?? {},
    payload: body as Record<string, unknown>,
  });
}

function bulkCreate(user: TestUser, body: Record<string, unknown>) {
  return asUser(t.app, user).post('/api/timeslots/bulk-create', body);
}

function viewSlots(user: TestUser, query = '') {
  return t.app.inject({ method: 'GET', url: `/api/timeslots/view${query}`, headers: user.headers });
}

function updateSlot(user: TestUser, id: string, body: Record<string, unknown>) {
  return asUser(t.app, user).patch(`/api/timeslots/update/${id}`, body);
}

function deleteSlot(user: TestUser, id: string) {
  return asUser(t.app, user).delete(`/api/timeslots/delete/${id}`);
}

/** A date `days` after today in the provider's zone (real clock). */
function dayIn(user: TestUser, days: number): string {
  return addDays(todayIn(user.timezone), days);
}

async function createOk(user: TestUser, body: SlotBody): Promise<{ id: string }> {
  const res = await createSlot(user, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ slot: { id: string } }>().slot;
}

/** A free slot of `user` from 09:00 to 10:00 two days ahead, made through the API. */
const morningSlot = (user: TestUser) =>
  createOk(user, { day: dayIn(user, 2), startTime: '09:00', endTime: '10:00' });

function errorOf(res: { json: () => unknown }) {
  return res.json() as {
    message: string;
    error: string;
    code: string;
    fieldErrors?: Record<string, string>;
  };
}

describe('who may call the time slot endpoints', () => {
  const someId = '00000000-0000-4000-8000-000000000000';
  const calls = [
    { method: 'POST', url: '/api/timeslots/create' },
    { method: 'POST', url: '/api/timeslots/bulk-create' },
    { method: 'GET', url: '/api/timeslots/view' },
    { method: 'PATCH', url: `/api/timeslots/update/${someId}` },
    { method: 'DELETE', url: `/api/timeslots/delete/${someId}` },
  ] as const;

  it('401 without a token or with a bad one, on every endpoint', async () => {
    for (const call of calls) {
      const none = await t.app.inject({
        ...call,
        payload: call.method === 'GET' || call.method === 'DELETE' ? undefined : {},
      });
      expect(none.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(errorOf(none).code).toBe('UNAUTHENTICATED');
      const bad = await t.app.inject({ ...call, headers: { authorization: 'Bearer nonsense' } });
      expect(bad.statusCode, `${call.method} ${call.url}`).toBe(401);
    }
  });

  it('403 for a client, before the body is even looked at', async () => {
    const client = await createClient(t.app);
    for (const call of calls) {
      const res = await t.app.inject({
        ...call,
        headers: client.headers,
        payload: call.method === 'GET' || call.method === 'DELETE' ? undefined : { day: 'nope' },
      });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(errorOf(res).code).toBe('FORBIDDEN');
    }
  });
});

describe('POST /api/timeslots/create', () => {
  it('creates a slot: 201, SPEC message, docs/product.md §3 fields + docs/product.md §11 service fields only, times as HH:MM:SS', async () => {
    const provider = await createProvider(t.app, { specialty: 'Barber' });
    const day = dayIn(provider, 3);
    const res = await createSlot(provider, { day, startTime: '09:00', endTime: '09:30:00' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      message: 'Time slot created successfully!',
      slot: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        day,
        start_time: '09:00:00',
        end_time: '09:30:00',
        type: 'Barber',
        is_booked: false,
        service_id: null,
        price_cents: null,
        currency: null,
        capacity: 1,
        seats_left: 1,
      },
    });
  });

  it("type is the provider's specialty unless one is given", async () => {
    const provider = await createProvider(t.app, { specialty: 'Tutor' });
    const noSpecialty = await createProvider(t.app, { specialty: null });
    const day = dayIn(provider, 2);
    const given = await createSlot(provider, {
      day,
      startTime: '10:00:00',
      endTime: '11:00:00',
      type: 'Maths lesson',
    });
    expect(given.json().slot.type).toBe('Maths lesson');
    const fallback = await createSlot(noSpecialty, {
      day,
      startTime: '10:00:00',
      endTime: '11:00:00',
    });
    expect(fallback.json().slot.type).toBe('Appointment');
  });

  it('400 with each docs/product.md §5 message', async () => {
    const provider = await createProvider(t.app);
    const day = dayIn(provider, 5);
    const cases: [SlotBody, string, string][] = [
      [{ startTime: '09:00:00', endTime: '10:00:00' }, 'day', MESSAGES.dateRequired],
      [{ day: '', startTime: '09:00:00', endTime: '10:00:00' }, 'day', 'Date is required'],
      [
        { day: dayIn(provider, -1), startTime: '09:00:00', endTime: '10:00:00' },
        'day',
        'Date cannot be in the past',
      ],
      [{ day, endTime: '10:00:00' }, 'startTime', 'Start time is required'],
      [{ day, startTime: '', endTime: '10:00:00' }, 'startTime', 'Start time is required'],
      [{ day, startTime: '09:00:00' }, 'endTime', 'End time is required'],
      [{ day, startTime: '09:00:00', endTime: '' }, 'endTime', 'End time is required'],
      [
        { day, startTime: '10:00:00', endTime: '10:00:00' },
        'endTime',
        'End time must be after start time',
      ],
      [
        { day, startTime: '10:00:00', endTime: '09:00:00' },
        'endTime',
        'End time must be after start time',
      ],
      [
        { day, startTime: '10:00:00', endTime: '10:14:59' },
        'endTime',
        'Minimum slot duration is 15 minutes',
      ],
      [
        { day: '2031-02-30', startTime: '10:00:00', endTime: '11:00:00' },
        'day',
        TIMESLOT_MESSAGES.invalidDate,
      ],
      [
        { day: '30/06/2031', startTime: '10:00:00', endTime: '11:00:00' },
        'day',
        TIMESLOT_MESSAGES.invalidDate,
      ],
      [
        { day, startTime: '9:5', endTime: '11:00:00' },
        'startTime',
        TIMESLOT_MESSAGES.invalidStartTime,
      ],
      [
        { day, startTime: '23:00:00', endTime: '24:00:00' },
        'endTime',
        TIMESLOT_MESSAGES.invalidEndTime,
      ],
      [{ day, startTime: 900, endTime: '11:00:00' }, 'startTime', 'Start time is required'],
    ];
    for (const [body, field, message] of cases) {
      const res = await createSlot(provider, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const error = errorOf(res);
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.message, JSON.stringify(body)).toBe(message);
      expect(error.error).toBe(message);
      expect(error.fieldErrors?.[field], JSON.stringify(body)).toBe(message);
    }
    // Nothing was stored by any of them.
    expect((await viewSlots(provider)).json().slots).toEqual([]);
  });

  it('an empty body names every missing field', async () => {
    const provider = await createProvider(t.app);
    const res = await createSlot(provider, {});
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toEqual({
      message: 'Date is required',
      error: 'Date is required',
      code: 'VALIDATION_FAILED',
      fieldErrors: {
        day: 'Date is required',
        startTime: 'Start time is required',
        endTime: 'End time is required',
      },
    });
  });

  it('exactly 15 minutes is enough', async () => {
    const provider = await createProvider(t.app);
    await createOk(provider, {
      day: dayIn(provider, 1),
      startTime: '08:00:00',
      endTime: '08:15:00',
    });
  });

  it('409 SLOT_OVERLAP naming the clashing slot; touching slots and other providers are fine', async () => {
    const provider = await createProvider(t.app);
    const other = await createProvider(t.app);
    const day = dayIn(provider, 4);
    await createOk(provider, { day, startTime: '09:00:00', endTime: '09:30:00' });

    const clash = await createSlot(provider, { day, startTime: '09:15:00', endTime: '09:45:00' });
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash)).toEqual({
      message: `This time slot overlaps your slot on ${day} from 09:00 to 09:30`,
      error: `This time slot overlaps your slot on ${day} from 09:00 to 09:30`,
      code: 'SLOT_OVERLAP',
    });
    // Covering it entirely is an overlap too.
    expect(
      (await createSlot(provider, { day, startTime: '08:00:00', endTime: '12:00:00' })).statusCode,
    ).toBe(409);

    await createOk(provider, { day, startTime: '09:30:00', endTime: '10:00:00' });
    await createOk(provider, { day, startTime: '08:45:00', endTime: '09:00:00' });
    await createOk(other, { day, startTime: '09:00:00', endTime: '09:30:00' });

    const several = await createSlot(provider, { day, startTime: '08:50:00', endTime: '09:40:00' });
    expect(errorOf(several).message).toBe(
      `This time slot overlaps your slots ${day} 08:45–09:00, ${day} 09:00–09:30, ${day} 09:30–10:00`,
    );
  });

  it('two simultaneous overlapping creates: exactly one succeeds', async () => {
    const provider = await createProvider(t.app);
    const day = dayIn(provider, 6);
    const results = await Promise.all([
      createSlot(provider, { day, startTime: '14:00:00', endTime: '15:00:00' }),
      createSlot(provider, { day, startTime: '14:30:00', endTime: '15:30:00' }),
      createSlot(provider, { day, startTime: '14:00:00', endTime: '15:00:00' }),
    ]);
    const codes = results.map((res) => res.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
    for (const res of results.filter((r) => r.statusCode === 409)) {
      expect(errorOf(res).code).toBe('SLOT_OVERLAP');
      expect(errorOf(res).message).toMatch(
        new RegExp(`^This time slot overlaps your slot on ${day} from 14:`),
      );
    }
    const stored = await t.app.database.db
      .select({ id: timeslots.id })
      .from(timeslots)
      .where(eq(timeslots.providerId, provider.providerId!));
    expect(stored).toHaveLength(1);
  });
});

describe('GET /api/timeslots/view', () => {
  it("lists only the caller's slots, sorted by day then start, from today on by default", async () => {
    const provider = await createProvider(t.app);
    const other = await createProvider(t.app);
    const [d1, d2] = [dayIn(provider, 1), dayIn(provider, 2)];
    await createOk(provider, { day: d2, startTime: '08:00:00', endTime: '09:00:00' });
    await createOk(provider, { day: d1, startTime: '13:00:00', endTime: '14:00:00' });
    await createOk(provider, { day: d1, startTime: '09:00:00', endTime: '10:00:00' });
    await createOk(other, { day: d1, startTime: '07:00:00', endTime: '08:00:00' });
    // History can only be written straight into the database: the API refuses the past.
    const yesterday = dayIn(provider, -1);
    await t.app.database.db.insert(timeslots).values({
      providerId: provider.providerId!,
      day: yesterday,
      startTime: '09:00:00',
      endTime: '10:00:00',
      startsAt: sql`((${yesterday}::date + time '09:00') at time zone ${NY})`,
      endsAt: sql`((${yesterday}::date + time '10:00') at time zone ${NY})`,
      type: 'Barber',
    });

    const res = await viewSlots(provider);
    expect(res.statusCode).toBe(200);
    const { slots } = res.json<{ slots: { day: string; start_time: string }[] }>();
    expect(slots.map((s) => `${s.day} ${s.start_time}`)).toEqual([
      `${d1} 09:00:00`,
      `${d1} 13:00:00`,
      `${d2} 08:00:00`,
    ]);
    expect(Object.keys(slots[0]!).sort()).toEqual(
      [
        'day',
        'end_time',
        'id',
        'is_booked',
        'start_time',
        'type',
        // docs/product.md §11 (catalogue): the slot's service and its price, null without a service.
        'service_id',
        'price_cents',
        'currency',
        // Seats (docs/decisions/067-seats-and-series.md).
        'capacity',
        'seats_left',
      ].sort(),
    );

    const all = await viewSlots(provider, '?include=past');
    expect(all.json().slots.map((s: { day: string }) => s.day)).toEqual([yesterday, d1, d1, d2]);

    const bad = await viewSlots(provider, '?include=everything');
    expect(bad.statusCode).toBe(400);
  });

  it('shows is_booked', async () => {
    const { provider } = await bookedSlot(t.app);
    const { slots } = (await viewSlots(provider)).json();
    expect(slots[0].is_booked).toBe(true);
  });
});

describe('PATCH /api/timeslots/update/:id', () => {
  it('changes only the sent fields', async () => {
    const provider = await createProvider(t.app, { specialty: 'Mechanic' });
    const day = dayIn(provider, 3);
    const slot = await createOk(provider, { day, startTime: '09:00:00', endTime: '10:00:00' });

    const res = await updateSlot(provider, slot.id, { endTime: '10:30:00' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Time slot updated successfully!',
      slot: {
        id: slot.id,
        day,
        start_time: '09:00:00',
        end_time: '10:30:00',
        type: 'Mechanic',
        is_booked: false,
        service_id: null,
        price_cents: null,
        currency: null,
        capacity: 1,
        seats_left: 1,
      },
    });

    const typed = await updateSlot(provider, slot.id, { type: 'Oil change' });
    expect(typed.json().slot).toMatchObject({
      day,
      start_time: '09:00:00',
      end_time: '10:30:00',
      type: 'Oil change',
    });
  });

  it('takes day as an ISO date-time (docs/product.md §7) or as YYYY-MM-DD, and moves the instants with it', async () => {
    const provider = await createProvider(t.app, { timezone: 'Asia/Tokyo' });
    const slot = await morningSlot(provider);
    const target = dayIn(provider, 8);
    const iso = await updateSlot(provider, slot.id, { day: `${target}T00:00:00.000Z` });
    expect(iso.statusCode, iso.body).toBe(200);
    expect(iso.json().slot.day).toBe(target);
    const [row] = await t.app.database.db
      .select({ startsAt: timeslots.startsAt, endsAt: timeslots.endsAt })
      .from(timeslots)
      .where(eq(timeslots.id, slot.id));
    // 09:00 in Tokyo (UTC+9, no daylight saving) is 00:00 UTC that day.
    expect(row!.startsAt.toISOString()).toBe(`${target}T00:00:00.000Z`);
    expect(row!.endsAt.toISOString()).toBe(`${target}T01:00:00.000Z`);

    const plain = await updateSlot(provider, slot.id, {
      day: dayIn(provider, 9),
      startTime: '11:00:00',
      endTime: '11:45:00',
    });
    expect(plain.json().slot).toMatchObject({
      day: dayIn(provider, 9),
      start_time: '11:00:00',
      end_time: '11:45:00',
    });

    const bad = await updateSlot(provider, slot.id, { day: `${target}Tnoon` });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBe(TIMESLOT_MESSAGES.invalidDate);
  });

  it('re-checks the merged slot with the create rules', async () => {
    const provider = await createProvider(t.app);
    const day = dayIn(provider, 3);
    const slot = await createOk(provider, { day, startTime: '09:00:00', endTime: '10:00:00' });
    const cases: [Record<string, unknown>, string][] = [
      [{ endTime: '08:30:00' }, 'End time must be after start time'],
      [{ startTime: '09:50:00' }, 'Minimum slot duration is 15 minutes'],
      [{ day: dayIn(provider, -1) }, 'Date cannot be in the past'],
      [{ day: '' }, 'Date is required'],
      [{ startTime: '' }, 'Start time is required'],
      [{ startTime: '10:00:00', endTime: '09:00:00' }, 'End time must be after start time'],
      [{}, TIMESLOT_MESSAGES.nothingToUpdate],
    ];
    for (const [body, message] of cases) {
      const res = await updateSlot(provider, slot.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).message, JSON.stringify(body)).toBe(message);
    }
    const { slots } = (await viewSlots(provider)).json();
    expect(slots[0]).toMatchObject({ start_time: '09:00:00', end_time: '10:00:00' });
  });

  it('404 for another provider’s slot or an unknown one, 400 for a malformed id', async () => {
    const owner = await createProvider(t.app);
    const intruder = await createProvider(t.app);
    const slot = await morningSlot(owner);
    const foreign = await updateSlot(intruder, slot.id, { endTime: '11:00:00' });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign)).toEqual({
      message: 'Time slot not found',
      error: 'Time slot not found',
      code: 'NOT_FOUND',
    });
    const unknown = await updateSlot(intruder, '00000000-0000-4000-8000-000000000000', {
      endTime: '11:00:00',
    });
    expect(unknown.json()).toEqual(foreign.json());
    const malformed = await updateSlot(owner, 'abc', { endTime: '11:00:00' });
    expect(malformed.statusCode).toBe(400);
    // Input is checked before existence (docs/product.md §10.4 order): bad body on someone else's slot is a 400.
    expect((await updateSlot(intruder, slot.id, { endTime: '25:00' })).statusCode).toBe(400);
    // The owner's slot is untouched.
    expect((await viewSlots(owner)).json().slots[0].end_time).toBe('10:00:00');
  });

  it('409 SLOT_OVERLAP when moved onto another slot; overlapping its own old time is fine', async () => {
    const provider = await createProvider(t.app);
    const day = dayIn(provider, 3);
    const first = await createOk(provider, { day, startTime: '09:00:00', endTime: '10:00:00' });
    await createOk(provider, { day, startTime: '11:00:00', endTime: '12:00:00' });
    const moved = await updateSlot(provider, first.id, {
      startTime: '10:30:00',
      endTime: '11:30:00',
    });
    expect(moved.statusCode).toBe(409);
    expect(errorOf(moved)).toMatchObject({
      code: 'SLOT_OVERLAP',
      message: `This time slot overlaps your slot on ${day} from 11:00 to 12:00`,
    });
    const shifted = await updateSlot(provider, first.id, {
      startTime: '09:30:00',
      endTime: '10:30:00',
    });
    expect(shifted.statusCode).toBe(200);
  });

  it('409 SLOT_BOOKED for a booked slot, and nothing changes', async () => {
    const { provider, slot } = await bookedSlot(t.app);
    const res = await updateSlot(provider, slot.id, { type: 'Something else' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({
      message: TIMESLOT_MESSAGES.slotBookedUpdate,
      error: TIMESLOT_MESSAGES.slotBookedUpdate,
      code: 'SLOT_BOOKED',
    });
    expect((await viewSlots(provider)).json().slots[0]).toMatchObject({
      start_time: slot.startTime,
      end_time: slot.endTime,
      type: slot.type,
    });
  });
});

describe('DELETE /api/timeslots/delete/:id', () => {
  it('deletes an own free slot', async () => {
    const provider = await createProvider(t.app);
    const slot = await morningSlot(provider);
    const res = await deleteSlot(provider, slot.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Time slot deleted' });
    expect((await viewSlots(provider)).json().slots).toEqual([]);
    expect((await deleteSlot(provider, slot.id)).statusCode).toBe(404);
  });

  it('404 for another provider’s slot, which survives', async () => {
    const owner = await createProvider(t.app);
    const intruder = await createProvider(t.app);
    const slot = await morningSlot(owner);
    const res = await deleteSlot(intruder, slot.id);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('NOT_FOUND');
    expect((await viewSlots(owner)).json().slots).toHaveLength(1);
  });

  it('409 SLOT_BOOKED for a booked slot (by the flag or by an active appointment)', async () => {
    const { provider, slot: flagged } = await bookedSlot(t.app);
    const { slot: held } = await bookedSlot(t.app, {
      provider,
      slot: { startsInMinutes: 180 },
      markSlot: false,
    });
    for (const id of [flagged.id, held.id]) {
      const res = await deleteSlot(provider, id);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toMatchObject({
        code: 'SLOT_BOOKED',
        message: TIMESLOT_MESSAGES.slotBookedDelete,
      });
    }
    expect((await viewSlots(provider)).json().slots).toHaveLength(2);
  });
});

describe('POST /api/timeslots/bulk-create', () => {
  it('creates a whole run: consecutive slots with breaks on every chosen date', async () => {
    const provider = await createProvider(t.app, { specialty: 'Photographer' });
    const [d1, d2] = [dayIn(provider, 10), dayIn(provider, 11)];
    const res = await bulkCreate(provider, {
      dates: [d2, d1],
      startTime: '09:00:00',
      endTime: '12:00:00',
      slotMinutes: 30,
      breakMinutes: 15,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{
      message: string;
      slots: { day: string; start_time: string; end_time: string; type: string }[];
    }>();
    expect(body.message).toBe('8 time slots created successfully!');
    const expected = [
      '09:00:00-09:30:00',
      '09:45:00-10:15:00',
      '10:30:00-11:00:00',
      '11:15:00-11:45:00',
    ];
    expect(body.slots.map((s) => `${s.day} ${s.start_time}-${s.end_time}`)).toEqual([
      ...expected.map((range) => `${d1} ${range}`),
      ...expected.map((range) => `${d2} ${range}`),
    ]);
    expect(new Set(body.slots.map((s) => s.type))).toEqual(new Set(['Photographer']));
    expect((await viewSlots(provider)).json().slots).toHaveLength(8);
  });

  it('a working day 09:00–17:00 in 30-minute slots is 16 slots', async () => {
    const provider = await createProvider(t.app);
    const res = await bulkCreate(provider, {
      dates: [dayIn(provider, 1)],
      startTime: '09:00',
      endTime: '17:00',
      slotMinutes: 30,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().slots).toHaveLength(16);
  });

  it('a clash anywhere creates nothing and names every clash', async () => {
    const provider = await createProvider(t.app);
    const [d1, d2, d3] = [dayIn(provider, 1), dayIn(provider, 2), dayIn(provider, 3)];
    await createOk(provider, { day: d2, startTime: '10:15:00', endTime: '10:45:00' });
    await createOk(provider, { day: d3, startTime: '16:30:00', endTime: '17:30:00' });
    const res = await bulkCreate(provider, {
      dates: [d1, d2, d3],
      startTime: '09:00:00',
      endTime: '17:00:00',
      slotMinutes: 60,
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({
      code: 'SLOT_OVERLAP',
      message: `No slots were created: the run overlaps 2 of your existing slots: ${d2} 10:15–10:45, ${d3} 16:30–17:30`,
      error: `No slots were created: the run overlaps 2 of your existing slots: ${d2} 10:15–10:45, ${d3} 16:30–17:30`,
    });
    // All or nothing: d1 had no clash and still got nothing.
    const { slots } = (await viewSlots(provider)).json();
    expect(slots).toHaveLength(2);
  });

  it('400 for rules of the run', async () => {
    const provider = await createProvider(t.app);
    const day = dayIn(provider, 1);
    const base = { dates: [day], startTime: '09:00:00', endTime: '17:00:00', slotMinutes: 30 };
    const manyDates = Array.from({ length: 30 }, (_, i) => dayIn(provider, i + 1));
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, dates: [] }, TIMESLOT_MESSAGES.datesRequired],
      [{ ...base, dates: [day, day] }, TIMESLOT_MESSAGES.datesDuplicate],
      [{ ...base, dates: [dayIn(provider, -1), day] }, 'Date cannot be in the past'],
      [{ ...base, dates: ['2031-02-30'] }, TIMESLOT_MESSAGES.invalidDate],
      [{ ...base, slotMinutes: 10 }, 'Minimum slot duration is 15 minutes'],
      [{ ...base, slotMinutes: undefined }, TIMESLOT_MESSAGES.slotLengthRequired],
      [{ ...base, endTime: '08:00:00' }, 'End time must be after start time'],
      [{ ...base, endTime: '09:20:00' }, TIMESLOT_MESSAGES.rangeShorterThanSlot],
      [{ ...base, breakMinutes: -5 }, TIMESLOT_MESSAGES.breakInvalid],
      [{ ...base, startTime: '' }, 'Start time is required'],
      [
        { ...base, dates: manyDates, startTime: '00:00', endTime: '23:45', slotMinutes: 15 },
        `At most ${MAX_SLOTS_PER_REQUEST} slots can be created at once (this run makes ${MAX_SLOTS_PER_REQUEST + 1})`,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await bulkCreate(provider, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).message, JSON.stringify(body)).toBe(message);
    }
    expect((await viewSlots(provider)).json().slots).toEqual([]);
  });

  it(`${MAX_SLOTS_PER_REQUEST} slots in one request is allowed`, async () => {
    const provider = await createProvider(t.app);
    // 20 dates × 25 half-hour slots (08:00–20:30) = 500.
    const dates = Array.from({ length: 20 }, (_, i) => dayIn(provider, i + 40));
    const res = await bulkCreate(provider, {
      dates,
      startTime: '08:00',
      endTime: '20:30',
      slotMinutes: 30,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().slots).toHaveLength(MAX_SLOTS_PER_REQUEST);
  });
});

/**
 * "Now" is the app's clock (faked here, Date only) while the zone arithmetic runs in SQL.
 * 2030-06-15T02:00:00Z is 22:00 on 14 June in New York (where the tests run), 16:00 on 15 June
 * at Kiritimati (UTC+14) and 15:00 on 14 June at Pago Pago (UTC−11).
 */
describe('day boundaries in the provider’s time zone', () => {
  const NOW = new Date('2030-06-15T02:00:00.000Z');
  let ny: TestUser;
  let kiritimati: TestUser;
  let pagoPago: TestUser;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    // Tokens are issued and checked on the fake clock.
    ny = await createProvider(t.app, { timezone: NY });
    kiritimati = await createProvider(t.app, { timezone: 'Pacific/Kiritimati' });
    pagoPago = await createProvider(t.app, { timezone: 'Pacific/Pago_Pago' });
  });
  afterEach(() => {
    vi.setSystemTime(NOW);
  });

  /** Creates the slot `day startTime–endTime` for `user`. */
  const slotOn = (user: TestUser, day: string, startTime: string, endTime: string) =>
    createSlot(user, { day, startTime, endTime });

  /** When the slot a create call answered starts, as stored. */
  const storedStart = async (created: { json: () => { slot: { id: string } } }) => {
    const [row] = await t.app.database.db
      .select({ startsAt: timeslots.startsAt })
      .from(timeslots)
      .where(eq(timeslots.id, created.json().slot.id));
    return row!.startsAt.toISOString();
  };

  afterAll(() => {
    vi.useRealTimers();
  });

  it('the tests really run where it is already tomorrow in UTC', () => {
    expect(new Date().toISOString().slice(0, 10)).toBe('2030-06-15');
    expect(todayIn(NY)).toBe('2030-06-14');
    expect(new Date().getDate()).toBe(14); // process TZ is America/New_York
  });

  it('New York: today 23:00–23:30 is accepted though UTC is on the next day; yesterday is refused', async () => {
    const res = await slotOn(ny, '2030-06-14', '23:00:00', '23:30:00');
    expect(res.statusCode, res.body).toBe(201);
    expect(await storedStart(res)).toBe('2030-06-15T03:00:00.000Z');

    const yesterday = await slotOn(ny, '2030-06-13', '23:00:00', '23:30:00');
    expect(yesterday.statusCode).toBe(400);
    expect(errorOf(yesterday).message).toBe('Date cannot be in the past');

    const earlierToday = await slotOn(ny, '2030-06-14', '21:00:00', '21:30:00');
    expect(earlierToday.statusCode).toBe(400);
    expect(errorOf(earlierToday)).toMatchObject({
      message: TIMESLOT_MESSAGES.startInPast,
      fieldErrors: { startTime: TIMESLOT_MESSAGES.startInPast },
    });

    // The list's "today" is New York's too: the 14 June slot is shown.
    const { slots } = (await viewSlots(ny)).json();
    expect(slots.map((s: { day: string }) => s.day)).toEqual(['2030-06-14']);
  });

  it('Kiritimati (UTC+14): the 14th is already past although it is the 14th in New York', async () => {
    const past = await slotOn(kiritimati, '2030-06-14', '18:00', '19:00');
    expect(past.statusCode).toBe(400);
    expect(errorOf(past).message).toBe('Date cannot be in the past');

    const earlier = await slotOn(kiritimati, '2030-06-15', '15:00', '16:00');
    expect(errorOf(earlier).message).toBe(TIMESLOT_MESSAGES.startInPast);

    const ok = await slotOn(kiritimati, '2030-06-15', '17:00', '17:30');
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await storedStart(ok)).toBe('2030-06-15T03:00:00.000Z');

    const run = await bulkCreate(kiritimati, {
      dates: ['2030-06-14', '2030-06-16'],
      startTime: '09:00',
      endTime: '10:00',
      slotMinutes: 30,
    });
    expect(errorOf(run).message).toBe('Date cannot be in the past');
  });

  it('Pago Pago (UTC−11): today is still the 14th although UTC is on the 15th', async () => {
    const ok = await slotOn(pagoPago, '2030-06-14', '16:00', '16:30');
    expect(ok.statusCode, ok.body).toBe(201);
    const yesterday = await slotOn(pagoPago, '2030-06-13', '16:00', '16:30');
    expect(errorOf(yesterday).message).toBe('Date cannot be in the past');

    // A run for today must not start before now (15:00 there).
    const early = await bulkCreate(pagoPago, {
      dates: ['2030-06-14'],
      startTime: '14:00',
      endTime: '18:00',
      slotMinutes: 60,
    });
    expect(early.statusCode).toBe(400);
    expect(errorOf(early).message).toBe(
      'Slots on 2030-06-14 must start after 15:00, the current time',
    );
    const late = await bulkCreate(pagoPago, {
      dates: ['2030-06-14'],
      startTime: '17:00',
      endTime: '19:00',
      slotMinutes: 60,
    });
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json().slots).toHaveLength(2);
  });

  it('an hour later the same New York slot time has passed', async () => {
    vi.setSystemTime(new Date('2030-06-15T03:10:00.000Z')); // 23:10 in New York
    const res = await slotOn(ny, '2030-06-14', '23:05:00', '23:30:00');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(TIMESLOT_MESSAGES.startInPast);
    const update = await updateSlot(
      ny,
      (await viewSlots(ny)).json().slots[0].id,
      { endTime: '23:45:00' }, // its start (23:00) has passed: the merged slot is refused
    );
    expect(update.statusCode).toBe(400);
    expect(errorOf(update).message).toBe(TIMESLOT_MESSAGES.startInPast);
  });
});
