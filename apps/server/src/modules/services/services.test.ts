import { CATALOGUE_MESSAGES } from '@slotwise/shared/catalogue-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, services, timeslots } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { book, createSlot, wallClock } from '../../../test/helpers/booking-factories';
import {
  bindSlotToService,
  countServices,
  createService,
} from '../../../test/helpers/catalogue-factories';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';

const SERVICE_FIELDS = [
  'active',
  'currency',
  'description',
  'duration_minutes',
  'id',
  'name',
  'price_cents',
];

describe('services', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (
    user: TestUser | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: user?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const listOf = async (user: TestUser) =>
    (await call(user, 'GET', '/api/services')).json().services as { id: string; name: string }[];

  it('POST /api/services creates a service with the DESIGN §7 fields only', async () => {
    const provider = await createProvider(t.app);
    const res = await call(provider, 'POST', '/api/services', {
      name: '  Beard trim ',
      duration_minutes: 20,
      price_cents: 1500,
      currency: 'eur',
      description: 'Hot towel included',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: CATALOGUE_MESSAGES.serviceCreated,
      service: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Beard trim',
        duration_minutes: 20,
        price_cents: 1500,
        currency: 'EUR',
        description: 'Hot towel included',
        active: true,
      },
    });
    expect(Object.keys(res.json().service).sort()).toEqual(SERVICE_FIELDS);
  });

  it('GET /api/services lists only the caller’s own, active first then by name', async () => {
    const provider = await createProvider(t.app);
    const other = await createProvider(t.app);
    await createService(t.app, provider, { name: 'Shave' });
    await createService(t.app, provider, { name: 'Archived one', active: false });
    await createService(t.app, provider, { name: 'Cut' });
    await createService(t.app, other, { name: 'Not mine' });
    const res = await call(provider, 'GET', '/api/services');
    expect(res.statusCode).toBe(200);
    expect(res.json().services.map((s: { name: string }) => s.name)).toEqual([
      'Cut',
      'Shave',
      'Archived one',
    ]);
  });

  it('PATCH /api/services/:id changes only the sent fields', async () => {
    const provider = await createProvider(t.app);
    const service = await createService(t.app, provider, { description: 'Keep me' });
    const res = await call(provider, 'PATCH', `/api/services/${service.id}`, {
      price_cents: 3000,
      duration_minutes: 45,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: CATALOGUE_MESSAGES.serviceUpdated,
      service: { ...service, price_cents: 3000, duration_minutes: 45 },
    });
    const archived = await call(provider, 'PATCH', `/api/services/${service.id}`, {
      active: false,
    });
    expect(archived.json().service.active).toBe(false);
    const empty = await call(provider, 'PATCH', `/api/services/${service.id}`, {});
    expect(empty.statusCode).toBe(400);
  });

  it('DELETE /api/services/:id deletes a never-booked service', async () => {
    const provider = await createProvider(t.app);
    const service = await createService(t.app, provider);
    const slot = await createSlot(t.app, provider.providerId!);
    await bindSlotToService(t.app, slot.id, service);
    const res = await call(provider, 'DELETE', `/api/services/${service.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: CATALOGUE_MESSAGES.serviceDeleted,
      archived: false,
      service: null,
    });
    expect(await listOf(provider)).toEqual([]);
    // The free slot stays, unbound, with its type.
    const [row] = await t.app.database.db
      .select({ serviceId: timeslots.serviceId, type: timeslots.type })
      .from(timeslots)
      .where(eq(timeslots.id, slot.id));
    expect(row).toEqual({ serviceId: null, type: 'Haircut' });
  });

  it('a service with bookings is archived on DELETE, never deleted (even after a cancel)', async () => {
    const provider = await createProvider(t.app);
    const client = await createClient(t.app);
    const service = await createService(t.app, provider);
    const slot = await createSlot(t.app, provider.providerId!);
    await bindSlotToService(t.app, slot.id, service);
    const appointmentId = await book(t.app, client, slot.id);
    await call(client, 'PATCH', `/api/appointment/cancel/${appointmentId}`);
    const res = await call(provider, 'DELETE', `/api/services/${service.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: CATALOGUE_MESSAGES.serviceArchived,
      archived: true,
      service: { ...service, active: false },
    });
    expect(await countServices(t.app, provider.providerId!)).toBe(1);
  });

  it('another provider’s service is 404 on PATCH and DELETE, and stays as it was', async () => {
    const owner = await createProvider(t.app);
    const intruder = await createProvider(t.app);
    const service = await createService(t.app, owner);
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await call(intruder, method, `/api/services/${service.id}`, {
        price_cents: 1,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'NOT_FOUND',
        message: CATALOGUE_MESSAGES.serviceNotFound,
      });
    }
    expect((await listOf(owner))[0]).toEqual(service);
    const unknown = await call(owner, 'PATCH', `/api/services/${crypto.randomUUID()}`, {
      price_cents: 1,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await call(owner, 'DELETE', '/api/services/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
  });

  it('a client gets 403 and no token 401 on every services endpoint', async () => {
    const client = await createClient(t.app);
    const provider = await createProvider(t.app);
    const service = await createService(t.app, provider);
    const calls: ['GET' | 'POST' | 'PATCH' | 'DELETE', string][] = [
      ['GET', '/api/services'],
      ['POST', '/api/services'],
      ['PATCH', `/api/services/${service.id}`],
      ['DELETE', `/api/services/${service.id}`],
    ];
    for (const [method, url] of calls) {
      const body = method === 'POST' || method === 'PATCH' ? { name: 'x' } : undefined;
      expect((await call(client, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await listOf(provider))[0]).toEqual(service);
  });

  it('hostile input → 400 with field errors and nothing written', async () => {
    const provider = await createProvider(t.app);
    const valid = { name: 'Cut', duration_minutes: 30, price_cents: 2500, currency: 'USD' };
    const cases: [Record<string, unknown>, string][] = [
      [{ price_cents: -1 }, 'price_cents'],
      [{ price_cents: 10_000_001 }, 'price_cents'],
      [{ price_cents: 1e20 }, 'price_cents'],
      [{ price_cents: 12.5 }, 'price_cents'],
      [{ price_cents: '2500' }, 'price_cents'],
      [{ duration_minutes: 14 }, 'duration_minutes'],
      [{ duration_minutes: 481 }, 'duration_minutes'],
      [{ duration_minutes: 0 }, 'duration_minutes'],
      [{ duration_minutes: 30.5 }, 'duration_minutes'],
      [{ currency: 'XXX' }, 'currency'],
      [{ currency: 'dollars' }, 'currency'],
      [{ currency: '' }, 'currency'],
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(81) }, 'name'],
      [{ name: 'x'.repeat(10_240) }, 'name'],
      [{ description: 'x'.repeat(1001) }, 'description'],
      [{ description: 'x'.repeat(10_240) }, 'description'],
      [{ active: 'yes' }, 'active'],
    ];
    for (const [fields, field] of cases) {
      const res = await call(provider, 'POST', '/api/services', { ...valid, ...fields });
      const label = JSON.stringify(fields).slice(0, 60);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().code, label).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.json().fieldErrors ?? {}), label).toContain(field);
    }
    for (const missing of ['name', 'duration_minutes', 'price_cents', 'currency']) {
      const body: Record<string, unknown> = { ...valid };
      delete body[missing];
      const res = await call(provider, 'POST', '/api/services', body);
      expect(res.statusCode, missing).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {})).toContain(missing);
    }
    expect(await countServices(t.app, provider.providerId!)).toBe(0);

    const service = await createService(t.app, provider);
    for (const [fields, field] of cases) {
      const res = await call(provider, 'PATCH', `/api/services/${service.id}`, fields);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {})).toContain(field);
    }
    expect((await listOf(provider))[0]).toEqual(service);
  });

  it('a price of 0 and the limits 15 and 480 minutes are accepted', async () => {
    const provider = await createProvider(t.app);
    for (const [duration, price] of [
      [15, 0],
      [480, 10_000_000],
    ] as const) {
      const res = await call(provider, 'POST', '/api/services', {
        name: `S${duration}`,
        duration_minutes: duration,
        price_cents: price,
        currency: 'JPY',
      });
      expect(res.statusCode).toBe(201);
    }
  });
});

