import { AVAILABILITY_MESSAGES } from '@slotwise/shared/availability-schemas';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asUser } from '../../../test/helpers/requests';
import { useTestApp } from '../../../test/helpers/app';
import { useFakeNow } from '../../../test/helpers/clock';
import { book } from '../../../test/helpers/booking-factories';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { putWeekly, saveOk, slotsOf } from '../../../test/helpers/weekly-hours';

/**
 * Weekly hours (docs/decisions/040-weekly-hours-and-time-off.md): who may call, validation,
 * idempotent saves, clashes with hand-made slots, and edits that never touch booked slots
 * (daylight saving: weekly-hours-dst.test.ts). The app clock is faked per block.
 */

const t = useTestApp();
afterAll(() => vi.useRealTimers());

describe('who may call', () => {
  it('401 without a token, 403 for a client, on every weekly-hours call', async () => {
    const client = await createClient(t.app);
    for (const method of ['GET', 'PUT'] as const) {
      const anonymous = await t.app.inject({ method, url: '/api/availability/weekly' });
      expect(anonymous.statusCode).toBe(401);
      const asClient = await t.app.inject({
        method,
        url: '/api/availability/weekly',
        headers: client.headers,
        payload: { rules: [], horizonWeeks: 1 },
      });
      expect(asClient.statusCode).toBe(403);
    }
  });
});

