import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema';
import { useTestApp } from '../../../test/helpers/app';
import { useFakeNow } from '../../../test/helpers/clock';
import { createSlot } from '../../../test/helpers/booking-factories';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { asUser } from '../../../test/helpers/requests';
import { saveOk, slotsOf } from '../../../test/helpers/weekly-hours';

/**
 * Busy time against bookings over HTTP (docs/decisions/071-calendar-sync.md "Busy time is a table
 * the claim reads", docs/product.md §18.2): a sync racing 20 bookings of the same slot never
 * lets a booking in once the busy time is committed; weekly-hours generation makes no slot over
 * busy time.
 */

/** A feed on loopback; while `hold` is set its answers wait until released. */
function feedServer() {
  let text = '';
  let gate: Promise<void> | null = null;
  const server: Server = createServer((_request, response) => {
    void (gate ?? Promise.resolve()).then(() => {
      response.writeHead(200, { 'content-type': 'text/calendar' });
      response.end(text);
    });
  });
  return {
    server,
    set: (next: string) => {
      text = next;
    },
    hold: () => {
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        gate = null;
        release();
      };
    },
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.ics`,
  };
}

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function calendarWith(events: ({ start: Date; end: Date } | { day: string })[]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'X-WR-TIMEZONE:America/New_York',
    ...events.flatMap((event, i) => [
      'BEGIN:VEVENT',
      `UID:busy-${i}`,
      'DTSTAMP:20260101T000000Z',
      ...('day' in event
        ? [`DTSTART;VALUE=DATE:${event.day.replace(/-/g, '')}`]
        : [`DTSTART:${stamp(event.start)}`, `DTEND:${stamp(event.end)}`]),
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

const feed = feedServer();
beforeAll(async () => {
  await new Promise<void>((resolve) => feed.server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => feed.server.close(resolve));
});

const t = useTestApp({ ALLOW_PRIVATE_URLS: '1' });

async function connect(provider: TestUser): Promise<string> {
  const added = await asUser(t.app, provider).post('/api/calendar/connections', {
    kind: 'ics',
    url: feed.url(),
    name: 'Personal',
  });
  expect(added.statusCode, added.body).toBe(201);
  return added.json().connection.id as string;
}

describe('a sync racing bookings', () => {
  it('20 clients booking a slot while a sync makes it busy: 201 before the commit, 409 PROVIDER_BUSY after', async () => {
    const provider = await createProvider(t.app);
    // More seats than the 20 clients and 5 latecomers: without the busy time every booking
    // would succeed, and a refusal can only be the busy time's (a full class answers
    // SLOT_TAKEN first, when the sync commits after all 20).
    const slot = await createSlot(t.app, provider.providerId!, {
      startsInMinutes: 30 * 60,
      capacity: 30,
    });
    feed.set(calendarWith([]));
    const id = await connect(provider);
    feed.set(
      calendarWith([
        {
          start: new Date(slot.startsAt.getTime() - 10 * 60_000),
          end: new Date(slot.startsAt.getTime() + 10 * 60_000),
        },
      ]),
    );
    const clients = await Promise.all(Array.from({ length: 20 }, () => createClient(t.app)));

    // The feed answers once half the bookings are on their way; the rest go out meanwhile.
    const release = feed.hold();
    let syncedAt = Number.POSITIVE_INFINITY;
    const sync = asUser(t.app, provider)
      .post(`/api/calendar/connections/${id}/sync`, {})
      .then((res) => {
        syncedAt = performance.now();
        return res;
      });
    const bookings = clients.map(async (client, i) => {
      for (let wait = 0; wait < i; wait++) await new Promise((r) => setImmediate(r));
      if (i === 10) release();
      const sentAt = performance.now();
      const res = await asUser(t.app, client).post('/api/appointment/booking', {
        timeslotId: slot.id,
      });
      return { sentAt, status: res.statusCode, code: res.json().code as string | undefined };
    });
    const answers = await Promise.all(bookings);
    const synced = await sync;
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().connection.busy_count).toBe(1);

    for (const answer of answers) {
      if (answer.status === 201) continue;
      expect(answer).toMatchObject({ status: 409, code: 'PROVIDER_BUSY' });
    }
    // A booking sent after the sync answered (so after its commit) is refused.
    for (const answer of answers.filter((a) => a.sentAt > syncedAt)) {
      expect(answer).toMatchObject({ status: 409, code: 'PROVIDER_BUSY' });
    }
    const latecomers = await Promise.all(Array.from({ length: 5 }, () => createClient(t.app)));
    const late = await Promise.all(
      latecomers.map((client) =>
        asUser(t.app, client).post('/api/appointment/booking', { timeslotId: slot.id }),
      ),
    );
    for (const res of late) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('PROVIDER_BUSY');
    }
    // What was booked is exactly what was answered 201: nothing slipped in afterwards.
    const booked = await t.app.database.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.timeslotId, slot.id), eq(appointments.status, 'booked')));
    expect(booked).toHaveLength(answers.filter((a) => a.status === 201).length);
  });
});

describe('weekly hours and busy time', () => {
  // Monday 2027-01-04 10:00 EST.
  useFakeNow(new Date('2027-01-04T15:00:00Z'));

  it('generation makes no slot over busy time (a timed event, an all-day one) and counts the skips', async () => {
    const provider = await createProvider(t.app);
    feed.set(
      calendarWith([
        // Tuesday 10:00–11:00 New York.
        { start: new Date('2027-01-05T15:00:00Z'), end: new Date('2027-01-05T16:00:00Z') },
        // All of Thursday.
        { day: '2027-01-07' },
      ]),
    );
    await connect(provider);
    const rule = { start: '09:00', end: '12:00', slotMinutes: 30, breakMinutes: 0 };
    const { generation } = await saveOk(
      t.app,
      provider,
      [
        { weekday: 2, ...rule },
        { weekday: 4, ...rule },
      ],
      1,
    );
    expect(generation).toMatchObject({ created: 4, skippedTimeOff: 8 });
    expect(
      (await slotsOf(t.app, provider, '2027-01-05')).map((s) => s.start_time.slice(0, 5)),
    ).toEqual(['09:00', '09:30', '11:00', '11:30']);
    expect(await slotsOf(t.app, provider, '2027-01-07')).toEqual([]);
  });
});
