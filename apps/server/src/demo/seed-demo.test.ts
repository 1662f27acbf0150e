import { CATEGORIES } from '@slotwise/shared/catalogue-schemas';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, useTestApp } from '../../test/helpers/app';
import { createClient } from '../../test/helpers/factories';
import { addDays, todayIn } from '@slotwise/shared/dates';
import {
  appointmentEvents,
  appointmentSeries,
  appointments,
  providers,
  timeslots,
  users,
} from '../db/schema';
import { mobileNumberOf } from '@slotwise/shared/phone-number';
import { readChannels } from '../modules/notifications/channel-preferences';
import { DEMO_CLASS } from './demo-class';
import { DEMO_CLIENT_PHONE } from './demo-phone';
import { DEMO_CLIENT_EMAIL, DEMO_PROVIDER_EMAIL } from './demo-catalogue';
import { seedDemoData } from './seed-demo';
import { demoSignIn } from '../../test/helpers/demo';
import { asUser } from '../../test/helpers/requests';

async function counts(t: TestApp) {
  const db = t.app.database.db;
  const n = async (table: typeof users | typeof providers | typeof timeslots) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    users: await n(users),
    providers: await n(providers),
    slots: await n(timeslots),
    appointments: (await db.select({ n: count() }).from(appointments))[0]!.n,
    events: (await db.select({ n: count() }).from(appointmentEvents))[0]!.n,
  };
}

const login = (t: TestApp, email: string) => demoSignIn(t.app, email);

