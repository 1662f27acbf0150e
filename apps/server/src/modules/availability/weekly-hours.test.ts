import { AVAILABILITY_MESSAGES } from '@slotwise/shared/availability-schemas';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { book } from '../../../test/helpers/booking-factories';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { queryRows } from '../../db/client';

/**
 * Weekly hours (docs/decisions/040-weekly-hours-and-time-off.md): generation in the provider's
 * zone across daylight-saving changes, idempotent saves, clashes with hand-made slots, and
 * edits that never touch booked slots. The app clock is faked per block; the tests run under
 * TZ=America/New_York and the providers live there too.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

interface Rule {
  weekday: number;
  start: string;
  end: string;
  slotMinutes: number;
  breakMinutes?: number;
  serviceId?: string;
}

function putWeekly(user: TestUser, body: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/availability/weekly',
    headers: user.headers,
    payload: body as Record<string, unknown>,
  });
}

async function saveOk(user: TestUser, rules: Rule[], horizonWeeks = 1) {
  const res = await putWeekly(user, { rules, horizonWeeks });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    message: string;
    generation: {
      created: number;
      kept: number;
      removed: number;
      skippedClashes: number;
      skippedTimeOff: number;
      skippedNonexistent: number;
    };
  }>();
}

interface SlotRow {
  id: string;
  day: string;
  start_time: string;
  end_time: string;
  starts_at: string;
  ends_at: string;
  source: string;
  is_booked: boolean;
}

/** The provider's slots on a day (or all), in time order, instants as ISO strings. */
async function slotsOf(user: TestUser, day?: string): Promise<SlotRow[]> {
  return queryRows<SlotRow>(
    t.app.database.db,
    sql`select id, day::text as day, start_time::text as start_time, end_time::text as end_time,
          to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as starts_at,
          to_char(ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as ends_at,
          source, is_booked
        from timeslots where provider_id = ${user.providerId}
        ${day ? sql`and day = ${day}::date` : sql``}
        order by starts_at`,
  );
}

const MINUTE = 60_000;
const minutesOf = (slot: SlotRow) =>
  (Date.parse(slot.ends_at) - Date.parse(slot.starts_at)) / MINUTE;

