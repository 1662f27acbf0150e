import { randomUUID } from 'node:crypto';
import { BOOKING_MESSAGES } from '@slotwise/shared/appointments-booking-schemas';
import {
  type BookSeriesResponse,
  SEATS_MESSAGES,
} from '@slotwise/shared/appointments-series-schemas';
import { addDays, todayIn } from '@slotwise/shared/dates';
import { and, eq, inArray, sql } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import {
  appointments,
  appointmentSeries,
  jobs,
  notifications,
  timeOff,
  timeslots,
} from '../../db/schema';
import { SERIES_MAIL_JOB } from '../../jobs/job-payloads';
import { useTestApp } from '../../../test/helpers/app';
import {
  book,
  insertSlot,
  type TestSlot,
  wallClock,
} from '../../../test/helpers/booking-factories';
import { createService } from '../../../test/helpers/catalogue-factories';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { useMailTestApp } from '../../../test/helpers/mail';
import { mailsTo } from '../../../test/helpers/mail-reader';
import { setPolicy, zonedInstant } from '../../../test/helpers/policy-helpers';
import { asUser } from '../../../test/helpers/requests';
import type { FastifyInstance } from 'fastify';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/** A slot of `provider` on a local date at a local time (one hour by default). */
async function slotOn(
  app: FastifyInstance,
  provider: TestUser,
  day: string,
  time = '18:00:00',
  minutes = 60,
) {
  const startsAt = zonedInstant(provider.timezone, day, time);
  const endsAt = new Date(startsAt.getTime() + minutes * MINUTE);
  return insertSlot(app, {
    providerId: provider.providerId!,
    start: { day, time },
    end: wallClock(endsAt, provider.timezone),
    startsAt,
    endsAt,
    type: 'Yoga',
  });
}

/** Minutes east of UTC of a zone's wall clock at an instant. */
function offsetMinutes(instant: Date, zone: string): number {
  const { day, time } = wallClock(instant, zone);
  return (Date.parse(`${day}T${time}Z`) - instant.getTime()) / MINUTE;
}

/**
 * The first local date, at least `lead` days after today, on which the zone's offset at 18:00
 * differs from the day before's: a daylight-saving change (computed, so the test never goes
 * stale).
 */
function nextDstChange(zone: string, lead: number): string {
  const today = todayIn(zone);
  for (let i = lead; i < lead + 400; i++) {
    const day = addDays(today, i);
    const before = zonedInstant(zone, addDays(day, -1), '18:00:00');
    if (offsetMinutes(zonedInstant(zone, day, '18:00:00'), zone) !== offsetMinutes(before, zone)) {
      return day;
    }
  }
  throw new Error(`no daylight-saving change in ${zone}`);
}