describe('validation (400 with the shared messages)', () => {
  let provider: TestUser;
  beforeAll(async () => {
    provider = await createProvider(t.app);
  });

  const rule = { weekday: 1, start: '09:00', end: '12:00', slotMinutes: 30, breakMinutes: 0 };
  const cases: [string, unknown, string, string][] = [
    [
      'weekday 0',
      { rules: [{ ...rule, weekday: 0 }], horizonWeeks: 2 },
      'rules.0.weekday',
      AVAILABILITY_MESSAGES.weekdayInvalid,
    ],
    [
      'weekday 8',
      { rules: [{ ...rule, weekday: 8 }], horizonWeeks: 2 },
      'rules.0.weekday',
      AVAILABILITY_MESSAGES.weekdayInvalid,
    ],
    [
      'start after end',
      { rules: [{ ...rule, start: '12:00', end: '09:00' }], horizonWeeks: 2 },
      'rules.0.end',
      AVAILABILITY_MESSAGES.endAfterStart,
    ],
    [
      'equal start and end',
      { rules: [{ ...rule, start: '09:00', end: '09:00' }], horizonWeeks: 2 },
      'rules.0.end',
      AVAILABILITY_MESSAGES.endAfterStart,
    ],
    [
      'bad time',
      { rules: [{ ...rule, start: '24:00' }], horizonWeeks: 2 },
      'rules.0.start',
      AVAILABILITY_MESSAGES.startInvalid,
    ],
    [
      'slot of 10 minutes',
      { rules: [{ ...rule, slotMinutes: 10 }], horizonWeeks: 2 },
      'rules.0.slotMinutes',
      AVAILABILITY_MESSAGES.slotMinutesInvalid,
    ],
    [
      'slot of 481 minutes',
      { rules: [{ ...rule, start: '00:00', end: '23:00', slotMinutes: 481 }], horizonWeeks: 2 },
      'rules.0.slotMinutes',
      AVAILABILITY_MESSAGES.slotMinutesInvalid,
    ],
    [
      'break of 241 minutes',
      { rules: [{ ...rule, breakMinutes: 241 }], horizonWeeks: 2 },
      'rules.0.breakMinutes',
      AVAILABILITY_MESSAGES.breakMinutesInvalid,
    ],
    [
      'range shorter than a slot',
      { rules: [{ ...rule, end: '09:20' }], horizonWeeks: 2 },
      'rules.0.end',
      AVAILABILITY_MESSAGES.rangeShorterThanSlot,
    ],
    [
      'horizon 0',
      { rules: [rule], horizonWeeks: 0 },
      'horizonWeeks',
      AVAILABILITY_MESSAGES.horizonInvalid,
    ],
    [
      'horizon 27',
      { rules: [rule], horizonWeeks: 27 },
      'horizonWeeks',
      AVAILABILITY_MESSAGES.horizonInvalid,
    ],
    [
      'bad service id',
      { rules: [{ ...rule, serviceId: 'x' }], horizonWeeks: 2 },
      'rules.0.serviceId',
      AVAILABILITY_MESSAGES.serviceInvalid,
    ],
    [
      'overlapping ranges of one weekday',
      { rules: [rule, { ...rule, start: '11:00', end: '13:00' }], horizonWeeks: 2 },
      'rules.1.start',
      'Monday 11:00–13:00 overlaps 09:00–12:00',
    ],
  ];
  it.each(cases)('%s', async (_name, body, field, message) => {
    const res = await putWeekly(t.app, provider, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fieldErrors?.[field]).toBe(message);
    expect(await slotsOf(t.app, provider)).toEqual([]);
  });

  it('touching ranges and the same hours on two weekdays are fine', async () => {
    const res = await putWeekly(t.app, provider, {
      rules: [rule, { ...rule, start: '12:00', end: '13:00' }, { ...rule, weekday: 2 }],
      horizonWeeks: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const got = await t.app.inject({ url: '/api/availability/weekly', headers: provider.headers });
    expect(got.json()).toEqual({
      rules: [
        {
          weekday: 1,
          start: '09:00',
          end: '12:00',
          serviceId: null,
          slotMinutes: 30,
          breakMinutes: 0,
          capacity: 1,
        },
        {
          weekday: 1,
          start: '12:00',
          end: '13:00',
          serviceId: null,
          slotMinutes: 30,
          breakMinutes: 0,
          capacity: 1,
        },
        {
          weekday: 2,
          start: '09:00',
          end: '12:00',
          serviceId: null,
          slotMinutes: 30,
          breakMinutes: 0,
          capacity: 1,
        },
      ],
      horizonWeeks: 1,
      timezone: 'America/New_York',
    });
  });

  it('GET before any save: an empty week and the default horizon', async () => {
    const fresh = await createProvider(t.app);
    const res = await t.app.inject({ url: '/api/availability/weekly', headers: fresh.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ rules: [], horizonWeeks: 4, timezone: 'America/New_York' });
  });
});

describe('saving again, hand-made slots, booked slots', () => {
  // Monday 2027-01-04 10:00 EST: after the real clock, so bookings (checked by SQL now()) work.
  const NOW = new Date('2027-01-04T15:00:00Z');
  useFakeNow(NOW);

  const tuesday = { weekday: 2, start: '09:00', end: '12:00', slotMinutes: 30, breakMinutes: 0 };

  it('re-saving the same rules creates nothing and keeps every slot (same ids)', async () => {
    const provider = await createProvider(t.app);
    const first = await saveOk(t.app, provider, [tuesday], 3);
    expect(first.generation.created).toBe(18);
    const before = await slotsOf(t.app, provider);
    const second = await saveOk(t.app, provider, [tuesday], 3);
    expect(second.generation).toEqual({
      created: 0,
      kept: 18,
      removed: 0,
      skippedClashes: 0,
      skippedTimeOff: 0,
      skippedNonexistent: 0,
    });
    expect(await slotsOf(t.app, provider)).toEqual(before);
  });

  it('a clash with a hand-made slot skips that time instead of failing, and counts it', async () => {
    const provider = await createProvider(t.app);
    const manual = await asUser(t.app, provider).post('/api/timeslots/create', {
      day: '2027-01-05',
      startTime: '09:15',
      endTime: '09:45',
    });
    expect(manual.statusCode, manual.body).toBe(201);
    const { generation } = await saveOk(t.app, provider, [tuesday], 1);
    expect(generation).toMatchObject({ created: 4, skippedClashes: 2 });
    const day = await slotsOf(t.app, provider, '2027-01-05');
    expect(day.map((s) => [s.start_time.slice(0, 5), s.source])).toEqual([
      ['09:15', 'manual'],
      ['10:00', 'weekly'],
      ['10:30', 'weekly'],
      ['11:00', 'weekly'],
      ['11:30', 'weekly'],
    ]);
    // Removing the rules leaves the hand-made slot alone.
    const cleared = await saveOk(t.app, provider, [], 1);
    expect(cleared.generation.removed).toBe(4);
    expect((await slotsOf(t.app, provider)).map((s) => s.id)).toEqual([manual.json().slot.id]);
  });

  it('editing the rules replaces future free generated slots and never touches booked ones', async () => {
    const provider = await createProvider(t.app);
    const client = await createClient(t.app, { firstName: 'Bea', lastName: 'Booker' });
    await saveOk(t.app, provider, [tuesday], 1);
    const generated = await slotsOf(t.app, provider);
    const booked = generated.find((s) => s.start_time === '10:00:00')!;
    await book(t.app, client, booked.id);
    // A hand-edited generated slot becomes hand-made.
    const edited = generated.find((s) => s.start_time === '11:30:00')!;
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/timeslots/update/${edited.id}`,
      headers: provider.headers,
      payload: { type: 'Long cut' },
    });
    expect(patch.statusCode, patch.body).toBe(200);

    // Now hourly slots 09:00–12:00: 10:00 clashes with the booked slot, 11:00 with the edited one.
    const { generation } = await saveOk(t.app, provider, [{ ...tuesday, slotMinutes: 60 }], 1);
    expect(generation).toMatchObject({ created: 1, removed: 4, skippedClashes: 2 });
    const day = await slotsOf(t.app, provider, '2027-01-05');
    expect(
      day.map((s) => [s.start_time.slice(0, 5), s.end_time.slice(0, 5), s.source, s.is_booked]),
    ).toEqual([
      ['09:00', '10:00', 'weekly', false],
      ['10:00', '10:30', 'weekly', true],
      ['11:30', '12:00', 'manual', false],
    ]);
    expect(day[1]!.id).toBe(booked.id);

    // Clearing every rule still keeps the booked slot.
    await saveOk(t.app, provider, [], 1);
    expect((await slotsOf(t.app, provider)).map((s) => s.id).sort()).toEqual(
      [booked.id, edited.id].sort(),
    );
  });

  it('slots already past are neither generated nor removed', async () => {
    const provider = await createProvider(t.app);
    // Monday 2027-01-04, 08:00–12:00; it is 10:00 now.
    const { generation } = await saveOk(
      t.app,
      provider,
      [{ weekday: 1, start: '08:00', end: '12:00', slotMinutes: 60 }],
      1,
    );
    // 10:00 starts right now: only 11:00 is still ahead.
    expect(generation.created).toBe(1);
    expect((await slotsOf(t.app, provider, '2027-01-04')).map((s) => s.start_time)).toEqual([
      '11:00:00',
    ]);
  });
});
