import { providerSearchQuerySchema } from '@slotwise/shared/discovery-schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { seedForPlanner } from '../../../test/helpers/planner-seed';
import { book, wallClock } from '../../../test/helpers/booking-factories';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { minutesFromNow, setPolicy } from '../../../test/helpers/policy-helpers';
import { asUser } from '../../../test/helpers/requests';
import { queryRows } from '../../db/client';
import { discoveryPageQuery } from './discovery';
import { normaliseSearch } from './discovery-normalise';
import { soonestFirstAttempt } from './discovery-soonest';

/**
 * sort=soonest (docs/decisions/055-discovery-soonest.md): the lower bound
 * providers.next_free_starts_at follows bookings, cancellations, deletions, creations and time;
 * the walk's pages are exactly the brute-force order (every match ranked by its real next
 * bookable slot: 048's full query), whatever the bounds' looseness; EXPLAIN on PostgreSQL.
 */

interface Answer {
  providers: { provider_id: string; next_available: string | null }[];
  nextCursor: string | null;
}

const HOUR = 60;

async function slotAt(t: TestApp, provider: TestUser, at: Date, booked = false): Promise<string> {
  const start = wallClock(at, provider.timezone);
  const end = wallClock(new Date(at.getTime() + 30 * 60_000), provider.timezone);
  const [row] = await queryRows<{ id: string }>(
    t.app.database.db,
    sql`insert into timeslots (provider_id, day, start_time, end_time, starts_at, ends_at, type, is_booked)
      values (${provider.providerId}::uuid, ${start.day}::date, ${start.time}::time,
        ${end.day === start.day ? end.time : '23:59:59'}::time, ${at.toISOString()}::timestamptz,
        ${new Date(at.getTime() + 30 * 60_000).toISOString()}::timestamptz, 'Consultation', ${booked})
      returning id`,
  );
  return row!.id;
}

async function bound(t: TestApp, provider: TestUser): Promise<string | null> {
  const [row] = await queryRows<{ at: string | null }>(
    t.app.database.db,
    sql`select to_char(next_free_starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at
      from providers where id = ${provider.providerId}::uuid`,
  );
  return row!.at;
}
const iso = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;