describe('series: book every few weeks, cancel some or all', () => {
  const t = useTestApp();
  const db = () => t.app.database.db;

  const bookSeries = (user: TestUser, payload: Record<string, unknown>) =>
    asUser(t.app, user).post('/api/appointment/series', payload);
  const cancelSeries = (user: TestUser, id: string, payload: Record<string, unknown> = {}) =>
    asUser(t.app, user).patch(`/api/appointment/series/${id}/cancel`, payload);

  /** A provider in `timezone` and a client; the provider takes bookings two years ahead. */
  async function parties(timezone = 'America/New_York', maxAdvanceDays = 730) {
    const provider = await createProvider(t.app, { timezone });
    await setPolicy(t.app, provider, { maxAdvanceDays });
    const client = await createClient(t.app);
    return { provider, client };
  }

  /** Books a series and expects 201. */
  async function booked(client: TestUser, payload: Record<string, unknown>) {
    const res = await bookSeries(client, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<BookSeriesResponse>();
  }

  const statusesOf = async (ids: string[]) =>
    Object.fromEntries(
      (
        await db()
          .select({ id: appointments.id, status: appointments.status })
          .from(appointments)
          .where(inArray(appointments.id, ids))
      ).map((row) => [row.id, row.status]),
    );

  for (const zone of ['America/New_York', 'Pacific/Auckland']) {
    it(`a weekly series across the daylight-saving change in ${zone} keeps 18:00 local`, async () => {
      const { provider, client } = await parties(zone);
      // Two weeks before the change, the change's week, and the one after.
      const change = nextDstChange(zone, 16);
      const days = [-14, -7, 0, 7].map((d) => addDays(change, d));
      const slots: TestSlot[] = [];
      for (const day of days) slots.push(await slotOn(t.app, provider, day));

      const body = await booked(client, {
        timeslotId: slots[0]!.id,
        intervalWeeks: 1,
        count: 4,
      });
      expect(body.message).toBe(SEATS_MESSAGES.seriesBooked);
      expect(body.series).toMatchObject({ interval_weeks: 1, count: 4 });
      expect(body.conflicts).toEqual([]);
      expect(body.appointments.map((a) => a.timeslot_id)).toEqual(slots.map((s) => s.id));
      expect(body.appointments.map((a) => a.day)).toEqual(days);
      const starts = body.appointments.map((a) => new Date(a.starts_at));
      for (const [i, a] of body.appointments.entries()) {
        expect(a.start_time).toBe('18:00:00');
        expect(a.status).toBe('booked');
        expect(a.series_id).toBe(body.series.id);
        // Every occurrence is at 18:00 on the provider's wall clock.
        expect(wallClock(starts[i]!, zone)).toEqual({ day: days[i], time: '18:00:00' });
      }
      // 7 days apart, but across the change 7 days ± 1 hour.
      const gaps = starts.slice(1).map((s, i) => s.getTime() - starts[i]!.getTime());
      expect(gaps[0]).toBe(WEEK);
      expect(Math.abs(gaps[1]! - WEEK)).toBe(HOUR);
      expect(gaps[2]).toBe(WEEK);

      const [row] = await db()
        .select()
        .from(appointmentSeries)
        .where(eq(appointmentSeries.id, body.series.id));
      expect(row).toMatchObject({
        clientId: client.id,
        providerId: provider.providerId,
        intervalWeeks: 1,
        count: 4,
      });
      // Both lists name the series.
      const mine = await asUser(t.app, client).get('/api/appointment/view');
      const inSeries = mine
        .json()
        .appointments.filter((a: { series_id: string | null }) => a.series_id === body.series.id);
      expect(inSeries).toHaveLength(4);
      const theirs = await asUser(t.app, provider).get('/api/appointment/provider/view');
      expect(
        theirs
          .json()
          .appointments.filter((a: { series_id: string | null }) => a.series_id === body.series.id),
      ).toHaveLength(4);
    });
  }

  it("lists a week whose slot is taken as 'taken' and a week without a matching slot as 'no_slot'", async () => {
    const { provider, client } = await parties();
    const first = addDays(todayIn(provider.timezone), 3);
    const days = [0, 7, 14, 21].map((d) => addDays(first, d));
    const [s0, s1, , s3] = [
      await slotOn(t.app, provider, days[0]!),
      await slotOn(t.app, provider, days[1]!),
      // Week 3: a slot at that time, but for another service, does not match.
      await slotOn(t.app, provider, days[2]!),
      await slotOn(t.app, provider, days[3]!),
    ];
    const other = await createService(t.app, provider, { name: 'Pilates' });
    await db()
      .update(timeslots)
      .set({ serviceId: other.id })
      .where(and(eq(timeslots.providerId, provider.providerId!), eq(timeslots.day, days[2]!)));
    await book(t.app, await createClient(t.app), s1!.id);

    const body = await booked(client, { timeslotId: s0!.id, intervalWeeks: 1, count: 4 });
    expect(body.appointments.map((a) => a.timeslot_id)).toEqual([s0!.id, s3!.id]);
    expect(body.conflicts).toEqual([
      { date: days[1], reason: 'taken' },
      { date: days[2], reason: 'no_slot' },
    ]);
  });

  it("lists weeks the provider is away as 'time_off' and past the horizon as 'outside_horizon'", async () => {
    const { provider, client } = await parties('America/New_York', 20);
    const first = addDays(todayIn(provider.timezone), 2);
    const days = [0, 7, 14, 21, 28].map((d) => addDays(first, d));
    const s0 = await slotOn(t.app, provider, days[0]!);
    const s2 = await slotOn(t.app, provider, days[2]!);
    // Week 4 has a slot, 23 days ahead: the 20-day horizon refuses it.
    await slotOn(t.app, provider, days[3]!);
    await db()
      .insert(timeOff)
      .values({
        providerId: provider.providerId!,
        startsAt: zonedInstant(provider.timezone, days[1]!, '00:00:00'),
        endsAt: zonedInstant(provider.timezone, addDays(days[1]!, 1), '00:00:00'),
      });

    const body = await booked(client, { timeslotId: s0.id, intervalWeeks: 1, count: 5 });
    expect(body.appointments.map((a) => a.timeslot_id)).toEqual([s0.id, s2.id]);
    expect(body.conflicts).toEqual([
      { date: days[1], reason: 'time_off' },
      { date: days[3], reason: 'outside_horizon' },
      { date: days[4], reason: 'outside_horizon' },
    ]);
  });

  it("lists a week the daily cap refuses as 'policy' (the claim then takes the provider's lock)", async () => {
    const { provider, client } = await parties();
    await setPolicy(t.app, provider, { maxAdvanceDays: 730, maxPerDay: 1 });
    const first = addDays(todayIn(provider.timezone), 2);
    const days = [0, 7, 14].map((d) => addDays(first, d));
    const slots: TestSlot[] = [];
    for (const day of days) slots.push(await slotOn(t.app, provider, day));
    // Week 2's day already has the provider's one appointment of the day.
    const morning = await slotOn(t.app, provider, days[1]!, '09:00:00');
    await book(t.app, await createClient(t.app), morning.id);

    const body = await booked(client, { timeslotId: slots[0]!.id, intervalWeeks: 1, count: 3 });
    expect(body.appointments.map((a) => a.timeslot_id)).toEqual([slots[0]!.id, slots[2]!.id]);
    expect(body.conflicts).toEqual([{ date: days[1], reason: 'policy' }]);
  });

  it('fortnightly books every other week and leaves the weeks between free', async () => {
    const { provider, client } = await parties();
    const first = addDays(todayIn(provider.timezone), 1);
    const slots: TestSlot[] = [];
    for (let week = 0; week < 5; week++) {
      slots.push(await slotOn(t.app, provider, addDays(first, 7 * week), '09:30:00', 45));
    }
    const body = await booked(client, { timeslotId: slots[0]!.id, intervalWeeks: 2, count: 3 });
    expect(body.series).toMatchObject({ interval_weeks: 2, count: 3 });
    expect(body.conflicts).toEqual([]);
    expect(body.appointments.map((a) => a.day)).toEqual([0, 14, 28].map((d) => addDays(first, d)));
    expect(body.appointments.map((a) => a.timeslot_id)).toEqual([0, 2, 4].map((i) => slots[i]!.id));
    const free = await db()
      .select({ id: timeslots.id, seatsTaken: timeslots.seatsTaken })
      .from(timeslots)
      .where(inArray(timeslots.id, [slots[1]!.id, slots[3]!.id]));
    expect(free.map((s) => s.seatsTaken)).toEqual([0, 0]);
  });

  it('repeats a booking: the held appointment becomes the first occurrence, once', async () => {
    const { provider, client } = await parties();
    const first = addDays(todayIn(provider.timezone), 2);
    const slots: TestSlot[] = [];
    for (let week = 0; week < 3; week++) {
      slots.push(await slotOn(t.app, provider, addDays(first, 7 * week), '11:00:00'));
    }
    const single = await asUser(t.app, client).post('/api/appointment/booking', {
      timeslotId: slots[0]!.id,
    });
    expect(single.statusCode).toBe(201);
    const heldId = single.json().appointment.id as string;

    const body = await booked(client, { timeslotId: slots[0]!.id, intervalWeeks: 1, count: 3 });
    expect(body.appointments.map((a) => a.id)[0]).toBe(heldId);
    expect(body.appointments.map((a) => a.timeslot_id)).toEqual(slots.map((slot) => slot.id));
    expect(body.appointments.every((a) => a.series_id === body.series.id)).toBe(true);
    const [held] = await db()
      .select({ seriesId: appointments.seriesId, seats: timeslots.seatsTaken })
      .from(appointments)
      .innerJoin(timeslots, eq(timeslots.id, appointments.timeslotId))
      .where(eq(appointments.id, heldId));
    // The same appointment and the same seat, now in the series.
    expect(held).toEqual({ seriesId: body.series.id, seats: 1 });

    // Already part of a series: not repeated twice.
    const again = await bookSeries(client, {
      timeslotId: slots[0]!.id,
      intervalWeeks: 1,
      count: 2,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_BOOKED');
  });

  it('the first slot decides: unknown 404, taken 409 SLOT_TAKEN, and nothing is booked', async () => {
    const { provider, client } = await parties();
    const first = addDays(todayIn(provider.timezone), 1);
    const s0 = await slotOn(t.app, provider, first);
    const s1 = await slotOn(t.app, provider, addDays(first, 7));

    const unknown = await bookSeries(client, {
      timeslotId: randomUUID(),
      intervalWeeks: 1,
      count: 2,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(BOOKING_MESSAGES.timeslotNotFound);

    await book(t.app, await createClient(t.app), s0.id);
    const taken = await bookSeries(client, { timeslotId: s0.id, intervalWeeks: 1, count: 2 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('SLOT_TAKEN');
    const mine = await db()
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.clientId, client.id));
    expect(mine).toEqual([]);
    const series = await db()
      .select({ id: appointmentSeries.id })
      .from(appointmentSeries)
      .where(eq(appointmentSeries.clientId, client.id));
    expect(series).toEqual([]);
    const [later] = await db()
      .select({ seatsTaken: timeslots.seatsTaken })
      .from(timeslots)
      .where(eq(timeslots.id, s1.id));
    expect(later!.seatsTaken).toBe(0);
  });

  it('series racing for the same weeks: each whole or nothing, every class filled exactly', async () => {
    const { provider } = await parties();
    const first = addDays(todayIn(provider.timezone), 2);
    // The first week seats one, the two after it five: only one series can begin.
    const weeks: TestSlot[] = [];
    for (const [i, capacity] of [1, 5, 5].entries()) {
      const day = addDays(first, 7 * i);
      const startsAt = zonedInstant(provider.timezone, day, '07:00:00');
      weeks.push(
        await insertSlot(t.app, {
          providerId: provider.providerId!,
          start: { day, time: '07:00:00' },
          end: wallClock(new Date(startsAt.getTime() + HOUR), provider.timezone),
          startsAt,
          endsAt: new Date(startsAt.getTime() + HOUR),
          type: 'Yoga',
          capacity,
        }),
      );
    }
    const clients = await Promise.all(Array.from({ length: 4 }, () => createClient(t.app)));
    const answers = await Promise.all(
      clients.map((client) =>
        bookSeries(client, { timeslotId: weeks[0]!.id, intervalWeeks: 1, count: 3 }),
      ),
    );
    const won = answers.filter((res) => res.statusCode === 201);
    expect(won).toHaveLength(1);
    expect(won[0]!.json<BookSeriesResponse>().appointments).toHaveLength(3);
    expect(won[0]!.json<BookSeriesResponse>().conflicts).toEqual([]);
    for (const res of answers.filter((r) => r.statusCode !== 201)) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('SLOT_TAKEN');
    }
    // The losers hold no seat of the later weeks, nor a series row, nor a series mail.
    const seats = await db()
      .select({ id: timeslots.id, seatsTaken: timeslots.seatsTaken })
      .from(timeslots)
      .where(
        inArray(
          timeslots.id,
          weeks.map((w) => w.id),
        ),
      );
    expect(seats.map((row) => row.seatsTaken)).toEqual([1, 1, 1]);
    const ids = clients.map((c) => c.id);
    expect(
      await db()
        .select({ id: appointmentSeries.id })
        .from(appointmentSeries)
        .where(inArray(appointmentSeries.clientId, ids)),
    ).toHaveLength(1);
    expect(
      await db()
        .select({ id: appointments.id })
        .from(appointments)
        .where(inArray(appointments.clientId, ids)),
    ).toHaveLength(3);
    const mails = await db()
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, SERIES_MAIL_JOB),
          sql`${jobs.payload}->>'recipientUserId' = any(${`{${ids.join(',')}}`}::text[])`,
        ),
      );
    expect(mails).toHaveLength(1);
  });

  it('a provider may not book a series (403)', async () => {
    const { provider } = await parties();
    const s0 = await slotOn(t.app, provider, addDays(todayIn(provider.timezone), 1));
    const res = await bookSeries(provider, { timeslotId: s0.id, intervalWeeks: 1, count: 2 });
    expect(res.statusCode).toBe(403);
  });

  it('validates the body: intervalWeeks 5, count 1, count 27 are 400s', async () => {
    const { provider, client } = await parties();
    const s0 = await slotOn(t.app, provider, addDays(todayIn(provider.timezone), 1));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ intervalWeeks: 5, count: 2 }, 'intervalWeeks', SEATS_MESSAGES.intervalInvalid],
      [{ intervalWeeks: 1, count: 1 }, 'count', SEATS_MESSAGES.countInvalid],
      [{ intervalWeeks: 1, count: 27 }, 'count', SEATS_MESSAGES.countInvalid],
    ];
    for (const [fields, field, message] of cases) {
      const res = await bookSeries(client, { timeslotId: s0.id, ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().fieldErrors[field]).toBe(message);
    }
    const none = await db()
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.clientId, client.id));
    expect(none).toEqual([]);
  });

  /** A booked weekly series of `count` occurrences starting `firstDay` days from today. */
  async function seriesOf(count: number, firstDay = 1, maxAdvanceDays = 730) {
    const { provider, client } = await parties('America/New_York', maxAdvanceDays);
    const first = addDays(todayIn(provider.timezone), firstDay);
    const slots: TestSlot[] = [];
    for (let week = 0; week < count; week++) {
      slots.push(await slotOn(t.app, provider, addDays(first, 7 * week)));
    }
    const body = await booked(client, { timeslotId: slots[0]!.id, intervalWeeks: 1, count });
    expect(body.appointments).toHaveLength(count);
    return { provider, client, slots, body, ids: body.appointments.map((a) => a.appointment_id) };
  }

  it('"this and following" cancels exactly that occurrence and the later ones, freeing their seats', async () => {
    const { client, slots, body, ids } = await seriesOf(4);
    const res = await cancelSeries(client, body.series.id, { fromAppointmentId: ids[1] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: SEATS_MESSAGES.seriesCanceled, canceled: ids.slice(1) });
    expect(await statusesOf(ids)).toEqual({
      [ids[0]!]: 'booked',
      [ids[1]!]: 'canceled',
      [ids[2]!]: 'canceled',
      [ids[3]!]: 'canceled',
    });
    const seats = await db()
      .select({ id: timeslots.id, seatsTaken: timeslots.seatsTaken, isBooked: timeslots.isBooked })
      .from(timeslots)
      .where(
        inArray(
          timeslots.id,
          slots.map((s) => s.id),
        ),
      );
    const byId = Object.fromEntries(seats.map((s) => [s.id, s]));
    expect(slots.map((s) => byId[s.id]!.seatsTaken)).toEqual([1, 0, 0, 0]);
    expect(slots.map((s) => byId[s.id]!.isBooked)).toEqual([true, false, false, false]);

    // Again: the rest of the series, which is now only the first occurrence.
    const rest = await cancelSeries(client, body.series.id);
    expect(rest.json().canceled).toEqual([ids[0]]);
  });

  it('a whole-series cancel cancels every future occurrence; the provider is told of each', async () => {
    const { provider, client, body, ids } = await seriesOf(3);
    const res = await asUser(t.app, client).patch(
      `/api/appointment/series/${body.series.id}/cancel`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().canceled).toEqual(ids);
    const statuses = await statusesOf(ids);
    expect(ids.map((id) => statuses[id])).toEqual(['canceled', 'canceled', 'canceled']);
    const told = await db()
      .select({ appointmentId: notifications.appointmentId })
      .from(notifications)
      .where(and(eq(notifications.userId, provider.id), eq(notifications.type, 'canceled')));
    expect(told.map((n) => n.appointmentId).sort()).toEqual([...ids].sort());
  });

  it("leaves an occurrence past the client's cut-off out of `canceled` (it stays booked)", async () => {
    // The first occurrence is tomorrow, inside a 48-hour cut-off; the others are not.
    const { client, body, ids } = await seriesOf(3, 1);
    // The cut-off an appointment keeps is the one it was booked under: set it on the rows.
    await db()
      .update(appointments)
      .set({ cancelCutoffMinutes: 48 * 60 })
      .where(inArray(appointments.id, ids));
    const res = await cancelSeries(client, body.series.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().canceled).toEqual(ids.slice(1));
    expect((await statusesOf(ids))[ids[0]!]).toBe('booked');
  });

  it("someone else's or an unknown series is 404, a provider 403, an appointment outside it 400", async () => {
    const { client, body } = await seriesOf(2);
    const stranger = await createClient(t.app);
    const foreign = await cancelSeries(stranger, body.series.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(SEATS_MESSAGES.seriesNotFound);
    expect((await cancelSeries(client, randomUUID())).statusCode).toBe(404);
    expect((await cancelSeries(client, 'not-a-uuid')).statusCode).toBe(400);
    const { provider: theProvider } = await parties();
    expect((await cancelSeries(theProvider, body.series.id)).statusCode).toBe(403);

    // An appointment of the same client, but of another series (or none).
    const other = await seriesOf(2);
    const outside = await cancelSeries(other.client, other.body.series.id, {
      fromAppointmentId: body.appointments[0]!.appointment_id,
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().fieldErrors.fromAppointmentId).toBe(SEATS_MESSAGES.notInSeries);
    // Nothing was canceled by the refused requests.
    const ids = body.appointments.map((a) => a.appointment_id);
    const statuses = await statusesOf(ids);
    expect(ids.map((id) => statuses[id])).toEqual(['booked', 'booked']);
  });
});