describe('demo data', () => {
  const t = useTestApp();

  it('seeds an empty database quickly: providers in every category, slots, clients, appointments', async () => {
    const started = Date.now();
    const result = await seedDemoData(t.app.database.db, t.app.log);
    const elapsed = Date.now() - started;
    expect(result).toMatchObject({ seeded: true, providers: 24, clients: 9, operators: 1 });
    expect(elapsed).toBeLessThan(15_000);
    expect(result.slots).toBeGreaterThan(24 * 40);
    expect(result.appointments).toBeGreaterThan(50);
    expect(result.events).toBeGreaterThan(result.appointments);
    expect(await counts(t)).toEqual({
      users: 34,
      providers: 24,
      slots: result.slots,
      appointments: result.appointments,
      events: result.events,
    });

    const db = t.app.database.db;
    const byCategory = await db
      .select({ specialty: providers.specialty, n: count() })
      .from(providers)
      .groupBy(providers.specialty);
    expect(Object.fromEntries(byCategory.map((r) => [r.specialty, r.n]))).toEqual(
      // Three providers in each of the eight categories, by the name the screens show.
      Object.fromEntries(CATEGORIES.map((c) => [c.name, 3])),
    );
    const unverified = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.emailVerifiedAt} is null`);
    expect(unverified).toEqual([]);
    // A slot's seats taken are its booked appointments, and it is booked once they fill it
    // (docs/decisions/067-seats-and-series.md): a one-seat slot exactly when one holds it.
    const inconsistent = await db
      .select({ id: timeslots.id })
      .from(timeslots)
      .where(
        sql`${timeslots.seatsTaken} <> (select count(*) from ${appointments} a
              where a.timeslot_id = ${timeslots.id} and a.status = 'booked')
            or ${timeslots.isBooked} <> (${timeslots.seatsTaken} >= ${timeslots.capacity})`,
      );
    expect(inconsistent).toEqual([]);
    // Instants agree with the wall-clock day and times in the provider's zone.
    const skewed = await db.execute(sql`
      select t.id from ${timeslots} t
      join ${providers} p on p.id = t.provider_id join ${users} u on u.id = p.user_id
      where (t.day + t.start_time) at time zone u.timezone <> t.starts_at
         or (t.day + t.end_time) at time zone u.timezone <> t.ends_at`);
    expect((skewed as unknown as { rows: unknown[] }).rows).toEqual([]);
    // Every appointment has its booking event; canceled ones their cancel event with the actor.
    const withoutEvent = await db.execute(sql`
      select a.id from ${appointments} a
      where not exists (select 1 from ${appointmentEvents} e
                        where e.appointment_id = a.id and e.type = 'booked')
         or (a.status = 'canceled' and not exists (
               select 1 from ${appointmentEvents} e
               where e.appointment_id = a.id and e.type = 'canceled'
                 and e.actor_role = a.canceled_by))`);
    expect((withoutEvent as unknown as { rows: unknown[] }).rows).toEqual([]);
    const rescheduled = await db
      .select({ n: count() })
      .from(appointmentEvents)
      .where(eq(appointmentEvents.type, 'rescheduled'));
    expect(rescheduled[0]!.n).toBeGreaterThan(0);
  });

  it('the demo client can sign in and sees a living marketplace', async () => {
    const headers = await login(t, DEMO_CLIENT_EMAIL);
    const search = await asUser(t.app, { headers }).get('/api/search/providers?limit=50');
    expect(search.json().total).toBe(24);
    const plumbers = await asUser(t.app, { headers }).get('/api/search/providers?q=ana%20lo');
    expect(plumbers.json().providers[0]).toMatchObject({ first_name: 'Ana', last_name: 'Lopez' });
    for (const provider of search.json().providers as { provider_id: string }[]) {
      const slots = await asUser(t.app, { headers }).get(
        `/api/search/providers/${provider.provider_id}/available-slots`,
      );
      expect(slots.json().availableSlots.length).toBeGreaterThan(0);
    }
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/appointment/view', headers })
    ).json().appointments as { status: string; day: string }[];
    const statuses = new Set(mine.map((a) => a.status));
    expect(statuses).toEqual(new Set(['booked', 'canceled', 'completed']));
    const [today] = (
      (await t.app.database.db.execute(
        sql`select to_char(now() at time zone ${Intl.DateTimeFormat().resolvedOptions().timeZone}, 'YYYY-MM-DD') as today`,
      )) as unknown as { rows: { today: string }[] }
    ).rows;
    expect(mine.filter((a) => a.day === today!.today).length).toBeGreaterThanOrEqual(2);
  });

  it('the demo client has a confirmed phone, SMS on for reminders and offers, push on (§20.5)', async () => {
    const headers = await login(t, DEMO_CLIENT_EMAIL);
    const profile = (await asUser(t.app, { headers }).get('/api/profile')).json().profile;
    expect(profile.phone).toEqual({ number: DEMO_CLIENT_PHONE, confirmed: true });
    const matrix = await readChannels(t.app.database.db, profile.id);
    expect([matrix.reminder.sms, matrix.waitlist.sms]).toEqual([true, true]);
    expect(Object.values(matrix).every((row) => row.push)).toBe(true);
    expect(mobileNumberOf(DEMO_CLIENT_PHONE)).toBe(DEMO_CLIENT_PHONE);
  });

  it('the demo provider can sign in and sees appointments', async () => {
    const headers = await login(t, DEMO_PROVIDER_EMAIL);
    const res = await asUser(t.app, { headers }).get('/api/appointment/provider/view');
    expect(res.statusCode).toBe(200);
    expect(res.json().appointments.length).toBeGreaterThanOrEqual(3);
  });

  it('the demo tutor has a weekly class of 8 seats, partly full; the demo client a fortnightly series on it', async () => {
    const db = t.app.database.db;
    const [tutor] = (
      (await db.execute(sql`
        select p.id from ${providers} p join ${users} u on u.id = p.user_id
        where u.first_name = 'Priya' and u.last_name = 'Raman'`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    const classes = await db
      .select({
        id: timeslots.id,
        day: timeslots.day,
        capacity: timeslots.capacity,
        seatsTaken: timeslots.seatsTaken,
        isBooked: timeslots.isBooked,
      })
      .from(timeslots)
      .where(sql`${timeslots.providerId} = ${tutor!.id} and ${timeslots.type} = ${DEMO_CLASS.name}`)
      .orderBy(timeslots.startsAt);
    expect(classes).toHaveLength(DEMO_CLASS.weeks);
    // Weekly, on the same local time, all in the future, none full.
    const days = classes.map((c) => c.day);
    expect(days).toEqual(days.map((_, w) => addDays(days[0]!, 7 * w)));
    expect(days[0]! > todayIn('America/New_York')).toBe(true);
    expect(classes.every((c) => c.capacity === DEMO_CLASS.capacity && !c.isBooked)).toBe(true);
    // The first class: every demo client holds a seat (3 of 8).
    expect(classes[0]!.seatsTaken).toBe(3);
    expect(classes.map((c) => c.seatsTaken)).toEqual([3, 2, 1, 0, 1, 0, 1, 0]);

    // The demo client's series: a row and its four occurrences, every other week.
    const headers = await login(t, DEMO_CLIENT_EMAIL);
    const [demoClient] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_CLIENT_EMAIL));
    const series = await db
      .select()
      .from(appointmentSeries)
      .where(eq(appointmentSeries.clientId, demoClient!.id));
    expect(series).toEqual([
      expect.objectContaining({ providerId: tutor!.id, intervalWeeks: 2, count: 4 }),
    ]);
    const occurrences = await db
      .select({ timeslotId: appointments.timeslotId, status: appointments.status })
      .from(appointments)
      .where(eq(appointments.seriesId, series[0]!.id))
      .orderBy(appointments.startsAt);
    expect(occurrences).toEqual(
      [0, 2, 4, 6].map((w) => ({ timeslotId: classes[w]!.id, status: 'booked' })),
    );
    // The client sees them in their list, as one series; anyone sees the class's free seats.
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/appointment/view', headers })
    ).json().appointments as { id: string; timeslot_id: string; series_id: string | null }[];
    expect(mine.filter((a) => a.series_id === series[0]!.id).map((a) => a.timeslot_id)).toEqual(
      expect.arrayContaining(occurrences.map((o) => o.timeslotId)),
    );
    expect(mine.filter((a) => a.series_id !== null)).toHaveLength(4);
    const free = (
      await t.app.inject({
        url: `/api/search/providers/${tutor!.id}/available-slots?from=${days[0]}&to=${days[1]}`,
      })
    ).json().availableSlots as { id: string; capacity?: number; seats_left?: number }[];
    expect(free.find((s) => s.id === classes[0]!.id)).toMatchObject({
      capacity: DEMO_CLASS.capacity,
      seats_left: DEMO_CLASS.capacity - 3,
    });

    // The seeded series is a real one: "this and following" from the third occurrence frees
    // the seats of the last two.
    const third = mine.find((a) => a.timeslot_id === classes[4]!.id)!;
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointment/series/${series[0]!.id}/cancel`,
      headers,
      payload: { fromAppointmentId: third.id },
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().canceled).toHaveLength(2);
    const after = await db
      .select({ seatsTaken: timeslots.seatsTaken })
      .from(timeslots)
      .where(sql`${timeslots.providerId} = ${tutor!.id} and ${timeslots.type} = ${DEMO_CLASS.name}`)
      .orderBy(timeslots.startsAt);
    expect(after.map((c) => c.seatsTaken)).toEqual([3, 2, 1, 0, 0, 0, 0, 0]);
  });

  it('seeding again does not duplicate anything', async () => {
    const before = await counts(t);
    const again = await seedDemoData(t.app.database.db, t.app.log);
    expect(again.seeded).toBe(false);
    expect(await counts(t)).toEqual(before);
  });
});