/** Every slot real-time disjoint from the next (the list is in time order). */
function expectNoOverlap(slots: SlotRow[]) {
  for (let i = 1; i < slots.length; i++) {
    expect(Date.parse(slots[i]!.starts_at)).toBeGreaterThanOrEqual(
      Date.parse(slots[i - 1]!.ends_at),
    );
  }
}

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
    const res = await putWeekly(provider, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fieldErrors?.[field]).toBe(message);
    expect(await slotsOf(provider)).toEqual([]);
  });

  it('touching ranges and the same hours on two weekdays are fine', async () => {
    const res = await putWeekly(provider, {
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
        },
        {
          weekday: 1,
          start: '12:00',
          end: '13:00',
          serviceId: null,
          slotMinutes: 30,
          breakMinutes: 0,
        },
        {
          weekday: 2,
          start: '09:00',
          end: '12:00',
          serviceId: null,
          slotMinutes: 30,
          breakMinutes: 0,
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

describe('daylight saving in America/New_York: spring forward, Sunday 2026-03-08', () => {
  // Monday 2026-03-02 10:00 EST: the horizon of one week ends on the spring-forward Sunday.
  const NOW = new Date('2026-03-02T15:00:00Z');
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.setSystemTime(NOW));
  afterAll(() => vi.useRealTimers());

  it('00:00–06:00 in 30-minute slots: the missing hour has no slot, the others cover real time once', async () => {
    const provider = await createProvider(t.app);
    const { generation } = await saveOk(provider, [
      { weekday: 7, start: '00:00', end: '06:00', slotMinutes: 30 },
    ]);
    const day = await slotsOf(provider, '2026-03-08');
    // 12 wall-clock slots, 02:00 and 02:30 do not exist that day.
    expect(day.map((s) => s.start_time.slice(0, 5))).toEqual([
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '03:00',
      '03:30',
      '04:00',
      '04:30',
      '05:00',
      '05:30',
    ]);
    expect(generation).toMatchObject({ created: 10, skippedNonexistent: 2, skippedClashes: 0 });
    // Contiguous in real time: 05:00Z (00:00 EST) to 10:00Z (06:00 EDT), each slot 30 minutes.
    expect(day[0]!.starts_at).toBe('2026-03-08T05:00Z');
    expect(day.at(-1)!.ends_at).toBe('2026-03-08T10:00Z');
    for (let i = 1; i < day.length; i++) expect(day[i]!.starts_at).toBe(day[i - 1]!.ends_at);
    expect(day.every((s) => minutesOf(s) === 30 && s.source === 'weekly')).toBe(true);
  });

  it('the rule 01:30–03:30 on that day makes 01:30–02:00 and 03:00–03:30 only (decision 040)', async () => {
    const provider = await createProvider(t.app);
    const { generation } = await saveOk(provider, [
      { weekday: 7, start: '01:30', end: '03:30', slotMinutes: 30 },
    ]);
    const day = await slotsOf(provider, '2026-03-08');
    expect(day.map((s) => [s.start_time, s.end_time, s.starts_at, s.ends_at])).toEqual([
      ['01:30:00', '02:00:00', '2026-03-08T06:30Z', '2026-03-08T07:00Z'],
      ['03:00:00', '03:30:00', '2026-03-08T07:00Z', '2026-03-08T07:30Z'],
    ]);
    expect(generation).toMatchObject({ created: 2, skippedNonexistent: 2 });
  });

  it('a slot spanning the missing hour is skipped (01:30–02:30 would last from 01:30 to 03:30 on the clock)', async () => {
    const provider = await createProvider(t.app);
    const { generation } = await saveOk(provider, [
      { weekday: 7, start: '00:30', end: '04:30', slotMinutes: 60 },
    ]);
    const day = await slotsOf(provider, '2026-03-08');
    expect(day.map((s) => s.start_time.slice(0, 5))).toEqual(['00:30', '03:30']);
    expect(generation.skippedNonexistent).toBe(2);
    expectNoOverlap(day);
  });

  it('09:00 every day for two weeks is 09:00 on the wall clock before and after the change', async () => {
    const provider = await createProvider(t.app);
    const rules = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      start: '09:00',
      end: '10:00',
      slotMinutes: 60,
    }));
    const { generation } = await saveOk(provider, rules, 2);
    const slots = await slotsOf(provider);
    // Today's 09:00 has passed (it is 10:00): 13 days remain, no day missing, none twice.
    expect(generation.created).toBe(13);
    expect(slots.map((s) => s.day)).toEqual(
      Array.from({ length: 13 }, (_, i) => `2026-03-${String(3 + i).padStart(2, '0')}`),
    );
    for (const slot of slots) {
      const utcHour = slot.day < '2026-03-08' ? '14' : '13';
      expect(slot.starts_at).toBe(`${slot.day}T${utcHour}:00Z`);
      expect(minutesOf(slot)).toBe(60);
    }
  });
});

describe('daylight saving in America/New_York: fall back, Sunday 2026-11-01', () => {
  const NOW = new Date('2026-10-26T14:00:00Z');
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.setSystemTime(NOW));
  afterAll(() => vi.useRealTimers());

  it('00:00–06:00 in 30-minute slots: one slot per wall-clock time, none doubled, none overlapping', async () => {
    const provider = await createProvider(t.app);
    const { generation } = await saveOk(provider, [
      { weekday: 7, start: '00:00', end: '06:00', slotMinutes: 30 },
    ]);
    const day = await slotsOf(provider, '2026-11-01');
    const starts = day.map((s) => s.start_time.slice(0, 5));
    expect(starts).toEqual([
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '02:00',
      '02:30',
      '03:00',
      '03:30',
      '04:00',
      '04:30',
      '05:00',
      '05:30',
    ]);
    expect(new Set(starts).size).toBe(12);
    expect(generation).toMatchObject({ created: 12, skippedNonexistent: 0 });
    expect(day.every((s) => minutesOf(s) === 30)).toBe(true);
    expectNoOverlap(day);
    // 00:30 EDT ends at the first 01:00 (05:00Z); the repeated 01:00 is read as EST (06:00Z).
    expect(day[1]!.ends_at).toBe('2026-11-01T05:00Z');
    expect(day[2]!.starts_at).toBe('2026-11-01T06:00Z');
    expect(day.at(-1)!.ends_at).toBe('2026-11-01T11:00Z');
  });

  it('the rule 01:30–03:30 that day makes four slots, each once', async () => {
    const provider = await createProvider(t.app);
    await saveOk(provider, [{ weekday: 7, start: '01:30', end: '03:30', slotMinutes: 30 }]);
    const day = await slotsOf(provider, '2026-11-01');
    expect(day.map((s) => [s.start_time.slice(0, 5), s.starts_at])).toEqual([
      ['01:30', '2026-11-01T06:30Z'],
      ['02:00', '2026-11-01T07:00Z'],
      ['02:30', '2026-11-01T07:30Z'],
      ['03:00', '2026-11-01T08:00Z'],
    ]);
  });

  it('a re-save after the change day creates nothing twice', async () => {
    const provider = await createProvider(t.app);
    const rules = [{ weekday: 7, start: '00:00', end: '06:00', slotMinutes: 30 }];
    await saveOk(provider, rules);
    const before = await slotsOf(provider);
    const again = await saveOk(provider, rules);
    expect(again.generation).toMatchObject({ created: 0, kept: 12, removed: 0 });
    expect(await slotsOf(provider)).toEqual(before);
  });
});

