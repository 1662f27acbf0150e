import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CALENDAR_SYNC_MESSAGES } from '@slotwise/shared/calendar-sync-schemas';
import { TEST_CARDS } from '@slotwise/shared/payments-schemas';
import { eq } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarEventCopies, jobs } from '../../db/schema';
import { appointmentUid } from '../email/ics';
import { useTestApp } from '../../../test/helpers/app';
import { book, createProviderWithSlots, createSlot } from '../../../test/helpers/booking-factories';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { createPayingProvider } from '../../../test/helpers/payment-factories';
import { freePort } from '../../../test/helpers/processes';
import { caldavSuiteRuns, type Radicale, startRadicale } from '../../../test/helpers/radicale';
import { asUser } from '../../../test/helpers/requests';
import { guardedFetch, PRIVATE_ADDRESS_TEXT } from './caldav-http';
import { CALDAV_PUSH_JOB } from './caldav-push-jobs';

/**
 * Two-way CalDAV against a real Radicale (docs/product.md §18, docs/decisions/071-calendar-sync.md):
 * each booking is written into the provider's calendar under its mail's UID, moved on reschedule
 * (SEQUENCE up), removed on cancel, written only once paid; an event made on the server blocks
 * its slot after the next sync; a wrong password, a server that is not CalDAV and a host that
 * does not answer are told in words. Needs the `radicale` binary (CI installs it and sets
 * REQUIRE_CALDAV=1); elsewhere the suite says it skipped.
 */
const runs = caldavSuiteRuns('CalDAV tests');

const PASSWORD = 'radicale-password';

/**
 * A loopback proxy in front of Radicale that notes each object request: method, condition
 * (If-Match / If-None-Match) and the status the server gave.
 */
