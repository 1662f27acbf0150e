import { DISCOVERY_MESSAGES } from '@slotwise/shared/discovery-schemas';
import { describe, expect, it } from 'vitest';
import { type TestApp, useTestWorld } from '../../../test/helpers/app';
import { createService } from '../../../test/helpers/catalogue-factories';
import { createProvider } from '../../../test/helpers/factories';
import { setPolicy, zonedInstant } from '../../../test/helpers/policy-helpers';
import { timeslots } from '../../db/schema';

/**
 * docs/product.md §14.2: `partOfDay` (morning before 12:00, afternoon 12:00–17:00, evening from
 * 17:00, by the slot's start on the provider's clock), with or without `date`; `next_available`
 * is then the first such slot. The days are the week clocks move forward in New York
 * (2027-03-14, 02:00 → 03:00): the instants change offset that day, the wall clock does not.
 */

interface Listing {
  last_name: string;
  next_available: string | null;
  timezone: string;
  price_from_cents: number | null;
  price_from_service_name: string | null;
}

const DST_DAY = '2027-03-14';
const DAY_BEFORE = '2027-03-13';

/** A 15-minute slot (the shortest allowed) starting at `start` on the zone's clock. */
async function addSlot(
  app: TestApp['app'],
  providerId: string,
  zone: string,
  day: string,
  start: string,
) {
  const startsAt = zonedInstant(zone, day, `${start}:00`);
  const [hours, minutes] = start.split(':').map(Number) as [number, number];
  const end = hours * 60 + minutes + 15;
  const endTime = `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}:00`;
  await app.database.db.insert(timeslots).values({
    providerId,
    day,
    startTime: `${start}:00`,
    endTime,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 15 * 60_000),
    type: 'Consultation',
  });
}

describe('search by part of day (provider clock, DST week)', () => {
  const t = useTestWorld(async (app) => {
    const york = await createProvider(app, {
      firstName: 'Nora',
      lastName: 'York',
      timezone: 'America/New_York',
    });
    const tokyo = await createProvider(app, {
      firstName: 'Taro',
      lastName: 'Tokyo',
      timezone: 'Asia/Tokyo',
    });
    // The days are months ahead: past the default 90-day horizon.
    await setPolicy(app, york, { maxAdvanceDays: 730 });
    await setPolicy(app, tokyo, { maxAdvanceDays: 730 });
    // New York: a morning the day before the change (EST), then the boundaries on the day (EDT).
    await addSlot(app, york.providerId!, 'America/New_York', DAY_BEFORE, '10:00');
    for (const start of ['11:45', '12:00', '16:45', '17:00'])
      await addSlot(app, york.providerId!, 'America/New_York', DST_DAY, start);
    // Tokyo: 09:00 its own morning (the evening before in New York, 00:00 UTC).
    await addSlot(app, tokyo.providerId!, 'Asia/Tokyo', DST_DAY, '09:00');
    await createService(app, york, { name: 'Consultation', price_cents: 4000, currency: 'USD' });
    await createService(app, york, { name: 'Quick call', price_cents: 2500, currency: 'USD' });
    return { york, tokyo };
  });

  async function search(query: string): Promise<Listing[]> {
    const res = await t.app.inject({ method: 'GET', url: `/api/search/providers?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { providers: Listing[] }).providers;
  }
  const next = (rows: Listing[]) =>
    Object.fromEntries(rows.map((p) => [p.last_name, p.next_available]));

  it('morning: before 12:00 on each provider’s own clock; next_available is that slot', async () => {
    // 11:45 EDT = 15:45 UTC (the change happened at 02:00 that day).
    expect(next(await search(`date=${DST_DAY}&partOfDay=morning`))).toEqual({
      York: '2027-03-14T15:45:00.000Z',
      Tokyo: '2027-03-14T00:00:00.000Z',
    });
  });

  it('afternoon starts at 12:00 and ends before 17:00', async () => {
    expect(next(await search(`date=${DST_DAY}&partOfDay=afternoon`))).toEqual({
      York: '2027-03-14T16:00:00.000Z',
    });
  });

  it('evening starts at 17:00 (16:45 is still afternoon)', async () => {
    expect(next(await search(`date=${DST_DAY}&partOfDay=evening&sort=soonest`))).toEqual({
      York: '2027-03-14T21:00:00.000Z',
    });
    await t.app.database.db.update(timeslots).set({ isBooked: true });
    expect(await search(`date=${DST_DAY}&partOfDay=evening`)).toEqual([]);
    await t.app.database.db.update(timeslots).set({ isBooked: false });
  });

  it('without a date: the soonest slot in that part of any day', async () => {
    // 10:00 EST the day before the change = 15:00 UTC.
    expect(next(await search('partOfDay=morning&sort=soonest'))).toEqual({
      Tokyo: '2027-03-14T00:00:00.000Z',
      York: '2027-03-13T15:00:00.000Z',
    });
    expect(next(await search('partOfDay=evening'))).toEqual({ York: '2027-03-14T21:00:00.000Z' });
  });

  it('a date alone: next_available is the first free slot of that day', async () => {
    expect(next(await search(`date=${DST_DAY}`))).toMatchObject({
      York: '2027-03-14T15:45:00.000Z',
    });
  });

  it('each result names its cheapest service and its zone', async () => {
    const rows = await search('sort=price');
    expect(rows.find((p) => p.last_name === 'York')).toMatchObject({
      price_from_cents: 2500,
      price_from_service_name: 'Quick call',
      timezone: 'America/New_York',
    });
    expect(rows.find((p) => p.last_name === 'Tokyo')).toMatchObject({
      price_from_cents: null,
      price_from_service_name: null,
      timezone: 'Asia/Tokyo',
    });
  });

  it.each(['dusk', 'Morning', ''])('partOfDay=%s → 400 with the field named', async (value) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/search/providers?partOfDay=${value}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { partOfDay: DISCOVERY_MESSAGES.partOfDayUnknown },
    });
  });
});
