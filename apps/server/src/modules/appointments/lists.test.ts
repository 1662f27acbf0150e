import { randomUUID } from 'node:crypto';
import { APPOINTMENT_LIST_MESSAGES } from '@slotwise/shared/appointments-schemas';
import { BOOKING_MESSAGES } from '@slotwise/shared/appointments-booking-schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema';
import { useTestApp } from '../../../test/helpers/app';
import { book, createSlots, wallClock } from '../../../test/helpers/booking-factories';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { encodeAppointmentCursor } from './lists';

/**
 * Paginated appointment lists (docs/decisions/052-paginated-appointment-lists.md), over HTTP:
 * every appointment exactly once across pages, in the unpaginated list's order; the
 * upcoming/past boundary; filters with pages; hostile cursors and limits → 400.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface Listed {
  id: string;
  status: string;
  starts_at: string;
}

describe('paginated appointment lists', () => {
  const t = useTestApp();
  let provider: TestUser;
  let other: TestUser;
  let client: TestUser;
  let secondClient: TestUser;
  /** Appointments of `provider` that are upcoming (booked, not ended), in list order. */
  let upcomingCount = 0;

  /** An appointment written straight into the table (past ones cannot be booked through the API). */
  async function insertAppointment(
    owner: TestUser,
    who: TestUser,
    startsAt: Date,
    status: 'booked' | 'canceled' | 'no_show' = 'booked',
    minutes = 30,
  ) {
    const endsAt = new Date(startsAt.getTime() + minutes * MINUTE);
    const start = wallClock(startsAt, owner.timezone);
    const end = wallClock(endsAt, owner.timezone);
    const [row] = await t.app.database.db
      .insert(appointments)
      .values({
        providerId: owner.providerId!,
        clientId: who.id,
        status,
        day: start.day,
        startTime: start.time,
        endTime: end.time,
        startsAt,
        endsAt,
        serviceType: 'Consultation',
        canceledAt: status === 'canceled' ? new Date() : null,
        canceledBy: status === 'canceled' ? 'client' : null,
      })
      .returning({ id: appointments.id });
    return row!.id;
  }

  beforeAll(async () => {
    provider = await createProvider(t.app);
    other = await createProvider(t.app);
    client = await createClient(t.app);
    secondClient = await createClient(t.app);
    const base = Math.ceil(Date.now() / MINUTE) * MINUTE;
    // Booked through the API: 6 future slots (hours 1–6 from now).
    for (const slot of await createSlots(t.app, provider.providerId!, 6)) {
      await book(t.app, client, slot.id);
    }
    // Ongoing: started 10 minutes ago, ends in 20 — still upcoming (first of all).
    await insertAppointment(provider, secondClient, new Date(base - 10 * MINUTE));
    // More future ones, days ahead; two share a start (the id decides between them).
    await insertAppointment(provider, client, new Date(base + 50 * HOUR));
    await insertAppointment(provider, secondClient, new Date(base + 50 * HOUR));
    await insertAppointment(provider, client, new Date(base + 80 * HOUR));
    upcomingCount = 6 + 1 + 3;
    // Future but canceled: in the past segment (not upcoming), most recent first.
    await insertAppointment(provider, client, new Date(base + 30 * HOUR), 'canceled');
    await insertAppointment(provider, secondClient, new Date(base + 50 * HOUR), 'canceled');
    // Just ended: the first of the past.
    await insertAppointment(provider, client, new Date(base - 40 * MINUTE));
    // Past: completed, canceled and no-show, over three weeks; some share a start.
    for (let i = 1; i <= 15; i++) {
      const at = new Date(base - i * 26 * HOUR);
      const status = i % 5 === 0 ? 'canceled' : i % 7 === 0 ? 'no_show' : 'booked';
      await insertAppointment(provider, i % 2 ? client : secondClient, at, status);
      if (i % 4 === 0) await insertAppointment(provider, client, at, 'canceled');
    }
    // Someone else's, never in these lists.
    await insertAppointment(other, client, new Date(base + 3 * HOUR));
    await insertAppointment(other, secondClient, new Date(base - 3 * HOUR));
  });

  const get = (user: TestUser, url: string) =>
    t.app.inject({ method: 'GET', url, headers: user.headers });

  async function all(user: TestUser, path: string): Promise<Listed[]> {
    const res = await get(user, path);
    expect(res.statusCode).toBe(200);
    return res.json().appointments;
  }

  /** Follows nextCursor from the first page to the end; checks each page's size. */
  async function walk(user: TestUser, path: string, limit: number) {
    const pages: Listed[][] = [];
    let cursor: string | null = null;
    const join = path.includes('?') ? '&' : '?';
    do {
      const url: string = `${path}${join}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await get(user, url);
      expect(res.statusCode, url).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['appointments', 'nextCursor']);
      expect(body.appointments.length).toBeLessThanOrEqual(limit);
      if (body.nextCursor !== null) expect(body.appointments).toHaveLength(limit);
      pages.push(body.appointments);
      cursor = body.nextCursor;
      expect(pages.length).toBeLessThan(200);
    } while (cursor);
    return pages;
  }

  it('without limit or cursor the answer is SPEC’s: every appointment, no nextCursor', async () => {
    const res = await get(provider, '/api/appointment/provider/view');
    expect(Object.keys(res.json())).toEqual(['appointments']);
    const mine = await get(client, '/api/appointment/view');
    expect(Object.keys(mine.json())).toEqual(['appointments']);
  });

  it('the provider list: every appointment exactly once, in the unpaginated order, for any page size', async () => {
    const everything = await all(provider, '/api/appointment/provider/view');
    expect(everything.length).toBeGreaterThan(30);
    for (const limit of [1, 2, 3, 7, 10, 50]) {
      const ids = (await walk(provider, '/api/appointment/provider/view', limit)).flat();
      expect(new Set(ids.map((a) => a.id)).size, `limit ${limit}`).toBe(ids.length);
      expect(
        ids.map((a) => a.id),
        `limit ${limit}`,
      ).toEqual(everything.map((a) => a.id));
    }
  });

  it('upcoming first, soonest first (the ongoing one leads); then the rest, most recent first', async () => {
    const [first, second] = await walk(provider, '/api/appointment/provider/view', upcomingCount);
    expect(first).toHaveLength(upcomingCount);
    expect(first!.every((a) => a.status === 'booked')).toBe(true);
    const starts = first!.map((a) => Date.parse(a.starts_at));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(starts[0]).toBeLessThan(Date.now());
    // The page ended exactly at the boundary; the next one starts with the past segment, whose
    // first rows are the future canceled ones, then the one that just ended.
    expect(second![0]!.status).toBe('canceled');
    expect(Date.parse(second![0]!.starts_at)).toBeGreaterThan(Date.now());
    const rest = second!.map((a) => Date.parse(a.starts_at));
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
    expect(second!.filter((a) => a.status === 'booked')).toHaveLength(0);
  });

  it('a page that crosses the boundary holds the last upcoming and the first past ones', async () => {
    const [first] = await walk(provider, '/api/appointment/provider/view', upcomingCount + 3);
    expect(first!.slice(0, upcomingCount).every((a) => a.status === 'booked')).toBe(true);
    expect(first!.slice(upcomingCount).map((a) => a.status)).toEqual([
      'canceled',
      'canceled',
      'completed',
    ]);
  });

  it('filters combine with pages: status=booked, completed, canceled, no_show', async () => {
    for (const status of ['booked', 'completed', 'canceled', 'no_show']) {
      const path = `/api/appointment/provider/view?status=${status}`;
      const everything = await all(provider, path);
      expect(everything.length, status).toBeGreaterThan(0);
      expect(everything.every((a) => a.status === status)).toBe(true);
      for (const limit of [1, 4]) {
        const ids = (await walk(provider, path, limit)).flat().map((a) => a.id);
        expect(ids, `${status} limit ${limit}`).toEqual(everything.map((a) => a.id));
      }
    }
  });

  it('the client list: every appointment exactly once, in the unpaginated order', async () => {
    for (const user of [client, secondClient]) {
      const everything = await all(user, '/api/appointment/view');
      expect(everything.length).toBeGreaterThan(5);
      for (const limit of [1, 3, 50]) {
        const ids = (await walk(user, '/api/appointment/view', limit)).flat().map((a) => a.id);
        expect(ids).toEqual(everything.map((a) => a.id));
      }
    }
  });

  it('pages carry the same fields as the whole list', async () => {
    const whole = await all(client, '/api/appointment/view');
    const res = await get(client, '/api/appointment/view?limit=2');
    expect(res.json().appointments).toEqual(whole.slice(0, 2));
    const provWhole = await all(provider, '/api/appointment/provider/view');
    const provPage = await get(provider, '/api/appointment/provider/view?limit=2');
    expect(provPage.json().appointments).toEqual(provWhole.slice(0, 2));
  });

  it('a cursor alone pages with the default size; a cursor never reaches another owner’s rows', async () => {
    const first = await get(provider, '/api/appointment/provider/view?limit=3');
    const cursor = first.json().nextCursor as string;
    const next = await get(other, `/api/appointment/provider/view?cursor=${cursor}`);
    expect(next.statusCode).toBe(200);
    const theirs = await all(other, '/api/appointment/provider/view');
    for (const a of next.json().appointments as Listed[]) {
      expect(theirs.map((x) => x.id)).toContain(a.id);
    }
    const defaultSize = await get(provider, `/api/appointment/provider/view?cursor=${cursor}`);
    expect(defaultSize.json().appointments).toHaveLength(20);
  });

  it('hostile cursors and limits → 400 with fieldErrors, never 5xx', async () => {
    const forged = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
    const id = randomUUID();
    const badCursors = [
      '',
      'junk',
      'not base64!',
      "' or 1=1 --",
      forged('a1|0|2026-13-45T00:00:00.000000Z|' + id),
      forged('a1|0|2026-02-30T00:00:00.000000Z|' + id),
      forged('a1|2|2026-01-01T00:00:00.000000Z|' + id),
      forged('a0|0|2026-01-01T00:00:00.000000Z|' + id),
      forged('a1|0|2026-01-01T00:00:00.000000Z|not-a-uuid'),
      forged('a1|0|0000-01-01T00:00:00.000000Z|' + id),
      forged('a1|0|2026-01-01T00:00:00Z|' + id),
      forged('a1|1|2026-01-01T00:00:00.000000Z|' + id + '|extra'),
      'x'.repeat(300),
    ];
    for (const [user, path] of [
      [provider, '/api/appointment/provider/view'],
      [client, '/api/appointment/view'],
    ] as const) {
      for (const cursor of badCursors) {
        const res = await get(user, `${path}?cursor=${encodeURIComponent(cursor)}`);
        expect(res.statusCode, cursor.slice(0, 60)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
        expect(res.json().fieldErrors.cursor).toBe(APPOINTMENT_LIST_MESSAGES.invalidCursor);
      }
      for (const limit of ['0', '-1', '51', '1.5', 'abc', '', '1e9']) {
        const res = await get(user, `${path}?limit=${limit}`);
        expect(res.statusCode, limit).toBe(400);
        expect(res.json().fieldErrors.limit).toBe(BOOKING_MESSAGES.invalidLimit);
      }
      const twice = await get(user, `${path}?limit=1&limit=2`);
      expect(twice.statusCode).toBe(400);
      // A well-formed cursor this server could have made, far away: an empty last page.
      const far = encodeAppointmentCursor({
        segment: 1,
        startsAt: '1000-01-01T00:00:00.000000Z',
        id,
      });
      const end = await get(user, `${path}?cursor=${far}`);
      expect(end.statusCode).toBe(200);
      expect(end.json()).toEqual({ appointments: [], nextCursor: null });
    }
  });
});
