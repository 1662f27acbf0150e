import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CALENDAR_SYNC_MESSAGES } from '@slotwise/shared/calendar-sync-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app';
import { createSlot, type TestSlot } from '../../../test/helpers/booking-factories';
import { createClient, createProvider } from '../../../test/helpers/factories';
import { asUser } from '../../../test/helpers/requests';

/**
 * Calendar sync over HTTP with a local ICS feed (docs/decisions/071-calendar-sync.md): busy time
 * read from the provider's calendar hides the slots it overlaps and refuses their booking; an
 * edited feed frees them after a sync; addresses inside private networks are refused.
 */

/** A feed served on loopback whose text the test changes. */
function feedServer() {
  let text = '';
  let requests = 0;
  const server: Server = createServer((_request, response) => {
    requests++;
    response.writeHead(200, { 'content-type': 'text/calendar' });
    response.end(text);
  });
  return {
    server,
    set: (next: string) => {
      text = next;
    },
    requests: () => requests,
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.ics`,
  };
}

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function calendarWith(events: { uid: string; start: Date; end: Date; extra?: string }[]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Slotwise tests//EN',
    ...events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${stamp(new Date())}`,
      `DTSTART:${stamp(event.start)}`,
      `DTEND:${stamp(event.end)}`,
      'SUMMARY:Dentist',
      ...(event.extra ? [event.extra] : []),
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

describe('calendar sync', () => {
  const t = useTestApp({ ALLOW_PRIVATE_URLS: '1' });
  const feed = feedServer();
  beforeAll(async () => {
    await new Promise<void>((resolve) => feed.server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => feed.server.close(resolve));
  });

  const available = async (providerId: string) => {
    const client = await createClient(t.app);
    const res = await asUser(t.app, client).get(
      `/api/search/providers/${providerId}/available-slots`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().availableSlots as { id: string }[]).map((slot) => slot.id);
  };

  it('a busy event hides the slot it overlaps and refuses its booking; edited away, the slot is back', async () => {
    const provider = await createProvider(t.app);
    const busySlot: TestSlot = await createSlot(t.app, provider.providerId!, {
      startsInMinutes: 30 * 60,
    });
    const freeSlot = await createSlot(t.app, provider.providerId!, { startsInMinutes: 33 * 60 });
    feed.set(
      calendarWith([
        {
          uid: 'dentist-1',
          start: new Date(busySlot.startsAt.getTime() - 15 * 60_000),
          end: new Date(busySlot.startsAt.getTime() + 15 * 60_000),
        },
        // Cancelled and transparent events block nothing.
        { uid: 'gone', start: freeSlot.startsAt, end: freeSlot.endsAt, extra: 'STATUS:CANCELLED' },
        { uid: 'fyi', start: freeSlot.startsAt, end: freeSlot.endsAt, extra: 'TRANSP:TRANSPARENT' },
      ]),
    );
    const added = await asUser(t.app, provider).post('/api/calendar/connections', {
      kind: 'ics',
      url: feed.url(),
      name: 'Personal',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().connection).toMatchObject({
      kind: 'ics',
      name: 'Personal',
      busy_count: 1,
      last_error: null,
    });

    const listed = await available(provider.providerId!);
    expect(listed).not.toContain(busySlot.id);
    expect(listed).toContain(freeSlot.id);
    const client = await createClient(t.app);
    const refused = await asUser(t.app, client).post('/api/appointment/booking', {
      timeslotId: busySlot.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'PROVIDER_BUSY',
      message: CALENDAR_SYNC_MESSAGES.providerBusy,
    });
    const week = await asUser(t.app, provider).get(
      `/api/calendar/busy?from=${new Date(Date.now()).toISOString()}&to=${new Date(Date.now() + 7 * 86_400_000).toISOString()}`,
    );
    expect(week.statusCode, week.body).toBe(200);
    expect(week.json().busy).toEqual([expect.objectContaining({ calendar_name: 'Personal' })]);

    // The dentist moved: after the next sync the slot is bookable again.
    feed.set(calendarWith([]));
    const id = added.json().connection.id as string;
    const synced = await asUser(t.app, provider).post(`/api/calendar/connections/${id}/sync`, {});
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().connection.busy_count).toBe(0);
    expect(await available(provider.providerId!)).toContain(busySlot.id);
    const booked = await asUser(t.app, client).post('/api/appointment/booking', {
      timeslotId: busySlot.id,
    });
    expect(booked.statusCode, booked.body).toBe(201);
  });

  it('lists connections without secrets; a broken feed is reported in words; removal frees its time', async () => {
    const provider = await createProvider(t.app);
    feed.set('not a calendar');
    const added = await asUser(t.app, provider).post('/api/calendar/connections', {
      kind: 'caldav',
      url: feed.url(),
      username: 'alice',
      password: 'secret-password',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.body).not.toContain('secret-password');
    const broken = await asUser(t.app, provider).post('/api/calendar/connections', {
      kind: 'ics',
      url: feed.url(),
    });
    expect(broken.statusCode, broken.body).toBe(201);
    expect(broken.json().connection).toMatchObject({
      last_error: 'This address did not answer a calendar (no BEGIN:VCALENDAR)',
      failures: 1,
      name: '127.0.0.1',
    });
    const listed = await asUser(t.app, provider).get('/api/calendar/connections');
    expect(listed.body).not.toContain('secret-password');
    expect(listed.json().connections).toHaveLength(2);
    // Someone else's connection is not found.
    const other = await createProvider(t.app);
    const id = added.json().connection.id as string;
    expect((await asUser(t.app, other).delete(`/api/calendar/connections/${id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await asUser(t.app, provider).delete(`/api/calendar/connections/${id}`)).statusCode,
    ).toBe(200);
  });
});

describe('calendar sync outbound safety', () => {
  const t = useTestApp();

  it('refuses addresses inside private networks (400 URL_NOT_ALLOWED)', async () => {
    const provider = await createProvider(t.app);
    for (const url of [
      'http://127.0.0.1:5232/feed.ics',
      'http://localhost/feed.ics',
      'http://10.1.2.3/feed.ics',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/feed.ics',
      'webcal://192.168.1.10/cal.ics',
    ]) {
      const res = await asUser(t.app, provider).post('/api/calendar/connections', {
        kind: 'ics',
        url,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'URL_NOT_ALLOWED',
        fieldErrors: { url: CALENDAR_SYNC_MESSAGES.urlNotAllowed },
      });
    }
  });
});