describe('slots for a service, and the price an appointment keeps', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

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
    });
    // The slot list shows the service's current price.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/services/${service.id}`,
      headers: provider.headers,
      payload: { price_cents: 3500 },
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/timeslots/view',
      headers: provider.headers,
    });
    expect(list.json().slots[0]).toMatchObject({ service_id: service.id, price_cents: 3500 });
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
    const booking = await t.app.inject({
      method: 'POST',
      url: '/api/appointment/booking',
      headers: client.headers,
      payload: { timeslotId: slot.id },
    });
    expect(booking.statusCode).toBe(201);
    expect(booking.json().appointment).toMatchObject({
      service_type: 'Deep clean',
      service_name: 'Deep clean',
      price_cents: 9000,
      currency: 'USD',
    });
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/services/${service.id}`,
      headers: provider.headers,
      payload: { price_cents: 12_000, name: 'Deep clean (new)', currency: 'EUR' },
    });
    expect(changed.statusCode).toBe(200);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/appointment/view',
      headers: client.headers,
    });
    expect(mine.json().appointments[0]).toMatchObject({
      service_name: 'Deep clean',
      price_cents: 9000,
      currency: 'USD',
    });
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/appointment/provider/view',
      headers: provider.headers,
    });
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
      t.app.inject({
        method: 'PATCH',
        url: `/api/appointment/reschedule/${appointmentId}`,
        headers: client.headers,
        payload: { newTimeslotId },
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
