import { CATEGORY_SLUGS } from '@slotwise/shared/catalogue-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providers } from '../../db/schema';
import { createTestApp, type TestApp, useTestApp } from '../../../test/helpers/app';
import { createClient, createProvider } from '../../../test/helpers/factories';
import { multipart } from '../../../test/helpers/images';
import { findPlace, loadGazetteer, normalizePlaceName, searchPlaces } from './gazetteer';
import { asUser } from '../../../test/helpers/requests';

interface PlaceBody {
  id: string;
  name: string;
  region: string | null;
  country: string;
  lat: number;
  lng: number;
  timezone: string;
  population: number;
}

describe('catalogue: categories and places', () => {
  const t = useTestApp();

  const places = async (q: string, extra = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/places?q=${encodeURIComponent(q)}${extra}`,
    });
    return res;
  };

  it('GET /api/categories lists the eight fixed slugs with names, no token needed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(res.statusCode).toBe(200);
    const { categories } = res.json() as { categories: { slug: string; name: string }[] };
    expect(categories.map((c) => c.slug)).toEqual([
      'barber',
      'driver',
      'tutor',
      'photographer',
      'mechanic',
      'plumber',
      'electrician',
      'cleaner',
    ]);
    expect(categories[0]).toEqual({ slug: 'barber', name: 'Barber' });
  });

  it("'spring' finds Springfield, best-populated first, with region, country and time zone", async () => {
    const res = await places('spring');
    expect(res.statusCode).toBe(200);
    const found = res.json().places as PlaceBody[];
    expect(found.length).toBeGreaterThan(1);
    expect(found.length).toBeLessThanOrEqual(10);
    for (const place of found)
      expect(normalizePlaceName(place.name).startsWith('spring')).toBe(true);
    const populations = found.map((p) => p.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
    const springfield = found.find((p) => p.name === 'Springfield' && p.country === 'US');
    expect(springfield).toBeDefined();
    expect(springfield!.timezone).toMatch(/^America\//);
    expect(springfield!.region).toEqual(expect.any(String));
    expect(Object.keys(springfield!).sort()).toEqual(
      [
        'country',
        'country_name',
        'id',
        'lat',
        'lng',
        'name',
        'population',
        'region',
        'timezone',
      ].sort(),
    );
  });

  it("'são', 'sao' and 'SAO P' all find São Paulo first (accents and case ignored)", async () => {
    for (const q of ['são', 'sao', 'SAO P', 'São Paulo']) {
      const [first] = (await places(q)).json().places as PlaceBody[];
      expect(first).toMatchObject({
        name: 'São Paulo',
        country: 'BR',
        region: 'São Paulo',
        timezone: 'America/Sao_Paulo',
      });
      expect(first!.lat).toBeCloseTo(-23.55, 1);
      expect(first!.lng).toBeCloseTo(-46.64, 1);
    }
  });

  it('honours limit, answers an empty list for no match, and refuses bad queries', async () => {
    expect(((await places('spring', '&limit=3')).json().places as unknown[]).length).toBe(3);
    expect((await places('zzzzqqq')).json()).toEqual({ places: [] });
    for (const url of [
      '/api/places',
      '/api/places?q=',
      '/api/places?q=%20%20',
      `/api/places?q=${'a'.repeat(101)}`,
      '/api/places?q=a&limit=0',
      '/api/places?q=a&limit=21',
      '/api/places?q=a&limit=abc',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    // Characters with a meaning elsewhere are plain text here.
    expect((await places("%_'\\")).statusCode).toBe(200);
  });

  it('the index is an in-memory array of normalised names, sorted for binary search', () => {
    const index = loadGazetteer();
    expect(index.keys.length).toBeGreaterThan(100_000);
    for (let i = 1; i < index.keys.length; i += 97) {
      expect(index.keys[i - 1]! <= index.keys[i]!).toBe(true);
    }
    expect(normalizePlaceName('  Zürich ')).toBe('zurich');
    const [saoPaulo] = searchPlaces('sao paulo', 1);
    expect(findPlace(saoPaulo!.id)).toEqual(saoPaulo);
    expect(findPlace('999999999')).toBeNull();
  });
});

describe('catalogue: a provider’s category, place and service mode', () => {
  let t: TestApp;
  let saoPaulo: PlaceBody;
  let springfield: PlaceBody;
  beforeAll(async () => {
    t = await createTestApp();
    saoPaulo = (await t.app.inject({ method: 'GET', url: '/api/places?q=sao%20paulo' })).json()
      .places[0];
    springfield = (
      (await t.app.inject({ method: 'GET', url: '/api/places?q=springfield' })).json()
        .places as PlaceBody[]
    ).find((p) => p.country === 'US')!;
  });
  afterAll(async () => {
    await t.close();
  });

  const complete = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/register/provider', payload });
  const profileOf = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/profile', headers })).json().profile;
  const rowOf = async (userId: string) =>
    (await t.app.database.db.select().from(providers).where(eq(providers.userId, userId)))[0]!;

  it('provider completion takes category, place, address and service mode; the profile carries them', async () => {
    const provider = await createProvider(t.app, { specialty: null });
    const res = await complete({
      userId: provider.id,
      specialty: 'Barber',
      bio: 'Fades',
      category: 'barber',
      placeId: saoPaulo.id,
      address: ' Rua Augusta 100 ',
      serviceMode: 'at_client',
      radiusKm: 15,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.providerProfileCompleted });
    const row = await rowOf(provider.id);
    expect(row).toMatchObject({
      category: 'barber',
      placeId: Number(saoPaulo.id),
      placeName: 'São Paulo',
      placeCountry: 'BR',
      address: 'Rua Augusta 100',
      serviceMode: 'at_client',
      radiusKm: 15,
    });
    const profile = await profileOf(provider.headers);
    expect(profile.providerDetails).toEqual({
      specialty: 'Barber',
      bio: 'Fades',
      category: 'barber',
      placeId: saoPaulo.id,
      address: 'Rua Augusta 100',
      serviceMode: 'at_client',
      radiusKm: 15,
      location: {
        placeId: saoPaulo.id,
        name: 'São Paulo',
        region: 'São Paulo',
        country: 'BR',
        lat: saoPaulo.lat,
        lng: saoPaulo.lng,
        address: 'Rua Augusta 100',
      },
      // Not suspended (docs/product.md §19.4).
      suspension: null,
    });
    // The place proposes a zone; the provider's own zone is not changed by it.
    expect(profile.timezone).toBe('America/New_York');
  });

  it("SPEC's completion without catalogue fields still works: unlisted (no category) until chosen", async () => {
    const provider = await createProvider(t.app, { specialty: null });
    const res = await complete({ userId: provider.id, specialty: 'Plumber', bio: '' });
    expect(res.statusCode).toBe(200);
    const details = (await profileOf(provider.headers)).providerDetails;
    expect(details).toMatchObject({
      category: null,
      placeId: null,
      location: null,
      serviceMode: 'at_provider',
      radiusKm: null,
    });
  });

  it('refuses bad catalogue fields at completion with field errors, writing nothing', async () => {
    const provider = await createProvider(t.app, { specialty: null });
    const base = { userId: provider.id, specialty: 'Barber', bio: '' };
    const cases: [Record<string, unknown>, string][] = [
      [{ category: 'astronaut' }, 'category'],
      [{ category: 'x'.repeat(10_240) }, 'category'],
      [{ placeId: '999999999' }, 'placeId'],
      [{ placeId: 'abc' }, 'placeId'],
      [{ placeId: -5 }, 'placeId'],
      [{ placeId: saoPaulo.id, address: 'x'.repeat(10_240) }, 'address'],
      [{ serviceMode: 'teleport' }, 'serviceMode'],
      [{ serviceMode: 'at_client' }, 'radiusKm'],
      [{ serviceMode: 'at_client', radiusKm: 0 }, 'radiusKm'],
      [{ serviceMode: 'at_client', radiusKm: 100_000 }, 'radiusKm'],
      [{ serviceMode: 'at_client', radiusKm: 2.5 }, 'radiusKm'],
      [{ serviceMode: 'online', radiusKm: 10 }, 'radiusKm'],
    ];
    for (const [fields, field] of cases) {
      const res = await complete({ ...base, ...fields });
      expect(res.statusCode, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.json().fieldErrors)).toContain(field);
    }
    const row = await rowOf(provider.id);
    expect(row).toMatchObject({ specialty: null, category: null, placeId: null, lat: null });
  });

  it('PATCH /api/profile/update changes category, place and mode (multipart and JSON), keeps the rest', async () => {
    const provider = await createProvider(t.app, { firstName: 'Ana', lastName: 'Lima' });
    const names = {
      firstName: 'Ana',
      lastName: 'Lima',
      email: provider.email,
      specialty: 'Barber',
    };
    /** The provider details expected in Springfield with this category and mode. */
    const inSpringfield = (category: string, serviceMode: string, radiusKm: number | null) => ({
      category,
      placeId: springfield.id,
      serviceMode,
      radiusKm,
    });
    const first = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile/update',
      headers: provider.headers,
      payload: multipart({
        ...names,
        category: 'barber',
        placeId: springfield.id,
        serviceMode: 'at_client',
        radiusKm: '20',
      }),
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().profile.providerDetails).toMatchObject({
      ...inSpringfield('barber', 'at_client', 20),
      location: { name: 'Springfield', country: 'US' },
    });
    // Only the sent fields change; leaving at_client drops the radius.
    const second = await asUser(t.app, provider).patch('/api/profile/update', {
      ...names,
      category: 'tutor',
      serviceMode: 'online',
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().profile.providerDetails).toMatchObject(
      inSpringfield('tutor', 'online', null),
    );
    const bad = await asUser(t.app, provider).patch('/api/profile/update', {
      ...names,
      category: 'wizard',
      placeId: '1',
    });
    expect(bad.statusCode).toBe(400);
    const unknownPlace = await asUser(t.app, provider).patch('/api/profile/update', {
      ...names,
      placeId: '999999999',
      firstName: 'Changed',
    });
    expect(unknownPlace.statusCode).toBe(400);
    expect(unknownPlace.json().fieldErrors).toEqual({ placeId: expect.any(String) });
    const after = await profileOf(provider.headers);
    expect(after.firstName).toBe('Ana');
    expect(after.providerDetails).toMatchObject({ category: 'tutor', placeId: springfield.id });
  });

  it('a client’s profile has no provider details, whatever fields are sent', async () => {
    const client = await createClient(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile/update',
      headers: client.headers,
      payload: {
        firstName: 'Casey',
        lastName: 'Client',
        email: client.email,
        category: 'barber',
        placeId: saoPaulo.id,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.providerDetails).toBeNull();
  });

  it('stored coordinates answer earthdistance queries through the GiST index', async () => {
    const provider = await createProvider(t.app);
    await complete({ userId: provider.id, specialty: 'x', bio: '' }); // already complete: 409
    await t.app.inject({
      method: 'PATCH',
      url: '/api/profile/update',
      headers: provider.headers,
      payload: {
        firstName: 'Pat',
        lastName: 'Geo',
        email: provider.email,
        specialty: 'Barber',
        placeId: springfield.id,
      },
    });
    const { rows } = (await t.app.database.db.execute(
      // Within 50 km of Springfield's own point; the index expression is ll_to_earth(lat, lng).
      `select id, round(earth_distance(ll_to_earth(lat, lng),
              ll_to_earth(${springfield.lat}, ${springfield.lng}))) as metres
         from providers
        where earth_box(ll_to_earth(${springfield.lat}, ${springfield.lng}), 50000)
              @> ll_to_earth(lat, lng)`,
    )) as unknown as { rows: { id: string; metres: number | string }[] };
    const mine = rows.find((row) => row.id === provider.providerId);
    expect(Number(mine?.metres)).toBe(0);
    const { rows: indexes } = (await t.app.database.db.execute(
      `select indexdef from pg_indexes where indexname = 'providers_location_gist'`,
    )) as unknown as { rows: { indexdef: string }[] };
    expect(indexes[0]?.indexdef).toMatch(/gist \(ll_to_earth\(lat, lng\)\)/);
    expect(CATEGORY_SLUGS).toHaveLength(8);
  });
});
