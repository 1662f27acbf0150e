import { CATALOGUE_MESSAGES } from '@slotwise/shared/catalogue-schemas';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { timeslots } from '../../db/schema';
import { useTestApp } from '../../../test/helpers/app';
import { book, createSlot } from '../../../test/helpers/booking-factories';
import {
  bindSlotToService,
  countServices,
  createService,
} from '../../../test/helpers/catalogue-factories';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { injectAs } from '../../../test/helpers/requests';

const SERVICE_FIELDS = [
  'active',
  'currency',
  'deposit_cents',
  'description',
  'duration_minutes',
  'id',
  'name',
  'payment_mode',
  'price_cents',
  'resource_id',
];

describe('services', () => {
  const t = useTestApp();

  const call = (
    user: TestUser | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => injectAs(t.app, user, method, url, payload);
  const listOf = async (user: TestUser) =>
    (await call(user, 'GET', '/api/services')).json().services as { id: string; name: string }[];

  it('POST /api/services creates a service with the docs/product.md §11 fields only', async () => {
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
        resource_id: null,
        payment_mode: 'none',
        deposit_cents: null,
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
