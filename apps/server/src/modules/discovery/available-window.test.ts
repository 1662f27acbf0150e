import { AVAILABILITY_MESSAGES } from '@slotwise/shared/availability-schemas';
import { BOOKING_MESSAGES } from '@slotwise/shared/appointments-booking-schemas';
import { addDays, todayIn } from '@slotwise/shared/dates';
import { availableSlotsResponseSchema } from '@slotwise/shared/discovery-schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { book } from '../../../test/helpers/booking-factories';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { services, timeslots } from '../../db/schema';
import { availableWindowQuery } from './available-window';

/**
 * GET /api/search/providers/:id/available-slots?from&to: a window of the provider's own days
 * (docs/decisions/054-available-slots-window.md). The database's clock is real, so every day
 * here is counted from the provider's real today.
 */

const ZONE = 'Pacific/Auckland';
let t: TestApp;
let provider: TestUser;
let other: TestUser;
let client: TestUser;
let today: string;

/** A slot written straight into the database, its instants from the day and times in `zone`. */
async function slot(
  owner: TestUser,
  zone: string,
  day: string,
  start: string,
  end: string,
  booked = false,
): Promise<string> {
  const instant = (time: string) => sql`(${day}::date + ${time}::time) at time zone ${zone}`;
  const [row] = await t.app.database.db
    .insert(timeslots)
    .values({
      providerId: owner.providerId!,
      day,
      startTime: start,
      endTime: end,
      startsAt: instant(start),
      endsAt: instant(end),
      type: 'Window',
      isBooked: booked,
    })
    .returning({ id: timeslots.id });
  return row!.id;
}

function ask(query: string, user: TestUser | null = client, id = provider.providerId!) {
  return t.app.inject({
    url: `/api/search/providers/${id}/available-slots${query}`,
    headers: user ? user.headers : {},
  });
}

async function window(query: string, user: TestUser | null = client, id?: string) {
  const res = await ask(query, user, id);
  expect(res.statusCode, res.body).toBe(200);
  return availableSlotsResponseSchema.parse(res.json());
}

const label = (s: { day: string; start_time: string }) => `${s.day} ${s.start_time}`;

