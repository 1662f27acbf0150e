import { DEFAULT_BOOKING_POLICY } from '@slotwise/shared/policies-schemas';
import { randomUUID } from 'node:crypto';
import { BOOKING_MESSAGES } from '@slotwise/shared/appointments-booking-schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestWorld } from '../../../test/helpers/app';
import { createSlot } from '../../../test/helpers/booking-factories';
import { createBusiness } from '../../../test/helpers/business-factories';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';

describe('search and provider detail', () => {
  const t = useTestWorld(async (app) => {
    const client: TestUser = await createClient(app);
    const ana: TestUser = await createProvider(app, {
      firstName: 'Ana',
      lastName: 'Lopez',
      specialty: 'Plumber',
      bio: 'Leaks fixed the same day.',
    });
    // Weaker matches for "ana", and providers clients must never see.
    await createProvider(app, { firstName: 'Diana', lastName: 'Ross', specialty: 'Tutor' });
    await createProvider(app, { firstName: 'Anatole', lastName: 'Price', specialty: 'Cleaner' });
    await createProvider(app, {
      firstName: 'Ana',
      lastName: 'Unverified',
      specialty: 'Plumber',
      verified: false,
    });
    await createProvider(app, { firstName: 'Ana', lastName: 'Incomplete', specialty: null });
    return { client, ana };
  });

  const get = (url: string, user: TestUser = t.client) =>
    t.app.inject({ method: 'GET', url, headers: user.headers });
  const search = async (query: Record<string, string>, user: TestUser = t.client) => {
    const res = await get(`/api/search/providers?${new URLSearchParams(query)}`, user);
    expect(res.statusCode).toBe(200);
    return res.json() as {
      providers: { provider_id: string; first_name: string; last_name: string }[];
      page: number;
      limit: number;
      total: number;
    };
  };
  const names = (body: { providers: { first_name: string; last_name: string }[] }) =>
    body.providers.map((p) => `${p.first_name} ${p.last_name}`);

  it('answers anonymous callers on every discovery endpoint (docs/product.md §11.2); a bad token is still a 401', async () => {
    for (const url of [
      '/api/search/providers',
      `/api/profile/providers/${t.ana.providerId}`,
      `/api/search/providers/${t.ana.providerId}/available-slots`,
    ]) {
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(200);
      const forged = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: 'Bearer not-a-token' },
      });
      expect(forged.statusCode, url).toBe(401);
      expect(forged.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });

  it.each(['ana', 'lop', 'ANA LO', 'Lopez', '  ana   lopez ', 'lopez ana', 'plumb'])(
    'finds Ana Lopez by %j, with exactly the docs/product.md §3 listing fields',
    async (q) => {
      const body = await search({ q });
      expect(names(body)).toContain('Ana Lopez');
      const found = body.providers.find((p) => p.provider_id === t.ana.providerId);
      expect(found).toEqual({
        provider_id: t.ana.providerId,
        first_name: 'Ana',
        last_name: 'Lopez',
        specialty: 'Plumber',
        bio: 'Leaks fixed the same day.',
        profile_image_url: null,
        // docs/product.md §11 Trust: no reviews yet.
        rating: null,
        review_count: 0,
        // docs/product.md §11.2: no category, place, service or slot yet.
        category: null,
        city: null,
        distance_km: null,
        price_from_cents: null,
        currency: null,
        price_from_service_name: null,
        // docs/product.md §14.2: the zone the card phrases next_available on.
        timezone: expect.any(String),
        next_available: null,
        next_available_slot_id: null,
        // A sole provider (docs/product.md §13.1).
        business_id: null,
        business_name: null,
      });
    },
  );

  it('filters by specialty, case-insensitively, alone or with q', async () => {
    expect(names(await search({ specialty: 'plumb' }))).toEqual(['Ana Lopez']);
    expect(names(await search({ specialty: 'PLUMBER', q: 'ana' }))).toEqual(['Ana Lopez']);
    expect(names(await search({ specialty: 'tutor', q: 'lopez' }))).toEqual([]);
  });

  it('puts the best match first, and lists only verified providers with a completed profile', async () => {
    const body = await search({ q: 'ana' });
    expect(names(body)[0]).toBe('Ana Lopez');
    expect(names(body)).toEqual(expect.arrayContaining(['Diana Ross', 'Anatole Price']));
    expect(names(body)).not.toContain('Ana Unverified');
    expect(names(body)).not.toContain('Ana Incomplete');
    expect(body.total).toBe(3);
  });

  it('without q lists every listed provider by name; providers may search too', async () => {
    const body = await search({}, t.ana);
    const listed = names(body);
    expect(listed).toEqual([...listed].sort((a, b) => a.localeCompare(b)));
    expect(listed).toContain('Ana Lopez');
    expect(listed).not.toContain('Ana Unverified');
  });

  it('treats LIKE wildcards in q as plain characters', async () => {
    expect((await search({ q: '%' })).providers).toEqual([]);
    expect((await search({ q: '_' })).providers).toEqual([]);
    expect((await search({ q: 'a%a' })).providers).toEqual([]);
    expect((await search({ q: '\\' })).providers).toEqual([]);
  });

  it('never exposes an email or anything private in the listing', async () => {
    const res = await get('/api/search/providers?q=a');
    expect(res.body).not.toMatch(/@|password|argon2/i);
  });

  it('pages through results without overlap, with the total', async () => {
    const tag = `Zumba${randomUUID().slice(0, 6)}`;
    for (let i = 0; i < 7; i++) {
      await createProvider(t.app, { firstName: `P${i}`, lastName: 'Pager', specialty: tag });
    }
    const pages = [];
    for (const page of ['1', '2', '3', '4']) {
      pages.push(await search({ specialty: tag, limit: '3', page }));
    }
    expect(pages.map((p) => p.providers.length)).toEqual([3, 3, 1, 0]);
    expect(pages.map((p) => p.total)).toEqual([7, 7, 7, 7]);
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3, 4]);
    const ids = pages.flatMap((p) => p.providers.map((x) => x.provider_id));
    expect(new Set(ids).size).toBe(7);
    expect(pages[0]!.limit).toBe(3);
    // Defaults
    const first = await search({ specialty: tag });
    expect(first).toMatchObject({ page: 1, limit: 20, total: 7 });
  });

  it.each([
    ['limit', '51', BOOKING_MESSAGES.invalidLimit],
    ['limit', '0', BOOKING_MESSAGES.invalidLimit],
    ['page', '0', BOOKING_MESSAGES.invalidPage],
    ['page', 'two', BOOKING_MESSAGES.invalidPage],
    ['q', 'x'.repeat(101), BOOKING_MESSAGES.queryTooLong],
  ])('rejects %s=%j with 400', async (field, value, message) => {
    const res = await get(`/api/search/providers?${field}=${value}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(res.json().fieldErrors[field]).toBe(message);
  });

  it('GET /api/profile/providers/:id answers the docs/product.md §3 provider detail', async () => {
    const res = await get(`/api/profile/providers/${t.ana.providerId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      provider: {
        provider_id: t.ana.providerId,
        firstName: 'Ana',
        lastName: 'Lopez',
        email: t.ana.email,
        specialty: 'Plumber',
        bio: 'Leaks fixed the same day.',
        profileImageUrl: null,
        rating: null,
        reviewCount: 0,
        // docs/product.md §11.4: the provider's booking policy (never saved: the defaults).
        bookingPolicy: DEFAULT_BOOKING_POLICY,
        category: null,
        location: null,
        serviceMode: 'at_provider',
        radiusKm: null,
        services: [],
        business_id: null,
        business_name: null,
      },
    });
    // An anonymous visitor gets the same page without the email (docs/product.md §11.2).
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/profile/providers/${t.ana.providerId}`,
    });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().provider).not.toHaveProperty('email');
    expect(anonymous.json().provider.firstName).toBe('Ana');
  });

  it('GET /api/profile/providers/:id names the business a staff member works in (docs/product.md §14.1)', async () => {
    const business = await createBusiness(t.app, { staff: 1 });
    const staff = business.staff[1]!;
    const res = await get(`/api/profile/providers/${staff.providerId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().provider).toMatchObject({
      business_id: business.id,
      business_name: `Salon ${business.owner.lastName}`,
    });
  });

  it.each([
    ['an unknown id', () => randomUUID()],
    ['a malformed id', () => 'not-a-uuid'],
    ['a user id instead of a provider id', () => t.ana.id],
  ])('GET /api/profile/providers/:id is 404 for %s', async (_label, id) => {
    const res = await get(`/api/profile/providers/${id()}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: BOOKING_MESSAGES.providerNotFound,
      error: BOOKING_MESSAGES.providerNotFound,
      code: 'NOT_FOUND',
    });
  });

  it('an unverified or incomplete provider has no public page', async () => {
    const hidden = await createProvider(t.app, { firstName: 'Hid', verified: false });
    expect((await get(`/api/profile/providers/${hidden.providerId}`)).statusCode).toBe(404);
    const res = await get(`/api/search/providers/${hidden.providerId}/available-slots`);
    expect(res.statusCode).toBe(404);
  });

  describe('available slots', () => {
    let provider: TestUser;
    const slotIds: Record<string, string> = {};

    beforeAll(async () => {
      provider = await createProvider(t.app, { firstName: 'Sloty', specialty: 'Mechanic' });
      const id = provider.providerId!;
      // Created out of order: the answer must be ordered by start.
      slotIds.later = (await createSlot(t.app, id, { startsInMinutes: 3 * 24 * 60 })).id;
      slotIds.soon = (await createSlot(t.app, id, { startsInMinutes: 60 })).id;
      slotIds.booked = (await createSlot(t.app, id, { startsInMinutes: 120, isBooked: true })).id;
      slotIds.past = (await createSlot(t.app, id, { startsInMinutes: -120 })).id;
      slotIds.started = (
        await createSlot(t.app, id, { startsInMinutes: -10, durationMinutes: 30 })
      ).id;
      slotIds.nextWeek = (await createSlot(t.app, id, { startsInMinutes: 8 * 24 * 60 })).id;
    });

    const slots = async (query = '') => {
      const res = await get(
        `/api/search/providers/${provider.providerId}/available-slots${query}`,
        t.client,
      );
      expect(res.statusCode).toBe(200);
      return res.json().availableSlots as {
        id: string;
        day: string;
        start_time: string;
        starts_at: string;
      }[];
    };

    it('lists only free slots that have not started, soonest first, with docs/product.md §3 fields', async () => {
      const list = await slots();
      expect(list.map((s) => s.id)).toEqual([slotIds.soon, slotIds.later, slotIds.nextWeek]);
      expect(Object.keys(list[0]!).sort()).toEqual(
        [
          ...['id', 'day', 'start_time', 'end_time', 'type', 'starts_at', 'ends_at'],
          // Seats (docs/decisions/067-seats-and-series.md).
          ...['capacity', 'seats_left'],
        ].sort(),
      );
      expect(list[0]!.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(list[0]!.start_time).toMatch(/^\d{2}:\d{2}:\d{2}$/);
      expect(new Date(list[0]!.starts_at).getTime()).toBeGreaterThan(Date.now());
    });

    it('filters by from/to days (inclusive, provider days)', async () => {
      const all = await slots();
      const [soon, later, nextWeek] = all;
      expect((await slots(`?from=${later!.day}`)).map((s) => s.id)).toEqual(
        [later!, nextWeek!].map((s) => s.id),
      );
      expect((await slots(`?from=${later!.day}&to=${later!.day}`)).map((s) => s.id)).toEqual([
        later!.id,
      ]);
      expect((await slots(`?to=${soon!.day}`)).map((s) => s.id)).toContain(soon!.id);
    });

    it.each([
      ['?from=2025-02-30', 'from', BOOKING_MESSAGES.invalidDate],
      ['?to=tomorrow', 'to', BOOKING_MESSAGES.invalidDate],
      ['?from=2030-01-02&to=2030-01-01', 'to', BOOKING_MESSAGES.toBeforeFrom],
    ])('rejects %s with 400', async (query, field, message) => {
      const res = await get(`/api/search/providers/${provider.providerId}/available-slots${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors[field]).toBe(message);
    });

    it('is 404 for an unknown or malformed provider id', async () => {
      for (const id of [randomUUID(), 'nope']) {
        const res = await get(`/api/search/providers/${id}/available-slots`);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(BOOKING_MESSAGES.providerNotFound);
      }
    });

    it('a provider may look too', async () => {
      const res = await get(`/api/search/providers/${provider.providerId}/available-slots`, t.ana);
      expect(res.statusCode).toBe(200);
    });
  });
});
