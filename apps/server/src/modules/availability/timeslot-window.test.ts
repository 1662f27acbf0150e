import {
  AVAILABILITY_MESSAGES,
  timeslotViewResponseSchema,
  timeslotWindowSlotSchema,
} from '@slotwise/shared/availability-schemas';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestWorld } from '../../../test/helpers/app';
import { book } from '../../../test/helpers/booking-factories';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { timeslotWindowQuery } from './timeslot-window';

/**
 * GET /api/timeslots/view?from&to: the calendar window (docs/decisions/040-weekly-hours-and-time-off.md).
 * Days are the provider's wall-clock days, both ends included; booked slots name the client.
 */

const NOW = new Date('2027-01-04T15:00:00Z'); // Monday 10:00 in New York

function view(user: TestUser, query: string) {
  return t.app.inject({ url: `/api/timeslots/view${query}`, headers: user.headers });
}

async function create(user: TestUser, day: string, startTime: string, endTime: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/timeslots/create',
    headers: user.headers,
    payload: { day, startTime, endTime },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().slot.id as string;
}

const t = useTestWorld(
  async (app) => {
    const provider: TestUser = await createProvider(app);
    const other: TestUser = await createProvider(app);
    const client: TestUser = await createClient(app, {
      firstName: 'Wendy',
      lastName: 'Window',
      email: 'wendy@example.test',
    });
    // Sunday before the window, the window's Monday (later today) and Sunday, the Monday after.
    await create(provider, '2027-01-10', '23:00', '23:30');
    await create(provider, '2027-01-11', '00:00', '00:30');
    const bookedSlotId: string = await create(provider, '2027-01-11', '09:00', '09:30');
    await create(provider, '2027-01-17', '23:30', '23:59');
    await create(provider, '2027-01-18', '00:00', '00:30');
    await create(other, '2027-01-12', '09:00', '09:30');
    const appointmentId: string = await book(app, client, bookedSlotId);
    return { provider, other, client, bookedSlotId, appointmentId };
  },
  { now: NOW },
);

describe('GET /api/timeslots/view?from&to', () => {
  it('returns the days from–to inclusive in the provider’s zone, own slots only, in order', async () => {
    const res = await view(t.provider, '?from=2027-01-11&to=2027-01-17');
    expect(res.statusCode, res.body).toBe(200);
    const slots = res.json().slots as { day: string; start_time: string }[];
    expect(slots.map((s) => `${s.day} ${s.start_time}`)).toEqual([
      '2027-01-11 00:00:00',
      '2027-01-11 09:00:00',
      '2027-01-17 23:30:00',
    ]);
  });

  it('a booked slot names the appointment and the client’s first and last name only', async () => {
    const res = await view(t.provider, '?from=2027-01-11&to=2027-01-11');
    const [free, booked] = res.json().slots;
    expect(booked).toEqual({
      id: t.bookedSlotId,
      day: '2027-01-11',
      start_time: '09:00:00',
      end_time: '09:30:00',
      type: 'Barber',
      is_booked: true,
      source: 'manual',
      appointment_id: t.appointmentId,
      client_first_name: 'Wendy',
      client_last_name: 'Window',
      capacity: 1,
      seats_left: 0,
      attendees: null,
    });
    expect(res.body).not.toContain('wendy@example.test');
    expect(free).toMatchObject({
      is_booked: false,
      appointment_id: null,
      client_first_name: null,
      client_last_name: null,
    });
  });

  it('answers JSON of the view schema, field for field, and an empty window as no slots', async () => {
    const res = await view(t.provider, '?from=2027-01-10&to=2027-01-18');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    // The database writes this JSON (decision 046): nothing may be missing, extra or mistyped.
    const strict = timeslotWindowSlotSchema.strict();
    const slots = res.json().slots as unknown[];
    expect(slots).toHaveLength(5);
    for (const slot of slots) expect(strict.safeParse(slot).error).toBeUndefined();
    expect(timeslotViewResponseSchema.safeParse(res.json()).success).toBe(true);

    const empty = await view(t.provider, '?from=2027-03-01&to=2027-03-07');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ slots: [] });
  });

  it('a window in the past is shown too (the calendar pages back)', async () => {
    const res = await view(t.provider, '?from=2026-12-28&to=2027-01-03');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ slots: [] });
  });

  it('without from/to the answer is the product list: its fields plus the catalogue ones', async () => {
    const res = await view(t.provider, '');
    const slots = res.json().slots as Record<string, unknown>[];
    expect(slots).toHaveLength(5);
    expect(Object.keys(slots[0]!).sort()).toEqual(
      // The list's fields plus the catalogue's additive service and price (docs/product.md §11).
      [
        'currency',
        'day',
        'end_time',
        'id',
        'is_booked',
        'price_cents',
        'service_id',
        'start_time',
        'type',
        // Seats (docs/decisions/067-seats-and-series.md).
        'capacity',
        'seats_left',
      ].sort(),
    );
  });

  it('400 for a bad window', async () => {
    const cases: [string, string, string][] = [
      ['?from=2027-01-11', 'to', AVAILABILITY_MESSAGES.windowBothRequired],
      ['?to=2027-01-11', 'from', AVAILABILITY_MESSAGES.windowBothRequired],
      ['?from=2027-02-30&to=2027-03-01', 'from', AVAILABILITY_MESSAGES.windowFromInvalid],
      ['?from=2027-01-11&to=yesterday', 'to', AVAILABILITY_MESSAGES.windowToInvalid],
      ['?from=2027-01-11&to=2027-01-10', 'to', AVAILABILITY_MESSAGES.windowToBeforeFrom],
      ['?from=2027-01-01&to=2027-04-03', 'to', AVAILABILITY_MESSAGES.windowTooWide],
    ];
    for (const [query, field, message] of cases) {
      const res = await view(t.provider, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().fieldErrors?.[field], query).toBe(message);
    }
    // 92 days is the widest window.
    expect((await view(t.provider, '?from=2027-01-01&to=2027-04-02')).statusCode).toBe(200);
  });
});

describe('window query plan (EXPLAIN)', () => {
  it('reads the window by timeslots_provider_day_idx and probes each slot’s active appointment, never all appointments', async () => {
    const db = t.app.database.db;
    const plan = await db.transaction(async (tx) => {
      // Tiny tables: without this the planner rightly prefers sequential scans.
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = timeslotWindowQuery(tx, {
        providerId: t.provider.providerId!,
        from: '2027-01-11',
        to: '2027-01-17',
      });
      const result = (await tx.execute(sql`explain `.append(query.getSQL()))) as unknown as {
        rows: Record<string, string>[];
      };
      return result.rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toMatch(/timeslots_provider_day_idx[\s\S]*Index Cond: \(\(provider_id = /);
    // One probe per slot (the LATERAL stays a loop), not a hash of every appointment.
    expect(plan).toMatch(/Limit[\s\S]*appointments_one_seat_per_client/);
    expect(plan).toMatch(/Index Cond: \(timeslot_id = \w+\.id\)/);
    expect(plan).not.toMatch(/Hash/);
  });
});