beforeAll(async () => {
  t = await createTestApp();
  provider = await createProvider(t.app, { timezone: ZONE });
  other = await createProvider(t.app, { timezone: ZONE });
  client = await createClient(t.app);
  today = todayIn(ZONE);
  await slot(provider, ZONE, addDays(today, 1), '10:00', '10:30');
  await slot(provider, ZONE, addDays(today, 5), '09:00', '09:30', true);
  await slot(provider, ZONE, addDays(today, 13), '23:30', '23:59');
  await slot(provider, ZONE, addDays(today, 14), '00:00', '00:30');
  await slot(provider, ZONE, addDays(today, 30), '12:00', '12:30');
  await slot(other, ZONE, addDays(today, 2), '09:00', '09:30');
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/search/providers/:id/available-slots: the window', () => {
  it('answers the next 14 days of the provider’s zone by default, 23:30 on the last day inside', async () => {
    const body = await window('');
    expect(body.from).toBe(today);
    expect(body.to).toBe(addDays(today, 13));
    expect(body.availableSlots.map(label)).toEqual([
      `${addDays(today, 1)} 10:00:00`,
      `${addDays(today, 13)} 23:30:00`,
    ]);
    // The first free day after the window, for 'Show later times'.
    expect(body.nextFrom).toBe(addDays(today, 14));
  });

  it('keeps every existing field of a slot, with its instants', async () => {
    const [first] = (await window('')).availableSlots;
    expect(first).toMatchObject({ day: addDays(today, 1), start_time: '10:00:00', type: 'Window' });
    expect(Object.keys(first!)).toEqual([
      'id',
      'day',
      'start_time',
      'end_time',
      'type',
      // Seats (docs/decisions/067-seats-and-series.md).
      'capacity',
      'seats_left',
      'starts_at',
      'ends_at',
    ]);
    const offset = new Date(first!.starts_at).getTime();
    expect(new Date(first!.ends_at).getTime() - offset).toBe(30 * 60_000);
    expect(first!.starts_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
  });

  it('writes any type as valid JSON, and a slot’s service with its current price', async () => {
    const owner = await createProvider(t.app, { timezone: ZONE });
    const [service] = await t.app.database.db
      .insert(services)
      .values({
        providerId: owner.providerId!,
        name: 'Cut "deluxe" \\ ü',
        durationMinutes: 30,
        priceCents: 4500,
        currency: 'NZD',
      })
      .returning({ id: services.id });
    const id = await slot(owner, ZONE, addDays(today, 2), '08:00', '08:30');
    await t.app.database.db
      .update(timeslots)
      .set({ serviceId: service!.id, type: 'Cut "deluxe" \\ ü\n</script>' })
      .where(eq(timeslots.id, id));
    const [withService] = (await window('', client, owner.providerId!)).availableSlots;
    expect(withService).toMatchObject({
      id,
      type: 'Cut "deluxe" \\ ü\n</script>',
      service_id: service!.id,
      price_cents: 4500,
      currency: 'NZD',
    });
  });

  it('from/to move the window (both days inclusive); from alone spans 14 days', async () => {
    const later = await window(`?from=${addDays(today, 14)}&to=${addDays(today, 27)}`);
    expect(later.availableSlots.map(label)).toEqual([`${addDays(today, 14)} 00:00:00`]);
    expect([later.from, later.to, later.nextFrom]).toEqual([
      addDays(today, 14),
      addDays(today, 27),
      addDays(today, 30),
    ]);
    const fromOnly = await window(`?from=${addDays(today, 20)}`);
    expect([fromOnly.from, fromOnly.to]).toEqual([addDays(today, 20), addDays(today, 33)]);
    expect(fromOnly.availableSlots.map(label)).toEqual([`${addDays(today, 30)} 12:00:00`]);
    expect(fromOnly.nextFrom).toBeNull();
    const toOnly = await window(`?to=${addDays(today, 1)}`);
    expect([toOnly.from, toOnly.to]).toEqual([today, addDays(today, 1)]);
  });

  it('never shows a booked slot, nor another provider’s', async () => {
    const body = await window(`?from=${today}&to=${addDays(today, 40)}`);
    expect(body.availableSlots.map((s) => s.day)).not.toContain(addDays(today, 5));
    expect(body.availableSlots.map((s) => s.day)).not.toContain(addDays(today, 2));
    const theirs = await window('', client, other.providerId!);
    expect(theirs.availableSlots.map(label)).toEqual([`${addDays(today, 2)} 09:00:00`]);
  });

  it('a slot booked by someone disappears for every caller, signed in or not', async () => {
    const booker = await createClient(t.app);
    const id = await slot(other, ZONE, addDays(today, 3), '09:00', '09:30');
    expect((await window('', null, other.providerId!)).availableSlots.map((s) => s.id)).toContain(
      id,
    );
    await book(t.app, booker, id);
    for (const caller of [client, booker, null]) {
      const body = await window('', caller, other.providerId!);
      expect(body.availableSlots.map((s) => s.id)).not.toContain(id);
    }
  });

  it('paging 14 days at a time returns every slot exactly once', async () => {
    const pager = await createProvider(t.app, { timezone: ZONE });
    const made: string[] = [];
    for (let day = 0; day < 60; day += 3) {
      made.push(await slot(pager, ZONE, addDays(today, day + 1), '00:00', '00:30'));
      made.push(await slot(pager, ZONE, addDays(today, day + 1), '23:30', '23:59'));
    }
    const seen: string[] = [];
    let query = '';
    for (let page = 0; page < 10; page++) {
      const body = await window(query, client, pager.providerId!);
      seen.push(...body.availableSlots.map((s) => s.id));
      if (!body.nextFrom) break;
      query = `?from=${addDays(body.to, 1)}`;
    }
    expect(seen.sort()).toEqual([...made].sort());
  });

  it('a daylight-saving week keeps wall-clock days and times, with the right instants', async () => {
    const ny = 'America/New_York';
    const dst = await createProvider(t.app, { timezone: ny });
    await t.app.database.db.execute(
      sql`insert into booking_policies (provider_id, max_advance_days) values (${dst.providerId}, 730)`,
    );
    // The next day on which New York's offset changes (within a year).
    const offsetOn = (day: string) =>
      new Intl.DateTimeFormat('en-US', { timeZone: ny, timeZoneName: 'shortOffset' })
        .formatToParts(new Date(`${day}T12:00:00Z`))
        .find((p) => p.type === 'timeZoneName')!.value;
    const nyToday = todayIn(ny);
    let change = addDays(nyToday, 4);
    while (offsetOn(change) === offsetOn(addDays(change, -1))) change = addDays(change, 1);
    const from = addDays(change, -3);
    for (let i = 0; i < 7; i++) await slot(dst, ny, addDays(from, i), '09:00', '09:30');
    const body = await window(`?from=${from}&to=${addDays(from, 6)}`, client, dst.providerId!);
    expect(body.availableSlots.map(label)).toEqual(
      Array.from({ length: 7 }, (_, i) => `${addDays(from, i)} 09:00:00`),
    );
    const utcHours = body.availableSlots.map((s) => new Date(s.starts_at).getUTCHours());
    // 09:00 in New York is 14:00Z in winter and 13:00Z in summer: the hour changes once.
    expect(new Set(utcHours).size).toBe(2);
    expect(utcHours.slice(0, 3).every((h) => h === utcHours[0])).toBe(true);
    expect(utcHours.slice(3).every((h) => h === utcHours[3])).toBe(true);
  });

  it('hostile windows answer 400 with a field error, never 5xx', async () => {
    const cases: [string, string, string][] = [
      ['?from=garbage', 'from', BOOKING_MESSAGES.invalidDate],
      ['?to=1e9', 'to', BOOKING_MESSAGES.invalidDate],
      ['?from=2027-02-30', 'from', BOOKING_MESSAGES.invalidDate],
      [`?from=${today}&to=${addDays(today, -1)}`, 'to', BOOKING_MESSAGES.toBeforeFrom],
      [`?from=${today}&to=${addDays(today, 92)}`, 'to', AVAILABILITY_MESSAGES.windowTooWide],
      [`?to=${addDays(today, 1000)}`, 'to', AVAILABILITY_MESSAGES.windowTooWide],
      ['?to=1000000000', 'to', BOOKING_MESSAGES.invalidDate],
      ['?from=+275760-09-13', 'from', BOOKING_MESSAGES.invalidDate],
      ['?from=0001-01-01&to=9999-12-31', 'to', AVAILABILITY_MESSAGES.windowTooWide],
    ];
    for (const [query, field, message] of cases) {
      const res = await ask(query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json().fieldErrors?.[field], query).toBe(message);
    }
    // 92 days is the widest window; days far off are answered (empty), not refused.
    const widest = await window(`?from=${today}&to=${addDays(today, 91)}`);
    expect(widest.to).toBe(addDays(today, 91));
    expect((await window('?from=9999-12-01')).availableSlots).toEqual([]);
    expect((await window('?from=0001-01-01&to=0001-01-14')).availableSlots).toEqual([]);
  });

  it('an unknown or unlisted provider is 404, whatever the window', async () => {
    const unlisted = await createProvider(t.app, { specialty: null });
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', unlisted.providerId!]) {
      const res = await ask('?from=garbage', client, id);
      expect([400, 404]).toContain(res.statusCode);
      const plain = await ask('', client, id);
      expect(plain.statusCode, plain.body).toBe(404);
      expect(plain.json().message).toBe(BOOKING_MESSAGES.providerNotFound);
    }
  });
});

describe('the window query plan', () => {
  it('reads the window from timeslots_free_provider_day_idx', async () => {
    const query = availableWindowQuery(t.app.database.db, {
      providerId: provider.providerId!,
      from: today,
      to: addDays(today, 13),
    }).toSQL();
    const res = await t.app.database.pool?.query(`explain ${query.sql}`, query.params);
    const rows =
      res?.rows ??
      (
        await t.app.database.pglite!.query<Record<string, string>>(
          `explain ${query.sql}`,
          query.params,
        )
      ).rows;
    const plan = rows.map((r) => Object.values(r)[0]).join('\n');
    expect(plan).toContain('timeslots_free_provider_day_idx');
    expect(plan).not.toMatch(/Seq Scan on timeslots/);
  });
});