describe('saving again, hand-made slots, booked slots', () => {
  // Monday 2027-01-04 10:00 EST: after the real clock, so bookings (checked by SQL now()) work.
  const NOW = new Date('2027-01-04T15:00:00Z');
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.setSystemTime(NOW));
  afterAll(() => vi.useRealTimers());

  const tuesday = { weekday: 2, start: '09:00', end: '12:00', slotMinutes: 30, breakMinutes: 0 };

  it('re-saving the same rules creates nothing and keeps every slot (same ids)', async () => {
    const provider = await createProvider(t.app);
    const first = await saveOk(provider, [tuesday], 3);
    expect(first.generation.created).toBe(18);
    const before = await slotsOf(provider);
    const second = await saveOk(provider, [tuesday], 3);
    expect(second.generation).toEqual({
      created: 0,
      kept: 18,
      removed: 0,
      skippedClashes: 0,
      skippedTimeOff: 0,
      skippedNonexistent: 0,
    });
    expect(await slotsOf(provider)).toEqual(before);
  });

  it('a clash with a hand-made slot skips that time instead of failing, and counts it', async () => {
    const provider = await createProvider(t.app);
    const manual = await t.app.inject({
      method: 'POST',
      url: '/api/timeslots/create',
      headers: provider.headers,
      payload: { day: '2027-01-05', startTime: '09:15', endTime: '09:45' },
    });
    expect(manual.statusCode, manual.body).toBe(201);
    const { generation } = await saveOk(provider, [tuesday], 1);
    expect(generation).toMatchObject({ created: 4, skippedClashes: 2 });
    const day = await slotsOf(provider, '2027-01-05');
    expect(day.map((s) => [s.start_time.slice(0, 5), s.source])).toEqual([
      ['09:15', 'manual'],
      ['10:00', 'weekly'],
      ['10:30', 'weekly'],
      ['11:00', 'weekly'],
      ['11:30', 'weekly'],
    ]);
    // Removing the rules leaves the hand-made slot alone.
    const cleared = await saveOk(provider, [], 1);
    expect(cleared.generation.removed).toBe(4);
    expect((await slotsOf(provider)).map((s) => s.id)).toEqual([manual.json().slot.id]);
  });

  it('editing the rules replaces future free generated slots and never touches booked ones', async () => {
    const provider = await createProvider(t.app);
    const client = await createClient(t.app, { firstName: 'Bea', lastName: 'Booker' });
    await saveOk(provider, [tuesday], 1);
    const generated = await slotsOf(provider);
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
    const { generation } = await saveOk(provider, [{ ...tuesday, slotMinutes: 60 }], 1);
    expect(generation).toMatchObject({ created: 1, removed: 4, skippedClashes: 2 });
    const day = await slotsOf(provider, '2027-01-05');
    expect(
      day.map((s) => [s.start_time.slice(0, 5), s.end_time.slice(0, 5), s.source, s.is_booked]),
    ).toEqual([
      ['09:00', '10:00', 'weekly', false],
      ['10:00', '10:30', 'weekly', true],
      ['11:30', '12:00', 'manual', false],
    ]);
    expect(day[1]!.id).toBe(booked.id);

    // Clearing every rule still keeps the booked slot.
    await saveOk(provider, [], 1);
    expect((await slotsOf(provider)).map((s) => s.id).sort()).toEqual(
      [booked.id, edited.id].sort(),
    );
  });

  it('slots already past are neither generated nor removed', async () => {
    const provider = await createProvider(t.app);
    // Monday 2027-01-04, 08:00–12:00; it is 10:00 now.
    const { generation } = await saveOk(
      provider,
      [{ weekday: 1, start: '08:00', end: '12:00', slotMinutes: 60 }],
      1,
    );
    // 10:00 starts right now: only 11:00 is still ahead.
    expect(generation.created).toBe(1);
    expect((await slotsOf(provider, '2027-01-04')).map((s) => s.start_time)).toEqual(['11:00:00']);
  });
});
