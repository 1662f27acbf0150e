import { AVAILABILITY_MESSAGES } from '@slotwise/shared/availability-schemas';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestWorld } from '../../../test/helpers/app';
import { book } from '../../../test/helpers/booking-factories';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { queryRows } from '../../db/client';

/**
 * Time off (docs/decisions/040-weekly-hours-and-time-off.md): removes free slots, blocks
 * generation, lists the booked appointments inside it without canceling them; own only.
 * The app clock: Monday 2027-01-04 10:00 in New York (after the real clock, so bookings work).
 */

const NOW = new Date('2027-01-04T15:00:00Z');

const t = useTestWorld(
  async (app) => ({
    provider: await createProvider(app),
    other: await createProvider(app),
    client: await createClient(app, { firstName: 'Cleo', lastName: 'Client' }),
  }),
  { now: NOW },
);

/** Weekdays 09:00–12:00, hourly, two weeks. */
const WEEKDAYS = [1, 2, 3, 4, 5].map((weekday) => ({
  weekday,
  start: '09:00',
  end: '12:00',
  slotMinutes: 60,
}));

function postTimeOff(user: TestUser, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/availability/time-off',
    headers: user.headers,
    payload: body as Record<string, unknown>,
  });
}

async function slotTimes(user: TestUser, day: string): Promise<string[]> {
  const rows = await queryRows<{ start: string; booked: boolean }>(
    t.app.database.db,
    sql`select start_time::text as start, is_booked as booked from timeslots
        where provider_id = ${user.providerId} and day = ${day}::date order by start_time`,
  );
  return rows.map((row) => `${row.start.slice(0, 5)}${row.booked ? ' booked' : ''}`);
}

