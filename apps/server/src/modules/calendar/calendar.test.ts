import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app';
import { book } from '../../../test/helpers/booking-factories';
import { createSlotAhead } from '../../../test/helpers/exact-slots';
import { createClient, createProvider } from '../../../test/helpers/factories';
import { calendarFeeds } from '../../db/schema';
import { asUser } from '../../../test/helpers/requests';

const DAY = 24 * 3600 * 1000;

describe('secret calendar feeds', () => {
  const t = useTestApp();

  const feedUrl = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/calendar/feed-url', headers });
    expect(res.statusCode).toBe(200);
    return res.json().url as string;
  };
  /** The feed as a calendar app reads it: no token, parsed by node-ical. */
  const fetchFeed = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    if (res.statusCode !== 200) return { status: res.statusCode, events: [] as VEvent[], type: '' };
    const events = Object.values(ical.sync.parseICS(res.body)).filter(
      (c): c is VEvent => c?.type === 'VEVENT',
    );
    return { status: 200, events, type: String(res.headers['content-type']) };
  };

  it('lists the upcoming appointments of both parties, drops a canceled one, and resets', async () => {
    const provider = await createProvider(t.app, { firstName: 'Ann', lastName: 'Cuts' });
    const client = await createClient(t.app, { firstName: 'Bo', lastName: 'Day' });
    const stranger = await createClient(t.app);
    const slotA = await createSlotAhead(t.app, provider.providerId!, 2 * DAY);
    const slotB = await createSlotAhead(t.app, provider.providerId!, 3 * DAY);
    const a = await book(t.app, client, slotA.id);
    const b = await book(t.app, client, slotB.id);

    const url = await feedUrl(client.headers);
    expect(url).toMatch(/^http:\/\/localhost:5001\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await feedUrl(client.headers)).toBe(url); // stable until reset
    const feed = await fetchFeed(url);
    expect(feed.status).toBe(200);
    expect(feed.type).toMatch(/^text\/calendar/);
    expect(feed.events.map((e) => e.uid).sort()).toEqual(
      [`appointment-${a}@slotwise`, `appointment-${b}@slotwise`].sort(),
    );
    const first = feed.events.find((e) => e.uid === `appointment-${a}@slotwise`)!;
    expect(new Date(first.start).toISOString()).toBe(slotA.startsAt.toISOString());
    expect(String(first.summary)).toBe('Haircut with Ann Cuts');

    const providerFeed = await fetchFeed(await feedUrl(provider.headers));
    expect(providerFeed.events.map((e) => String(e.summary))).toEqual([
      'Haircut for Bo Day',
      'Haircut for Bo Day',
    ]);
    expect((await fetchFeed(await feedUrl(stranger.headers))).events).toEqual([]);

    const cancel = await asUser(t.app, client).patch(`/api/appointment/cancel/${a}`);
    expect(cancel.statusCode).toBe(200);
    expect((await fetchFeed(url)).events.map((e) => e.uid)).toEqual([`appointment-${b}@slotwise`]);

    const reset = await asUser(t.app, client).post('/api/calendar/feed-url/reset');
    expect(reset.statusCode).toBe(200);
    const next = reset.json().url as string;
    expect(next).not.toBe(url);
    expect((await fetchFeed(url)).status).toBe(404);
    expect((await fetchFeed(next)).events).toHaveLength(1);
    expect(await feedUrl(client.headers)).toBe(next);

    // Only a hash of the (reset) secret is stored.
    const secret = /calendar\/(.+)\.ics$/.exec(next)![1]!;
    const rows = await t.app.database.db.select().from(calendarFeeds);
    expect(JSON.stringify(rows)).not.toContain(secret);
  });

  it('an unknown or malformed secret is 404; the API needs a token', async () => {
    for (const path of [
      '/calendar/' + 'A'.repeat(43) + '.ics',
      '/calendar/nope.ics',
      '/calendar/x',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/feed-url' })).statusCode).toBe(
      401,
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/calendar/feed-url/reset' })).statusCode,
    ).toBe(401);
  });
});