describe('demo data and existing databases', () => {
  it('never touches a database that already has users', async () => {
    const t = await createTestApp();
    try {
      await createClient(t.app);
      const result = await seedDemoData(t.app.database.db, t.app.log);
      expect(result.seeded).toBe(false);
      expect(await counts(t)).toMatchObject({ users: 1, providers: 0, slots: 0 });
    } finally {
      await t.close();
    }
  });

  it('clients use the given zone (UTC when PostgreSQL does not know it), providers their city’s', async () => {
    for (const [zone, expected] of [
      ['Asia/Tokyo', 'Asia/Tokyo'],
      ['Mars/Olympus_Mons', 'UTC'],
    ]) {
      const t = await createTestApp();
      try {
        const result = await seedDemoData(t.app.database.db, t.app.log, { timezone: zone });
        expect(result.seeded).toBe(true);
        const zones = await t.app.database.db
          .selectDistinct({ role: users.role, timezone: users.timezone })
          .from(users)
          .orderBy(users.role);
        expect(zones).toEqual([
          { role: 'admin', timezone: expected },
          { role: 'client', timezone: expected },
          { role: 'provider', timezone: 'America/New_York' },
        ]);
      } finally {
        await t.close();
      }
    }
  });

  it('the app seeds at start when DEMO_DATA is on', async () => {
    const t = await createTestApp({ DEMO_DATA: 'on' });
    try {
      expect(await counts(t)).toMatchObject({ users: 34, providers: 24 });
    } finally {
      await t.close();
    }
  });
});