async function walk(t: TestApp, query: string, limit: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const url = `/api/search/providers?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as Answer;
    seen.push(...answer.providers.map((p) => p.provider_id));
    cursor = answer.nextCursor;
    if (!cursor) return seen;
  }
  throw new Error('walk did not end');
}

/** Every match ranked by its real next bookable slot (048's query: ranks them all). */
async function bruteForce(t: TestApp, query: Record<string, string>): Promise<string[]> {
  const params = providerSearchQuerySchema.parse({ ...query, sort: 'soonest', limit: '50' });
  const rows = await queryRows<{ id: string }>(t.app.database.db, discoveryPageQuery(params));
  return rows.map((row) => row.id);
}

describe('soonest: the bound follows the slots', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('booked, canceled, deleted, created, past, and time passing', async () => {
    const provider = await createProvider(t.app, { firstName: 'Bea', lastName: 'Bound' });
    const client = await createClient(t.app);
    expect(await bound(t, provider)).toBeNull();
    const first = minutesFromNow(2 * HOUR);
    const second = minutesFromNow(3 * HOUR);
    const firstId = await slotAt(t, provider, first);
    await slotAt(t, provider, second);
    await slotAt(t, provider, minutesFromNow(-HOUR)); // past: never a bound
    expect(await bound(t, provider)).toBe(iso(first));

    const appointment = await book(t.app, client, firstId);
    expect(await bound(t, provider)).toBe(iso(second));
    const canceled = await asUser(t.app, client).patch(`/api/appointment/cancel/${appointment}`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await bound(t, provider)).toBe(iso(first));

    const deleted = await asUser(t.app, provider).delete(`/api/timeslots/delete/${firstId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await bound(t, provider)).toBe(iso(second));

    const sooner = minutesFromNow(HOUR);
    const start = wallClock(sooner, provider.timezone);
    const end = wallClock(new Date(sooner.getTime() + 30 * 60_000), provider.timezone);
    if (end.day === start.day) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/timeslots/create',
        headers: provider.headers,
        payload: {
          day: start.day,
          startTime: start.time.slice(0, 5),
          endTime: end.time.slice(0, 5),
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(await bound(t, provider)).toBe(iso(sooner));
    }

    // Time passing: a bound in the past is recomputed by the stale refresh.
    await t.app.database.db
      .execute(sql`update providers set next_free_starts_at = now() - interval '1 day'
      where id = ${provider.providerId}::uuid`);
    await t.app.database.db.execute(sql`select refresh_stale_next_free(100)`);
    const [exact] = await queryRows<{ at: string | null }>(
      t.app.database.db,
      sql`select to_char(provider_next_free(${provider.providerId}::uuid) at time zone 'UTC',
        'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at`,
    );
    expect(await bound(t, provider)).toBe(exact!.at);
    expect(exact!.at).not.toBeNull();
  });
  it('concurrent bookings and cancellations leave a lower bound (never later than the truth)', async () => {
    const provider = await createProvider(t.app, { firstName: 'Con', lastName: 'Current' });
    const clients = await Promise.all([0, 1, 2, 3, 4, 5].map(() => createClient(t.app)));
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await slotAt(t, provider, minutesFromNow((i + 2) * HOUR)));
    const booked = await Promise.all(clients.map((c, i) => book(t.app, c, ids[i]!)));
    await Promise.all(
      [0, 2, 4].map((i) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/appointment/cancel/${booked[i]}`,
          headers: clients[i]!.headers,
        }),
      ),
    );
    const [row] = await queryRows<{ bound: Date | null; exact: Date | null }>(
      t.app.database.db,
      sql`select next_free_starts_at as bound, provider_next_free(id) as exact
        from providers where id = ${provider.providerId}::uuid`,
    );
    expect(row!.exact).not.toBeNull();
    expect(row!.bound).not.toBeNull();
    expect(new Date(row!.bound!).getTime()).toBeLessThanOrEqual(new Date(row!.exact!).getTime());
  });
});

describe('soonest: pages are the brute-force order', () => {
  let t: TestApp;
  let client: TestUser;
  const base = minutesFromNow(2 * HOUR);
  const at = (hours: number) => new Date(base.getTime() + hours * 3_600_000);

  beforeAll(async () => {
    t = await createTestApp();
    client = await createClient(t.app);
    const provider = (first: string, last: string) =>
      createProvider(t.app, { firstName: first, lastName: last });
    // Ties at the same instant, ordered by name then id.
    for (const [first, last] of [
      ['Zoe', 'Tie'],
      ['Adam', 'Tie'],
      ['Adam', 'Tie'],
      ['Mia', 'Tie'],
    ] as const) {
      await slotAt(t, await provider(first, last), at(1));
    }
    // Booked first slot: ranked by its second one.
    const booked = await provider('Bo', 'Booked');
    const bookedFirst = await slotAt(t, booked, at(0));
    await slotAt(t, booked, at(5));
    await book(t.app, client, bookedFirst);
    // Only past and booked slots: no bookable slot (the tail, by name).
    const past = await provider('Pat', 'Past');
    await slotAt(t, past, minutesFromNow(-2 * HOUR));
    await slotAt(t, past, at(2), true);
    // Minimum notice refuses the first slot (10 h): ranked by the one after.
    const notice = await provider('Nia', 'Notice');
    await setPolicy(t.app, notice, { minNoticeMinutes: 10 * HOUR });
    await slotAt(t, notice, at(0.5));
    await slotAt(t, notice, at(12));
    // Horizon of one day refuses its only slot: no bookable slot.
    const horizon = await provider('Hal', 'Horizon');
    await setPolicy(t.app, horizon, { maxAdvanceDays: 1 });
    await slotAt(t, horizon, at(24 * 3));
    // One a day: after a booking that day its other slot is refused; the next day's counts.
    const capped = await provider('Cap', 'Capped');
    await setPolicy(t.app, capped, { maxPerDay: 1 });
    const cappedFirst = await slotAt(t, capped, at(0.25));
    await slotAt(t, capped, at(1.25));
    await slotAt(t, capped, at(24 * 2));
    await book(t.app, client, cappedFirst);
    // A bound left far too low (stale, in the past) and one merely loose: still ranked right.
    const stale = await provider('Sam', 'Stale');
    await slotAt(t, stale, at(3));
    const loose = await provider('Lou', 'Loose');
    await slotAt(t, loose, at(4));
    await t.app.database.db
      .execute(sql`update providers set next_free_starts_at = now() - interval '2 days'
      where id = ${stale.providerId}::uuid`);
    await t.app.database.db
      .execute(sql`update providers set next_free_starts_at = now() + interval '1 minute'
      where id = ${loose.providerId}::uuid`);
    // More providers with slots over the next days, and some without any.
    for (let i = 0; i < 9; i++) {
      const p = await provider(`Many${i % 3}`, `Slots${i}`);
      await slotAt(t, p, at(6 + ((i * 7) % 11)));
      if (i % 2 === 0) await slotAt(t, p, at(30 + i));
    }
    for (const name of ['Nora', 'Ned']) await provider(name, 'None');
    // Not listed (email not verified): never shown.
    const hidden = await createProvider(t.app, {
      firstName: 'Al',
      lastName: 'Hidden',
      verified: false,
    });
    await slotAt(t, hidden, at(0));
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([1, 2, 3, 7])('limit=%i: every provider once, in the exact order', async (limit) => {
    const expected = await bruteForce(t, {});
    expect(expected.length).toBe(22);
    const seen = await walk(t, 'sort=soonest', limit);
    expect(seen).toEqual(expected);
  });

  it('the next slot shown is the real one (booked, past and refused slots skipped)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/search/providers?sort=soonest&limit=50',
    });
    const answer = res.json() as Answer;
    const byId = new Map(answer.providers.map((p) => [p.provider_id, p.next_available]));
    const rows = await queryRows<{ id: string; last_name: string; next_at: string | null }>(
      t.app.database.db,
      sql`select p.id, p.last_name, to_char(n.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as next_at
        from providers p cross join lateral (select min(starts_at) as at from timeslots s
          where s.provider_id = p.id and not s.is_booked and s.starts_at > now()) n where p.listed`,
    );
    const free = new Map(rows.map((row) => [row.last_name, row]));
    expect(byId.get(free.get('Booked')!.id)).toBe(iso(at(5)).replace('Z', '.000Z'));
    expect(byId.get(free.get('Past')!.id)).toBeNull();
    expect(byId.get(free.get('Notice')!.id)).toBe(iso(at(12)).replace('Z', '.000Z'));
    expect(byId.get(free.get('Horizon')!.id)).toBeNull();
    expect(byId.get(free.get('Stale')!.id)).toBe(iso(at(3)).replace('Z', '.000Z'));
  });

  it('with filters (date, name words) and SPEC pages, the same order', async () => {
    const day = wallClock(at(1), 'America/New_York').day;
    const expected = await bruteForce(t, { date: day });
    expect(expected.length).toBeGreaterThan(0);
    expect(await walk(t, `sort=soonest&date=${day}`, 2)).toEqual(expected);
    expect(await walk(t, 'sort=soonest&q=tie', 1)).toEqual(await bruteForce(t, { q: 'tie' }));
    const all = await bruteForce(t, {});
    const pages: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/search/providers?sort=soonest&limit=5&page=${page}`,
      });
      pages.push(...(res.json() as Answer).providers.map((p) => p.provider_id));
    }
    expect(pages).toEqual(all);
  });
});

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)(
  'soonest EXPLAIN on PostgreSQL: the walk reads the bound index',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
      await seedForPlanner(
        t.app.database.db,
        sql`insert into providers (user_id, specialty, search_text, category)
      select u.id, 'Specialist', lower(u.first_name || ' ' || u.last_name || ' specialist'),
        (array['barber','driver','tutor','photographer','mechanic','electrician','cleaner','plumber'])[1 + n % 8]
      from (select id, first_name, last_name, row_number() over (order by email)::int as n from users) u`,
      );
    });
    afterAll(async () => {
      await t.close();
    });

    async function plan(query: Record<string, string>): Promise<string> {
      const params = providerSearchQuerySchema.parse({ ...query, sort: 'soonest' });
      const result = await t.app.database.db.execute(
        sql`explain (format json) ${soonestFirstAttempt(normaliseSearch(params), params.limit)}`,
      );
      return JSON.stringify((result as unknown as { rows: unknown[] }).rows);
    }

    it('no filter: providers_listed_next_free_idx', async () => {
      expect(await plan({})).toContain('providers_listed_next_free_idx');
    });

    it('category: one of the bound indexes (with or without the category)', async () => {
      expect(await plan({ category: 'plumber' })).toMatch(
        /providers_listed_(category_)?next_free_idx/,
      );
    });
  },
);
