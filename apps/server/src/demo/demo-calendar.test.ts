import { addDays, weekdayOf } from '@slotwise/shared/dates';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { providers, users } from '../db/schema';
import { syncConnection } from '../modules/calendar-sync/sync';
import { createTestApp } from '../../test/helpers/app';
import { demoSignIn } from '../../test/helpers/demo';
import { DEMO_PROVIDER_EMAIL } from './demo-catalogue';
import {
  DEMO_CALENDAR_NAME,
  DEMO_CALENDAR_PATH,
  demoCalendarBusy,
  demoCalendarIcs,
  demoCalendarUrl,
} from './demo-calendar';
import { DEMO_PROVIDER_ZONE } from './seed-marketplace';

/** Wall clock of an instant in the demo provider's zone: `YYYY-MM-DD HH:MM`. */
function wall(at: Date): { day: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: DEMO_PROVIDER_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return {
    day: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}`,
  };
}

describe('the demo calendar feed (docs/decisions/071-calendar-sync.md)', () => {
  it("is busy every weekday 12:00–13:00 on the demo provider's clock, across a DST change", async () => {
    // 2 to 15 March 2026: US clocks move forward on Sunday 8 March.
    const blocks = await demoCalendarBusy({
      from: new Date('2026-03-02T00:00:00Z'),
      to: new Date('2026-03-16T00:00:00Z'),
    });
    expect(blocks).toHaveLength(10);
    for (const block of blocks) {
      const from = wall(block.startsAt);
      expect([from.time, wall(block.endsAt).time]).toEqual(['12:00', '13:00']);
      expect([0, 6]).not.toContain(weekdayOf(from.day));
    }
    expect(demoCalendarIcs()).toContain('BEGIN:VTIMEZONE');
    expect(demoCalendarIcs()).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
  });

  it('is served, the demo provider subscribed and synced in-process, and lunch is not bookable', async () => {
    // No ALLOW_PRIVATE_URLS: the demo connection points at the server itself (loopback).
    const t = await createTestApp({ DEMO_DATA: 'on' });
    try {
      const feed = await t.app.inject({ method: 'GET', url: DEMO_CALENDAR_PATH });
      expect(feed.statusCode).toBe(200);
      expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
      expect(feed.body).toBe(demoCalendarIcs());

      const auth = await demoSignIn(t.app, DEMO_PROVIDER_EMAIL);
      const listed = await t.app.inject({
        method: 'GET',
        url: '/api/calendar/connections',
        headers: auth,
      });
      expect(listed.statusCode).toBe(200);
      const [connection] = listed.json().connections as {
        id: string;
        name: string;
        url: string;
        busy_count: number;
        last_error: string | null;
      }[];
      expect(connection).toMatchObject({
        name: DEMO_CALENDAR_NAME,
        url: demoCalendarUrl('http://localhost:5001'),
        last_error: null,
      });
      expect(connection!.busy_count).toBeGreaterThan(100);

      // The job chain's sync reads it again without any request over the network.
      const outcome = await syncConnection(t.app.calendarSync, connection!.id);
      expect(outcome).toMatchObject({ kind: 'synced' });

      // The demo provider has free slots at lunch on weekdays, and clients are not offered them.
      const db = t.app.database.db;
      const [provider] = await db
        .select({ id: providers.id })
        .from(providers)
        .innerJoin(users, eq(users.id, providers.userId))
        .where(and(eq(users.email, DEMO_PROVIDER_EMAIL)));
      const lunchSlots = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from timeslots where provider_id = ${provider!.id}
            and not is_booked and starts_at > now()
            and (starts_at at time zone ${DEMO_PROVIDER_ZONE})::time < '13:00'
            and (ends_at at time zone ${DEMO_PROVIDER_ZONE})::time > '12:00'
            and extract(isodow from starts_at at time zone ${DEMO_PROVIDER_ZONE}) < 6`,
      );
      expect(lunchSlots[0]!.n).toBeGreaterThan(0);
      const today = wall(new Date()).day;
      const offered = await t.app.inject({
        method: 'GET',
        url: `/api/search/providers/${provider!.id}/available-slots?from=${today}&to=${addDays(today, 27)}`,
      });
      expect(offered.statusCode).toBe(200);
      const slots = offered.json().availableSlots as {
        day: string;
        start_time: string;
        end_time: string;
      }[];
      expect(slots.length).toBeGreaterThan(0);
      const atLunch = slots.filter(
        (slot) =>
          ![0, 6].includes(weekdayOf(slot.day)) &&
          slot.start_time < '13:00:00' &&
          slot.end_time > '12:00:00',
      );
      expect(atLunch).toEqual([]);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('is not served without demo data', async () => {
    const t = await createTestApp();
    try {
      const feed = await t.app.inject({ method: 'GET', url: DEMO_CALENDAR_PATH });
      expect(feed.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
