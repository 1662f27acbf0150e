import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments, services, timeslots } from '../../db/schema';
import { useTestApp } from '../../../test/helpers/app';
import { book, createSlot, wallClock } from '../../../test/helpers/booking-factories';
import { bindSlotToService, createService } from '../../../test/helpers/catalogue-factories';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { asUser } from '../../../test/helpers/requests';

describe('slots for a service, and the price an appointment keeps', () => {
  const t = useTestApp();

  /** A day `days` ahead in the provider's zone. */
  const dayAhead = (provider: TestUser, days: number) =>
    wallClock(new Date(Date.now() + days * 86_400_000), provider.timezone).day;

  it('POST /api/timeslots/create with serviceId: the type is the service name, the price is shown', async () => {
    const provider = await createProvider(t.app, { specialty: 'Barber' });
    const service = await createService(t.app, provider, {
      name: 'Skin fade',
      price_cents: 3200,
      currency: 'GBP',
    });
    const day = dayAhead(provider, 3);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/timeslots/create',
      headers: provider.headers,
      payload: {
        day,
        startTime: '09:00',
        endTime: '09:30',
        type: 'ignored',
        serviceId: service.id,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().slot).toEqual({
      id: expect.any(String),
      day,
      start_time: '09:00:00',
      end_time: '09:30:00',
      type: 'Skin fade',
      is_booked: false,
      service_id: service.id,
      price_cents: 3200,
      currency: 'GBP',
      capacity: 1,
      seats_left: 1,
    });
    // The slot list shows the service's current price.
    await asUser(t.app, provider).patch(`/api/services/${service.id}`, { price_cents: 3500 });
    const list = await asUser(t.app, provider).get('/api/timeslots/view');
    expect(list.json().slots[0]).toMatchObject({ service_id: service.id, price_cents: 3500 });
  });

  it("a client's available slots carry the service and its current price", async () => {
    const provider = await createProvider(t.app, { specialty: 'Barber' });
    const client = await createClient(t.app);
    const service = await createService(t.app, provider, {
      name: 'Beard trim',
      price_cents: 1550,
      currency: 'EUR',
    });
    const day = dayAhead(provider, 3);
    const create = (payload: Record<string, unknown>) =>
      asUser(t.app, provider).post('/api/timeslots/create', { day, ...payload });
    const priced = (
      await create({ startTime: '09:00', endTime: '09:30', serviceId: service.id })
    ).json().slot.id as string;
    const plain = (await create({ startTime: '10:00', endTime: '10:30' })).json().slot.id as string;
    const res = await asUser(t.app, client).get(
      `/api/search/providers/${provider.providerId}/available-slots`,
    );
    expect(res.statusCode).toBe(200);
    const slots = res.json().availableSlots as { id: string }[];
    expect(slots.find((slot) => slot.id === priced)).toMatchObject({
      type: 'Beard trim',
      service_id: service.id,
      price_cents: 1550,
      currency: 'EUR',
    });
    // A slot without a service keeps docs/product.md §3's fields only.
    expect(Object.keys(slots.find((slot) => slot.id === plain)!)).not.toContain('price_cents');
  });

  it('bulk create with serviceId binds every slot of the run', async () => {
    const provider = await createProvider(t.app);
    const service = await createService(t.app, provider, { name: 'Lesson', duration_minutes: 60 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/timeslots/bulk-create',
      headers: provider.headers,
      payload: {
        dates: [dayAhead(provider, 4), dayAhead(provider, 5)],
        startTime: '10:00',
        endTime: '12:00',
        slotMinutes: 60,
        serviceId: service.id,
      },
    });
    expect(res.statusCode).toBe(201);
    const slots = res.json().slots as { type: string; service_id: string; price_cents: number }[];
    expect(slots).toHaveLength(4);
    for (const slot of slots) {
      expect(slot).toMatchObject({ type: 'Lesson', service_id: service.id, price_cents: 2500 });
    }
  });

  it('another provider’s, an unknown or an archived service → 400 on serviceId, no slot written', async () => {
    const provider = await createProvider(t.app);
    const other = await createProvider(t.app);
    const foreign = await createService(t.app, other);
    const archived = await createService(t.app, provider, { active: false });
    const day = dayAhead(provider, 6);
    for (const serviceId of [foreign.id, crypto.randomUUID(), archived.id, 'nope']) {
      for (const [url, payload] of [
        ['/api/timeslots/create', { day, startTime: '09:00', endTime: '09:30', serviceId }],
        [
          '/api/timeslots/bulk-create',
          { dates: [day], startTime: '09:00', endTime: '10:00', slotMinutes: 30, serviceId },
        ],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: provider.headers,
          payload,
        });
        expect(res.statusCode, `${url} ${serviceId}`).toBe(400);
        expect(Object.keys(res.json().fieldErrors)).toEqual(['serviceId']);
      }
    }
    const rows = await t.app.database.db
      .select({ id: timeslots.id })
      .from(timeslots)
      .where(eq(timeslots.providerId, provider.providerId!));
    expect(rows).toEqual([]);
  });

  it('a price change after a booking leaves the booked appointment’s price unchanged', async () => {
    const provider = await createProvider(t.app);
    const client = await createClient(t.app);
    const service = await createService(t.app, provider, {
      name: 'Deep clean',
      price_cents: 9000,
      currency: 'USD',
    });
    const slot = await createSlot(t.app, provider.providerId!);
    await bindSlotToService(t.app, slot.id, service);
    const booking = await asUser(t.app, client).post('/api/appointment/booking', {
      timeslotId: slot.id,
    });
    expect(booking.statusCode).toBe(201);
    expect(booking.json().appointment).toMatchObject({
      service_type: 'Deep clean',
      service_name: 'Deep clean',
      price_cents: 9000,
      currency: 'USD',
    });
    const changed = await asUser(t.app, provider).patch(`/api/services/${service.id}`, {
      price_cents: 12_000,
      name: 'Deep clean (new)',
      currency: 'EUR',
    });
    expect(changed.statusCode).toBe(200);
    const mine = await asUser(t.app, client).get('/api/appointment/view');
    expect(mine.json().appointments[0]).toMatchObject({
      service_name: 'Deep clean',
      price_cents: 9000,
      currency: 'USD',
    });
    const theirs = await asUser(t.app, provider).get('/api/appointment/provider/view');
    expect(theirs.json().appointments[0]).toMatchObject({
      service_name: 'Deep clean',
      price_cents: 9000,
      currency: 'USD',
    });
    const [row] = await t.app.database.db
      .select({ serviceId: appointments.serviceId, priceCents: appointments.priceCents })
      .from(appointments)
      .where(eq(appointments.timeslotId, slot.id));
    expect(row).toEqual({ serviceId: service.id, priceCents: 9000 });
  });

  it('a reschedule keeps the booked price within the same service, re-snapshots for another', async () => {
    const provider = await createProvider(t.app);
    const client = await createClient(t.app);
    const cut = await createService(t.app, provider, { name: 'Cut', price_cents: 2000 });
    const colour = await createService(t.app, provider, { name: 'Colour', price_cents: 6000 });
    const first = await createSlot(t.app, provider.providerId!, { startsInMinutes: 60 });
    const sameService = await createSlot(t.app, provider.providerId!, { startsInMinutes: 120 });
    const otherService = await createSlot(t.app, provider.providerId!, { startsInMinutes: 180 });
    await bindSlotToService(t.app, first.id, cut);
    await bindSlotToService(t.app, sameService.id, cut);
    await bindSlotToService(t.app, otherService.id, colour);
    const appointmentId = await book(t.app, client, first.id);
    await t.app.database.db
      .update(services)
      .set({ priceCents: 2400 })
      .where(eq(services.id, cut.id));
    const reschedule = (newTimeslotId: string) =>
      asUser(t.app, client).patch(`/api/appointment/reschedule/${appointmentId}`, {
        newTimeslotId,
      });
    const kept = await reschedule(sameService.id);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().appointment).toMatchObject({ service_name: 'Cut', price_cents: 2000 });
    const moved = await reschedule(otherService.id);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().appointment).toMatchObject({
      service_type: 'Colour',
      service_name: 'Colour',
      price_cents: 6000,
    });
  });
});