describe('series mail: one booking mail to the client, with every occurrence', () => {
  const t = useMailTestApp({
    env: { MAIL_FROM: 'Slotwise <no-reply@slotwise.test>' },
    ownMailOnly: true,
  });

  it('the client gets one mail and one .ics of all occurrences; the provider one per occurrence', async () => {
    const provider = await createProvider(t.app, {
      firstName: 'Pia',
      lastName: 'Barber',
      timezone: 'America/New_York',
    });
    const client = await createClient(t.app, { firstName: 'Colette', lastName: 'Martin' });
    const first = addDays(todayIn(provider.timezone), 2);
    const slots: TestSlot[] = [];
    for (let week = 0; week < 3; week++) {
      slots.push(await slotOn(t.app, provider, addDays(first, 7 * week)));
    }
    const res = await asUser(t.app, client).post('/api/appointment/series', {
      timeslotId: slots[0]!.id,
      intervalWeeks: 1,
      count: 3,
    });
    expect(res.statusCode, res.body).toBe(201);
    const ids = res.json<BookSeriesResponse>().appointments.map((a) => a.appointment_id);
    expect(ids).toHaveLength(3);

    await t.app.jobs.runDue(new Date());
    const toClient = await mailsTo(t.smtp.messages, client.email);
    const toProvider = await mailsTo(t.smtp.messages, provider.email);
    expect(toClient).toHaveLength(1);
    expect(toProvider).toHaveLength(3);
    const mail = toClient[0]!;
    expect(mail.subject).toBe('Series booked: Yoga with Pia Barber');
    expect(mail.text).toContain('3 appointments');
    expect(mail.ics!.method).toBe('REQUEST');
    const events = Object.values(ical.sync.parseICS(mail.ics!.raw)).filter(
      (c): c is VEvent => c?.type === 'VEVENT',
    );
    expect(events.map((e) => e.uid).sort()).toEqual(
      ids.map((id) => `appointment-${id}@slotwise`).sort(),
    );
    const byUid = Object.fromEntries(events.map((e) => [e.uid, e]));
    for (const [i, id] of ids.entries()) {
      const event = byUid[`appointment-${id}@slotwise`]!;
      expect(new Date(event.start).toISOString()).toBe(slots[i]!.startsAt.toISOString());
      expect(Number(event.sequence)).toBe(0);
    }
    for (const m of toProvider)
      expect(m.subject).toBe('Appointment booked: Yoga for Colette Martin');

    // Nothing more: the series mail is sent once.
    await t.app.jobs.runDue(new Date());
    expect(await mailsTo(t.smtp.messages, client.email)).toHaveLength(1);
  });
});