describe('POST /api/availability/time-off', () => {
  let bookedId: string;

  beforeAll(async () => {
    const save = await t.app.inject({
      method: 'PUT',
      url: '/api/availability/weekly',
      headers: t.provider.headers,
      payload: { rules: WEEKDAYS, horizonWeeks: 2 },
    });
    expect(save.statusCode, save.body).toBe(200);
    const [slot] = await queryRows<{ id: string }>(
      t.app.database.db,
      sql`select id from timeslots where provider_id = ${t.provider.providerId}
          and day = '2027-01-06' and start_time = '10:00'`,
    );
    bookedId = await book(t.app, t.client, slot!.id);
  });

  it('a whole day: free slots go, the booked appointment is listed and stays booked', async () => {
    expect(await slotTimes(t.provider, '2027-01-06')).toEqual(['09:00', '10:00 booked', '11:00']);
    const res = await postTimeOff(t.provider, {
      from: '2027-01-06',
      to: '2027-01-06',
      reason: 'Dentist',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe(
      'Time off added. 1 booked appointment falls inside it: cancel it or keep it.',
    );
    expect(body.removedSlots).toBe(2);
    // Midnight to midnight in New York.
    expect(body.timeOff).toMatchObject({
      starts_at: '2027-01-06T05:00:00.000Z',
      ends_at: '2027-01-07T05:00:00.000Z',
      reason: 'Dentist',
    });
    expect(body.bookedAppointments).toEqual([
      {
        id: bookedId,
        day: '2027-01-06',
        start_time: '10:00:00',
        end_time: '11:00:00',
        service_type: 'Barber',
        client_first_name: 'Cleo',
        client_last_name: 'Client',
      },
    ]);
    expect(await slotTimes(t.provider, '2027-01-06')).toEqual(['10:00 booked']);
    const [appointment] = await queryRows<{ status: string }>(
      t.app.database.db,
      sql`select status from appointments where id = ${bookedId}`,
    );
    expect(appointment!.status).toBe('booked');
    // The day before and after are untouched.
    expect(await slotTimes(t.provider, '2027-01-05')).toEqual(['09:00', '10:00', '11:00']);
    expect(await slotTimes(t.provider, '2027-01-07')).toEqual(['09:00', '10:00', '11:00']);
  });

  it('blocks generation: a re-save and the daily run create nothing inside it', async () => {
    const save = await t.app.inject({
      method: 'PUT',
      url: '/api/availability/weekly',
      headers: t.provider.headers,
      payload: { rules: WEEKDAYS, horizonWeeks: 2 },
    });
    expect(save.json().generation).toMatchObject({ created: 0, skippedTimeOff: 3 });
    await t.app.schedule.fillProvider(t.provider.providerId!, NOW);
    expect(await slotTimes(t.provider, '2027-01-06')).toEqual(['10:00 booked']);
  });

  it('hours: local date-times in the provider’s zone, or ISO instants', async () => {
    const local = await postTimeOff(t.provider, {
      from: '2027-01-07T09:30',
      to: '2027-01-07T11:00',
    });
    expect(local.statusCode, local.body).toBe(201);
    expect(local.json()).toMatchObject({
      message: AVAILABILITY_MESSAGES.timeOffCreated,
      removedSlots: 2,
      bookedAppointments: [],
      timeOff: {
        starts_at: '2027-01-07T14:30:00.000Z',
        ends_at: '2027-01-07T16:00:00.000Z',
        reason: '',
      },
    });
    expect(await slotTimes(t.provider, '2027-01-07')).toEqual(['11:00']);

    const instant = await postTimeOff(t.provider, {
      from: '2027-01-08T16:00:00Z',
      to: '2027-01-08T17:00:00+00:00',
    });
    expect(instant.statusCode, instant.body).toBe(201);
    expect(await slotTimes(t.provider, '2027-01-08')).toEqual(['09:00', '10:00']);
  });

  it('400 for bad input, with the shared messages', async () => {
    const cases: [unknown, string, string][] = [
      [{ to: '2027-01-10' }, 'from', AVAILABILITY_MESSAGES.timeOffFromRequired],
      [{ from: '2027-01-10' }, 'to', AVAILABILITY_MESSAGES.timeOffToRequired],
      [{ from: 'tomorrow', to: '2027-01-10' }, 'from', AVAILABILITY_MESSAGES.timeOffInvalidInstant],
      [
        { from: '2027-02-30', to: '2027-03-01' },
        'from',
        AVAILABILITY_MESSAGES.timeOffInvalidInstant,
      ],
      [
        { from: '2027-01-10T12:00', to: '2027-01-10T11:00' },
        'to',
        AVAILABILITY_MESSAGES.timeOffToBeforeFrom,
      ],
      [{ from: '2027-01-10', to: '2027-01-09' }, 'to', AVAILABILITY_MESSAGES.timeOffToBeforeFrom],
      [{ from: '2026-12-01', to: '2027-01-03' }, 'to', AVAILABILITY_MESSAGES.timeOffInPast],
      [{ from: '2027-01-10', to: '2028-06-01' }, 'to', AVAILABILITY_MESSAGES.timeOffTooLong],
      [
        { from: '2027-01-10', to: '2027-01-11', reason: 'x'.repeat(201) },
        'reason',
        AVAILABILITY_MESSAGES.timeOffReasonTooLong,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await postTimeOff(t.provider, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors?.[field], JSON.stringify(body)).toBe(message);
    }
  });
});

describe('GET and DELETE /api/availability/time-off', () => {
  it('lists own time off only, in time order', async () => {
    const mine = await t.app.inject({
      url: '/api/availability/time-off',
      headers: t.provider.headers,
    });
    expect(mine.statusCode).toBe(200);
    const starts = mine.json().timeOff.map((o: { starts_at: string }) => o.starts_at);
    expect(starts).toEqual([...starts].sort());
    expect(starts.length).toBeGreaterThanOrEqual(3);
    const theirs = await t.app.inject({
      url: '/api/availability/time-off',
      headers: t.other.headers,
    });
    expect(theirs.json()).toEqual({ timeOff: [] });
  });

  it('another provider’s time off is 404 and survives; a client is 403; a bad id is 400', async () => {
    const created = await postTimeOff(t.provider, { from: '2027-01-12', to: '2027-01-12' });
    const id = created.json().timeOff.id as string;
    const asOther = await t.app.inject({
      method: 'DELETE',
      url: `/api/availability/time-off/${id}`,
      headers: t.other.headers,
    });
    expect(asOther.statusCode).toBe(404);
    expect(asOther.json().message).toBe(AVAILABILITY_MESSAGES.timeOffNotFound);
    const asClient = await t.app.inject({
      method: 'DELETE',
      url: `/api/availability/time-off/${id}`,
      headers: t.client.headers,
    });
    expect(asClient.statusCode).toBe(403);
    const badId = await t.app.inject({
      method: 'DELETE',
      url: '/api/availability/time-off/not-a-uuid',
      headers: t.provider.headers,
    });
    expect(badId.statusCode).toBe(400);
    const list = await t.app.inject({
      url: '/api/availability/time-off',
      headers: t.provider.headers,
    });
    expect(list.json().timeOff.map((o: { id: string }) => o.id)).toContain(id);
  });

  it('deleting own time off refills the range from the weekly hours at once', async () => {
    expect(await slotTimes(t.provider, '2027-01-12')).toEqual([]);
    const list = await t.app.inject({
      url: '/api/availability/time-off',
      headers: t.provider.headers,
    });
    const entry = list
      .json()
      .timeOff.find((o: { starts_at: string }) => o.starts_at === '2027-01-12T05:00:00.000Z');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/availability/time-off/${entry.id}`,
      headers: t.provider.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: AVAILABILITY_MESSAGES.timeOffDeleted, createdSlots: 3 });
    expect(await slotTimes(t.provider, '2027-01-12')).toEqual(['09:00', '10:00', '11:00']);
  });
});