function recordingProxy(target: () => string) {
  const seen: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))
          headers[name] = value;
      }
      void fetch(new URL(request.url!, target()), {
        method: request.method,
        headers,
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      }).then(async (answer) => {
        if (request.url!.endsWith('.ics')) {
          const condition = headers['if-match']
            ? ' if-match'
            : headers['if-none-match']
              ? ' if-none-match'
              : '';
          seen.push(`${request.method}${condition} ${answer.status}`);
        }
        const body = Buffer.from(await answer.arrayBuffer());
        const out: Record<string, string> = {};
        answer.headers.forEach((value, name) => {
          if (!['content-encoding', 'content-length', 'transfer-encoding'].includes(name))
            out[name] = value;
        });
        response.writeHead(answer.status, out);
        response.end(body);
      });
    });
  });
  return {
    seen,
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe.skipIf(!runs)('CalDAV calendars (Radicale)', () => {
  const t = useTestApp({ ALLOW_PRIVATE_URLS: '1' });
  let radicale: Radicale;
  let users = 0;
  beforeAll(async () => {
    radicale = await startRadicale(
      Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`user${i}`, PASSWORD])),
    );
  });
  afterAll(async () => {
    await radicale?.stop();
  });

  /** A fresh Radicale user and calendar. */
  async function newCalendar() {
    const user = `user${users++}`;
    return { user, url: await radicale.makeCalendar(user, 'work') };
  }

  async function connect(
    provider: TestUser,
    calendar: { user: string; url: string },
    password = PASSWORD,
  ) {
    const res = await asUser(t.app, provider).post('/api/calendar/connections', {
      kind: 'caldav',
      url: calendar.url,
      username: calendar.user,
      password,
      name: 'Work',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().connection as {
      id: string;
      last_error: string | null;
      failures: number;
      busy_count: number;
    };
  }

  /** The calendar's events read back over HTTP (Radicale answers a GET with the whole calendar). */
  async function eventsIn(calendar: { user: string; url: string }): Promise<VEvent[]> {
    const res = await radicale.request(calendar.user, calendar.url);
    expect(res.status).toBe(200);
    return Object.values(ical.sync.parseICS(await res.text())).filter(
      (c): c is VEvent => c?.type === 'VEVENT',
    );
  }

  const runJobs = (at = new Date()) => t.app.jobs.runDue(at);

  const pushJobs = async () =>
    (await t.app.database.db.select().from(jobs).where(eq(jobs.kind, CALDAV_PUSH_JOB))).length;

  it('writes a booking under its mail UID, moves it on reschedule (SEQUENCE up), removes it on cancel', async () => {
    const calendar = await newCalendar();
    const { provider, slots } = await createProviderWithSlots(t.app, 2);
    const connection = await connect(provider, calendar);
    expect(connection).toMatchObject({ last_error: null, failures: 0, busy_count: 0 });

    const client = await createClient(t.app);
    const id = await book(t.app, client, slots[0]!.id);
    await runJobs();
    let events = await eventsIn(calendar);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ uid: appointmentUid(id) });
    expect(new Date(events[0]!.start).getTime()).toBe(slots[0]!.startsAt.getTime());
    expect(new Date(events[0]!.end!).getTime()).toBe(slots[0]!.endsAt.getTime());
    expect(Number(events[0]!.sequence)).toBe(0);
    expect(events[0]!.summary).toContain('for ');
    const [copy] = await t.app.database.db
      .select()
      .from(calendarEventCopies)
      .where(eq(calendarEventCopies.appointmentId, id));
    expect(copy!.etag).toBeTruthy();

    // Read back by the sync, the booking's own event is not busy time.
    const synced = await asUser(t.app, provider).post(
      `/api/calendar/connections/${connection.id}/sync`,
      {},
    );
    expect(synced.json().connection).toMatchObject({ busy_count: 0, last_error: null });

    const moved = await asUser(t.app, client).patch(`/api/appointment/reschedule/${id}`, {
      newTimeslotId: slots[1]!.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await runJobs();
    events = await eventsIn(calendar);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ uid: appointmentUid(id) });
    expect(new Date(events[0]!.start).getTime()).toBe(slots[1]!.startsAt.getTime());
    expect(Number(events[0]!.sequence)).toBe(1);

    const canceled = await asUser(t.app, client).patch(`/api/appointment/cancel/${id}`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    await runJobs();
    expect(await eventsIn(calendar)).toEqual([]);
    const copies = await t.app.database.db
      .select()
      .from(calendarEventCopies)
      .where(eq(calendarEventCopies.appointmentId, id));
    expect(copies).toEqual([]);
  });

  it('writes with If-None-Match / If-Match; an event edited on the server meanwhile (412) is overwritten with the booking', async () => {
    const calendar = await newCalendar();
    const { provider, slots } = await createProviderWithSlots(t.app, 2);
    const proxy = recordingProxy(() => radicale.url);
    await proxy.start();
    await connect(provider, { ...calendar, url: calendar.url.replace(radicale.url, proxy.url()) });
    const client = await createClient(t.app);
    const id = await book(t.app, client, slots[0]!.id);
    await runJobs();
    const [copy] = await t.app.database.db
      .select()
      .from(calendarEventCopies)
      .where(eq(calendarEventCopies.appointmentId, id));
    // The provider renames it in their calendar app: the server's ETag changes.
    const direct = copy!.href.replace(proxy.url(), radicale.url);
    const current = await (await radicale.request(calendar.user, direct)).text();
    const edited = await radicale.request(calendar.user, direct, {
      method: 'PUT',
      headers: { 'content-type': 'text/calendar' },
      body: current.replace(/^SUMMARY:.*$/m, 'SUMMARY:Renamed by hand'),
    });
    expect(edited.status).toBeLessThan(300);
    expect(edited.headers.get('etag')).not.toBe(copy!.etag);

    const moved = await asUser(t.app, client).patch(`/api/appointment/reschedule/${id}`, {
      newTimeslotId: slots[1]!.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await runJobs()).toMatchObject({ failed: 0, retried: 0 });
    const events = await eventsIn(calendar);
    expect(events).toHaveLength(1);
    expect(new Date(events[0]!.start).getTime()).toBe(slots[1]!.startsAt.getTime());
    expect(events[0]!.summary).not.toBe('Renamed by hand');
    // Created only if absent; the update with the stale ETag refused, the ETag read, written.
    expect(proxy.seen).toEqual([
      'PUT if-none-match 201',
      'PUT if-match 412',
      'GET 200',
      'PUT if-match 201',
    ]);
    const canceled = await asUser(t.app, client).patch(`/api/appointment/cancel/${id}`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    await runJobs();
    expect(proxy.seen.at(-1)).toBe('DELETE if-match 200');
    expect(await eventsIn(calendar)).toEqual([]);
    await proxy.stop();
  });

  it('an event made directly on the server blocks its slot after the next sync (409 PROVIDER_BUSY)', async () => {
    const calendar = await newCalendar();
    const provider = await createProvider(t.app);
    const slot = await createSlot(t.app, provider.providerId!, { startsInMinutes: 26 * 60 });
    const connection = await connect(provider, calendar);
    expect(connection.busy_count).toBe(0);

    const stamp = (d: Date) =>
      d
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    const put = await radicale.request(calendar.user, `${calendar.url}dentist.ics`, {
      method: 'PUT',
      headers: { 'content-type': 'text/calendar' },
      body: [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Slotwise tests//EN',
        'BEGIN:VEVENT',
        'UID:dentist-on-the-server',
        `DTSTAMP:${stamp(new Date())}`,
        `DTSTART:${stamp(new Date(slot.startsAt.getTime() - 10 * 60_000))}`,
        `DTEND:${stamp(new Date(slot.startsAt.getTime() + 10 * 60_000))}`,
        'SUMMARY:Dentist',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    });
    expect(put.status).toBe(201);

    // The connection's chain syncs it at its next time (CALENDAR_POLL_MINUTES later).
    await runJobs(new Date(Date.now() + 6 * 60_000));
    const listed = await asUser(t.app, provider).get('/api/calendar/connections');
    expect(listed.json().connections[0]).toMatchObject({ busy_count: 1, last_error: null });
    const refused = await asUser(t.app, await createClient(t.app)).post(
      '/api/appointment/booking',
      { timeslotId: slot.id },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'PROVIDER_BUSY',
      message: CALENDAR_SYNC_MESSAGES.providerBusy,
    });
  });

  it('a seat held for its payment is written only once paid', async () => {
    const calendar = await newCalendar();
    const paying = await createPayingProvider(t.app, { mode: 'prepay', priceCents: 3000 });
    await connect(paying.provider, calendar);
    const slot = await paying.slot(30);
    const client = await createClient(t.app);
    const held = await asUser(t.app, client).post('/api/appointment/booking', {
      timeslotId: slot.id,
    });
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json().appointment.status).toBe('pending_payment');
    await runJobs();
    expect(await eventsIn(calendar)).toEqual([]);

    const paymentId = held.json().appointment.payment.id as string;
    const paid = await asUser(t.app, client).post(`/api/payments/${paymentId}/test-checkout`, {
      cardNumber: TEST_CARDS.success,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await runJobs();
    const events = await eventsIn(calendar);
    expect(events.map((e) => e.uid)).toEqual([
      appointmentUid(held.json().appointment.id as string),
    ]);
  });

  it('bookings made at once, of providers with and without a calendar, each queue their own push', async () => {
    const calendar = await newCalendar();
    const { provider, slots } = await createProviderWithSlots(t.app, 3);
    await connect(provider, calendar);
    const { slots: elsewhere } = await createProviderWithSlots(t.app, 1);
    const before = await pushJobs();
    // Made together, their pushes are queued by one shared statement (caldav-push-jobs.ts).
    const ids = await Promise.all(
      [...slots, ...elsewhere].map(async (slot) => book(t.app, await createClient(t.app), slot.id)),
    );
    expect(await pushJobs()).toBe(before + 3);
    await runJobs();
    const uids = (await eventsIn(calendar)).map((e) => e.uid).sort();
    expect(uids).toEqual(ids.slice(0, 3).map(appointmentUid).sort());
  });

  it('a calendar connected later gets the bookings still to come; others get no jobs', async () => {
    const { provider, slots } = await createProviderWithSlots(t.app, 2);
    const client = await createClient(t.app);
    const first = await book(t.app, client, slots[0]!.id);
    const second = await book(t.app, client, slots[1]!.id);
    const before = await pushJobs();
    // A provider without a CalDAV calendar: a booking queues no push.
    const { slots: elsewhere } = await createProviderWithSlots(t.app, 1);
    await book(t.app, await createClient(t.app), elsewhere[0]!.id);
    expect(await pushJobs()).toBe(before);

    const calendar = await newCalendar();
    await connect(provider, calendar);
    await runJobs();
    const uids = (await eventsIn(calendar)).map((e) => e.uid).sort();
    expect(uids).toEqual([appointmentUid(first), appointmentUid(second)].sort());
  });

  it('a wrong password is told in words, for the read and for the writes', async () => {
    const calendar = await newCalendar();
    const { provider, slots } = await createProviderWithSlots(t.app, 1);
    const connection = await connect(provider, calendar, 'not-the-password');
    expect(connection).toMatchObject({
      last_error: 'The CalDAV server refused the user name or password (HTTP 401)',
      failures: 1,
    });
    await book(t.app, await createClient(t.app), slots[0]!.id);
    expect(await runJobs()).toMatchObject({ retried: 1 });
    const listed = await asUser(t.app, provider).get('/api/calendar/connections');
    expect(listed.json().connections[0].last_error).toBe(
      'Bookings could not be written to this calendar: The CalDAV server refused the user name or password (HTTP 401)',
    );
    expect(await eventsIn(calendar)).toEqual([]);
  });
});

describe('CalDAV failures in words', () => {
  const t = useTestApp({ ALLOW_PRIVATE_URLS: '1' });
  let plain: Server;
  beforeAll(async () => {
    // An ordinary web server: 200 and a page, whatever the method.
    plain = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>hello</html>');
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => plain.close(resolve));
  });

  const connect = async (url: string) => {
    const provider = await createProvider(t.app);
    const res = await asUser(t.app, provider).post('/api/calendar/connections', {
      kind: 'caldav',
      url,
      username: 'someone',
      password: 'whatever',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().connection as { last_error: string | null; failures: number };
  };

  it('a server that is not CalDAV is not "no events"', async () => {
    const port = (plain.address() as AddressInfo).port;
    expect(await connect(`http://127.0.0.1:${port}/cal/`)).toMatchObject({
      last_error: 'This address is not a CalDAV calendar: it answered HTTP 200 to a calendar query',
      failures: 1,
    });
  });

  it('a host that does not answer', async () => {
    const closed = await freePort();
    expect(await connect(`http://127.0.0.1:${closed}/cal/`)).toMatchObject({
      last_error: 'The CalDAV server could not be reached: it refused the connection',
      failures: 1,
    });
  });

  it('the fetch tsdav and the writer use refuses private addresses unless allowed', async () => {
    const port = (plain.address() as AddressInfo).port;
    await expect(
      guardedFetch({ allowPrivateUrls: false })(`http://127.0.0.1:${port}/`),
    ).rejects.toThrow(PRIVATE_ADDRESS_TEXT);
    const allowed = await guardedFetch({ allowPrivateUrls: true })(`http://127.0.0.1:${port}/`);
    expect(allowed.status).toBe(200);
  });
});
