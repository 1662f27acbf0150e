import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app';
import { book } from '../../../test/helpers/booking-factories';
import { createSlotAhead } from '../../../test/helpers/exact-slots';
import { createClient, createProvider } from '../../../test/helpers/factories';

const DAY = 24 * 3600 * 1000;

describe('GET /api/appointment/:id/ics (docs/product.md §14.4)', () => {
  const t = useTestApp();

  const get = (id: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/appointment/${id}/ics`, headers });

  const eventsOf = (body: string) =>
    Object.values(ical.sync.parseICS(body)).filter((c): c is VEvent => c?.type === 'VEVENT');

  it('gives the client and the provider the one event; a stranger and an anonymous caller get nothing', async () => {
    const provider = await createProvider(t.app, { firstName: 'Ann', lastName: 'Cuts' });
    const client = await createClient(t.app, { firstName: 'Bo', lastName: 'Day' });
    const stranger = await createClient(t.app);
    const otherProvider = await createProvider(t.app);
    const slot = await createSlotAhead(t.app, provider.providerId!, 2 * DAY);
    const id = await book(t.app, client, slot.id);

    const asClient = await get(id, client.headers);
    expect(asClient.statusCode).toBe(200);
    expect(String(asClient.headers['content-type'])).toMatch(/^text\/calendar/);
    expect(String(asClient.headers['content-disposition'])).toBe(
      `attachment; filename="appointment-${id}.ics"`,
    );
    const [event] = eventsOf(asClient.body);
    expect(event!.uid).toBe(`appointment-${id}@slotwise`);
    expect(String(event!.summary)).toBe('Haircut with Ann Cuts');
    expect(new Date(event!.start).toISOString()).toBe(slot.startsAt.toISOString());
    expect(new Date(event!.end!).toISOString()).toBe(slot.endsAt.toISOString());

    const asProvider = await get(id, provider.headers);
    expect(asProvider.statusCode).toBe(200);
    expect(eventsOf(asProvider.body).map((e) => String(e.summary))).toEqual(['Haircut for Bo Day']);

    for (const other of [stranger, otherProvider]) {
      const refused = await get(id, other.headers);
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain('BEGIN:VCALENDAR');
    }
    expect((await get(id)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown appointment and 400 for a malformed id', async () => {
    const client = await createClient(t.app);
    const unknown = await get('00000000-0000-4000-8000-000000000000', client.headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Appointment not found');
    expect((await get('not-an-id', client.headers)).statusCode).toBe(400);
  });
});
