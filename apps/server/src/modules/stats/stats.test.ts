import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp, useTestWorld } from '../../../test/helpers/app';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { appointmentEvents, appointments, timeslots } from '../../db/schema';
import {
  getProviderAnalytics,
  getProviderStats,
  percentChange,
  providerStatsQuery,
} from './service';
import { asUser } from '../../../test/helpers/requests';

describe('percentChange', () => {
  it.each([
    [10, 5, 100],
    [5, 10, -50],
    [3, 3, 0],
    [0, 0, 0],
    [4, 0, 100],
    [0, 4, -100],
    [1, 3, -67],
  ])('%d vs %d → %d %%', (current, previous, expected) => {
    expect(percentChange(current, previous)).toBe(expected);
  });
});

describe('provider stats on constructed histories', () => {
  const t = useTestWorld(async (app) => ({
    client: await createClient(app),
  }));

  /** The provider's stats as at `iso`. */
  const statsAt = (provider: TestUser, iso: string) =>
    getProviderStats(t.app.database.db, provider.providerId!, new Date(iso));

  /** Today's figures and their change against yesterday, as the stats name them. */
  const dayFigures = (
    todayCount: number,
    todayChange: number,
    avgDuration: number,
    durationChange: number,
  ) => ({ todayCount, todayChange, avgDuration, durationChange });

  /** An appointment on a local wall-clock day/time (the instants only matter for durations). */
  async function appointment(
    provider: TestUser,
    day: string,
    start: string,
    minutes: number,
    status: 'booked' | 'canceled' = 'booked',
  ) {
    const startsAt = new Date(`${day}T${start}:00Z`);
    const endsAt = new Date(startsAt.getTime() + minutes * 60_000);
    const end = endsAt.toISOString().slice(11, 16);
    const [row] = await t.app.database.db
      .insert(appointments)
      .values({
        providerId: provider.providerId!,
        clientId: t.client.id,
        status,
        day,
        startTime: `${start}:00`,
        endTime: `${end}:00`,
        startsAt,
        endsAt,
        serviceType: 'Haircut',
      })
      .returning({ id: appointments.id });
    return row!.id;
  }

  async function event(
    provider: TestUser,
    type: 'booked' | 'canceled' | 'rescheduled',
    occurredAt: string,
  ) {
    const appointmentId = await appointment(provider, '2026-01-01', '10:00', 30);
    await t.app.database.db.insert(appointmentEvents).values({
      appointmentId,
      providerId: provider.providerId!,
      clientId: t.client.id,
      type,
      actorRole: 'client',
      actorUserId: t.client.id,
      startsAt: new Date(occurredAt),
      endsAt: new Date(occurredAt),
      occurredAt: new Date(occurredAt),
    });
  }

  it('counts today against yesterday, in the provider’s zone', async () => {
    const provider = await createProvider(t.app, { timezone: 'America/New_York' });
    await appointment(provider, '2026-11-20', '10:00', 30);
    await appointment(provider, '2026-11-21', '09:00', 30);
    await appointment(provider, '2026-11-21', '11:00', 60);
    await appointment(provider, '2026-11-21', '13:00', 45, 'canceled');
    // 2026-11-22 04:30 UTC is still 2026-11-21 23:30 in New York: "today" is the 21st.
    const stats = await statsAt(provider, '2026-11-22T04:30:00Z');
    expect(stats).toMatchObject(dayFigures(2, 100, 45, 50));
    // An hour later it is the 22nd in New York: nothing today, two yesterday.
    const later = await statsAt(provider, '2026-11-22T05:30:00Z');
    expect(later).toMatchObject(dayFigures(0, -100, 0, -100));
  });

  it('yesterday = 0: 0 → 0 is 0 %, 0 → n is +100 %', async () => {
    const provider = await createProvider(t.app, { timezone: 'UTC' });
    const empty = await statsAt(provider, '2026-06-10T12:00:00Z');
    expect(empty).toEqual({
      todayCount: 0,
      todayChange: 0,
      avgDuration: 0,
      durationChange: 0,
      completionRate: 100,
      completionChange: 0,
      bookedThisWeek: 0,
      canceledThisWeek: 0,
      rescheduledThisWeek: 0,
    });
    await appointment(provider, '2026-06-10', '08:00', 30);
    const one = await statsAt(provider, '2026-06-10T12:00:00Z');
    expect(one).toMatchObject(dayFigures(1, 100, 30, 100));
  });

  it('the successful booking rate covers the last 30 days; its change is in points vs yesterday', async () => {
    const provider = await createProvider(t.app, { timezone: 'Asia/Tokyo' });
    await appointment(provider, '2026-05-01', '10:00', 30); // outside both windows
    await appointment(provider, '2026-05-01', '11:00', 30, 'canceled');
    await appointment(provider, '2026-05-20', '10:00', 30);
    await appointment(provider, '2026-05-25', '10:00', 30);
    await appointment(provider, '2026-05-29', '10:00', 30);
    await appointment(provider, '2026-06-10', '10:00', 30, 'canceled'); // today only
    const stats = await statsAt(provider, '2026-06-10T03:00:00Z');
    // Window up to today (May 12 – Jun 10): 3 kept of 4 → 75 %; up to yesterday: 3 of 3 → 100 %.
    expect(stats.completionRate).toBe(75);
    expect(stats.completionChange).toBe(-25);
  });

  it('weekly counts start on Monday 00:00 local', async () => {
    const provider = await createProvider(t.app, { timezone: 'America/New_York' });
    // Wednesday 2026-11-18 noon in New York; the week began Monday 2026-11-16 00:00 EST (05:00 UTC).
    await event(provider, 'booked', '2026-11-16T04:59:00Z'); // Sunday 23:59 local: last week
    await event(provider, 'booked', '2026-11-16T05:01:00Z'); // Monday 00:01 local
    await event(provider, 'booked', '2026-11-17T15:00:00Z');
    await event(provider, 'canceled', '2026-11-17T16:00:00Z');
    await event(provider, 'rescheduled', '2026-11-18T16:00:00Z');
    const stats = await statsAt(provider, '2026-11-18T17:00:00Z');
    expect(stats).toMatchObject({ bookedThisWeek: 2, canceledThisWeek: 1, rescheduledThisWeek: 1 });
  });

  it('a daylight-saving week starts at the right instant', async () => {
    const provider = await createProvider(t.app, { timezone: 'America/New_York' });
    // Clocks go forward on Sunday 2026-03-08. That week began Monday 2026-03-02 00:00 EST = 05:00 UTC;
    // using today's offset (EDT, UTC−4) would wrongly start it at 04:00 UTC.
    await event(provider, 'booked', '2026-03-02T04:30:00Z'); // Sunday 23:30 EST: previous week
    await event(provider, 'booked', '2026-03-02T05:30:00Z'); // Monday 00:30 EST
    const sunday = await statsAt(provider, '2026-03-08T16:00:00Z');
    expect(sunday.bookedThisWeek).toBe(1);
    // The next week begins Monday 2026-03-09 00:00 EDT = 04:00 UTC.
    await event(provider, 'canceled', '2026-03-09T03:30:00Z'); // Sunday 23:30 EDT
    await event(provider, 'canceled', '2026-03-09T04:15:00Z'); // Monday 00:15 EDT
    const monday = await statsAt(provider, '2026-03-09T14:00:00Z');
    expect(monday).toMatchObject({ bookedThisWeek: 0, canceledThisWeek: 1 });
  });

  it('analytics: activity per day, utilisation, busiest times and the next 7 days', async () => {
    const provider = await createProvider(t.app, { timezone: 'UTC' });
    const now = new Date('2026-09-15T12:00:00Z');
    await t.app.database.db.insert(timeslots).values([
      {
        providerId: provider.providerId!,
        day: '2026-09-14',
        startTime: '10:00:00',
        endTime: '11:00:00',
        startsAt: new Date('2026-09-14T10:00:00Z'),
        endsAt: new Date('2026-09-14T11:00:00Z'),
        type: 'Haircut',
      },
      {
        providerId: provider.providerId!,
        day: '2026-09-16',
        startTime: '09:00:00',
        endTime: '10:00:00',
        startsAt: new Date('2026-09-16T09:00:00Z'),
        endsAt: new Date('2026-09-16T10:00:00Z'),
        type: 'Haircut',
      },
    ]);
    await appointment(provider, '2026-09-14', '10:00', 30); // a Monday, 10 h
    await appointment(provider, '2026-09-16', '09:00', 60);
    await event(provider, 'booked', '2026-09-14T08:00:00Z');
    await event(provider, 'canceled', '2026-09-14T09:00:00Z');
    const analytics = await getProviderAnalytics(t.app.database.db, provider.providerId!, now);
    expect(analytics.last30Days).toHaveLength(30);
    expect(analytics.last30Days.at(-1)!.day).toBe('2026-09-15');
    expect(analytics.last30Days.find((d) => d.day === '2026-09-14')).toEqual({
      day: '2026-09-14',
      bookings: 1,
      cancellations: 1,
    });
    expect(analytics).toMatchObject({ publishedMinutes: 60, bookedMinutes: 30, utilisation: 50 });
    expect(analytics.byWeekday[0]).toEqual({ weekday: 0, appointments: 1 });
    expect(analytics.byHour[10]).toEqual({ hour: 10, appointments: 1 });
    expect(analytics.next7Days).toHaveLength(7);
    expect(analytics.next7Days[1]).toEqual({
      day: '2026-09-16',
      publishedMinutes: 60,
      bookedMinutes: 60,
    });
  });

  it('GET /api/stats/ is for providers only and wraps the figures in {stats}', async () => {
    const provider = await createProvider(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/stats/' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/stats/', headers: t.client.headers }))
        .statusCode,
    ).toBe(403);
    const res = await asUser(t.app, provider).get('/api/stats/');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().stats).sort()).toEqual(
      [
        'avgDuration',
        'bookedThisWeek',
        'canceledThisWeek',
        'completionChange',
        'completionRate',
        'durationChange',
        'rescheduledThisWeek',
        'todayChange',
        'todayCount',
        'rating',
        'reviewCount',
        'noShowRate',
      ].sort(),
    );
    const analytics = await asUser(t.app, provider).get('/api/stats/analytics');
    expect(analytics.statusCode).toBe(200);
    expect(analytics.json().analytics.next7Days).toHaveLength(7);
  });
});

describe('stats query plan (EXPLAIN)', () => {
  const t = useTestApp();

  it('reads the 30-day window through appointments_provider_day_idx and the week’s events through their index', async () => {
    const provider = await createProvider(t.app);
    const db = t.app.database.db;
    const plan = await db.transaction(async (tx) => {
      // Tiny tables: without this the planner rightly prefers sequential scans.
      await tx.execute(sql`set local enable_seqscan = off`);
      const explained = sql`explain `.append(
        providerStatsQuery(provider.providerId!, new Date('2026-09-16T12:00:00Z')),
      );
      const result = (await tx.execute(explained)) as unknown as {
        rows: Record<string, string>[];
      };
      return result.rows.map((row) => Object.values(row)[0]).join('\n');
    });
    if (t.app.database.kind !== 'postgres') {
      // The same planner runs inside PGlite; the acceptance criterion is about PostgreSQL,
      // which TEST_DATABASE_URL selects.
      console.info('EXPLAIN on PGlite (set TEST_DATABASE_URL to check it on PostgreSQL)');
    }
    expect(plan).toMatch(/appointments_provider_day_idx[\s\S]*Index Cond: \(\(provider_id = /);
    expect(plan).toContain('appointment_events_provider_occurred_idx');
  });
});
