import { DISCOVERY_MESSAGES, SEARCH_COUNT_CAP } from '@slotwise/shared/discovery-schemas';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, useTestApp, useTestWorld } from '../../../test/helpers/app';
import { createSlot, wallClock } from '../../../test/helpers/booking-factories';
import { createService } from '../../../test/helpers/catalogue-factories';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { setPolicy, zonedInstant } from '../../../test/helpers/policy-helpers';
import { insertReviews } from '../../../test/helpers/review-factories';
import { queryRows } from '../../db/client';
import { timeslots } from '../../db/schema';
import { searchPlaces } from '../catalogue/gazetteer';
import { refreshRatingPrior } from '../reviews/rating';

/**
 * Public discovery (docs/product.md §11.2, docs/decisions/048-public-discovery.md) over HTTP,
 * anonymous unless said otherwise: every filter alone and combined, distance against known
 * coordinates, `date` in the provider's zone, next_available, pagination while ratings change,
 * hostile input.
 */

interface Listing {
  provider_id: string;
  first_name: string;
  last_name: string;
  category: string | null;
  city: string | null;
  distance_km: number | null;
  rating: number | null;
  review_count: number;
  price_from_cents: number | null;
  currency: string | null;
  next_available: string | null;
  next_available_slot_id: string | null;
}
interface Answer {
  providers: Listing[];
  page: number;
  limit: number;
  total: number;
  totalIsCapped: boolean;
  nextCursor: string | null;
}

// Known coordinates (great-circle distances from Paris: Versailles ≈ 17.2 km, Orléans ≈ 111 km).
const PARIS = { lat: 48.8566, lng: 2.3522 };
const VERSAILLES = { lat: 48.8049, lng: 2.1204 };
const ORLEANS = { lat: 47.903, lng: 1.9093 };

async function locate(
  t: TestApp,
  provider: TestUser,
  name: string,
  at: { lat: number; lng: number },
  placeId: number,
) {
  await t.app.database.db
    .execute(sql`update providers set place_id = ${placeId}, place_name = ${name},
    place_country = 'FR', lat = ${at.lat}, lng = ${at.lng} where id = ${provider.providerId}::uuid`);
}
async function categorise(t: TestApp, provider: TestUser, category: string) {
  await t.app.database.db.execute(
    sql`update providers set category = ${category} where id = ${provider.providerId}::uuid`,
  );
}

function search(t: TestApp, query: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: `/api/search/providers?${query}`, headers });
}
async function ok(t: TestApp, query: string): Promise<Answer> {
  const res = await search(t, query);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return res.json() as Answer;
}
const lastNames = (answer: Answer) => answer.providers.map((p) => p.last_name);
/** The last names a search lists, in its order. */
const namesFor = async (t: TestApp, query: string) => lastNames(await ok(t, query));

describe('public discovery: filters, sorts, extras', () => {
  const t = useTestWorld(async (app) => {
    const client: TestUser = await createClient(app);
    const provider = (firstName: string, lastName: string, specialty: string, timezone?: string) =>
      createProvider(app, { firstName, lastName, specialty, timezone });
    // plumber, Paris, 40 €, rated 5
    const paris = await provider('Pia', 'Paris', 'Pipes');
    // plumber, Versailles, 25 €, rated 3
    const versailles = await provider('Vic', 'Versailles', 'Leaks');
    // cleaner, Orléans, 90 €, no reviews
    const orleans = await provider('Olga', 'Orleans', 'Deep cleaning');
    // cleaner, no place, zone Pacific/Auckland
    const auckland = await provider('Aroha', 'Auckland', 'Windows', 'Pacific/Auckland');
    await locate(t, paris, 'Paris', PARIS, 2988507);
    await locate(t, versailles, 'Versailles', VERSAILLES, 2969679);
    await locate(t, orleans, 'Orléans', ORLEANS, 2989317);
    await categorise(t, paris, 'plumber');
    await categorise(t, versailles, 'plumber');
    await categorise(t, orleans, 'cleaner');
    await categorise(t, auckland, 'cleaner');
    await createService(app, paris, { name: 'Repair', price_cents: 4000, currency: 'EUR' });
    await createService(app, paris, { name: 'Big job', price_cents: 12000, currency: 'EUR' });
    await createService(app, versailles, { name: 'Leak', price_cents: 2500, currency: 'EUR' });
    await createService(app, orleans, { name: 'Flat', price_cents: 9000, currency: 'EUR' });
    await insertReviews(app, paris.providerId!, client.id, [5, 5, 5]);
    await insertReviews(app, versailles.providerId!, client.id, [3, 3]);
    await refreshRatingPrior(app.database.db, true);
    return { client, paris, versailles, orleans, auckland };
  });

  it('lists every listed provider anonymously, with the §11.2 fields', async () => {
    const answer = await ok(t, '');
    expect(answer.total).toBe(4);
    expect(answer.totalIsCapped).toBe(false);
    const pia = answer.providers.find((p) => p.last_name === 'Paris')!;
    expect(pia).toMatchObject({
      category: 'plumber',
      city: 'Paris',
      distance_km: null,
      rating: 5,
      review_count: 3,
      price_from_cents: 4000,
      currency: 'EUR',
    });
  });

  it('category alone, and a q that names a category', async () => {
    expect(await namesFor(t, 'category=plumber')).toEqual(['Paris', 'Versailles']);
    expect(await namesFor(t, 'category=cleaner')).toEqual(['Auckland', 'Orleans']);
    // 'cleaner' appears in nobody's name or specialty: the category answers it.
    expect((await namesFor(t, 'q=Cleaners')).sort()).toEqual(['Auckland', 'Orleans']);
    expect(await namesFor(t, 'q=leak&category=plumber')).toEqual(['Versailles']);
  });

  it('near: distances in km (one decimal), radius cut-off (default 25 km), distance order', async () => {
    const near = `near=${PARIS.lat},${PARIS.lng}`;
    const within25 = await ok(t, `${near}&sort=distance`);
    expect(lastNames(within25)).toEqual(['Paris', 'Versailles']);
    expect(within25.providers[0]!.distance_km).toBe(0);
    expect(within25.providers[1]!.distance_km).toBeGreaterThan(16.5);
    expect(within25.providers[1]!.distance_km).toBeLessThan(18);
    const within200 = await ok(t, `${near}&radiusKm=200&sort=distance`);
    expect(lastNames(within200)).toEqual(['Paris', 'Versailles', 'Orleans']);
    const orleansKm = within200.providers[2]!.distance_km!;
    expect(orleansKm).toBeGreaterThan(105);
    expect(orleansKm).toBeLessThan(116);
    expect(Math.round(orleansKm * 10) / 10).toBe(orleansKm);
    // 10 km from Versailles: Paris (≈17 km) is outside.
    expect(await namesFor(t, `near=${VERSAILLES.lat},${VERSAILLES.lng}&radiusKm=10`)).toEqual([
      'Versailles',
    ]);
  });

  it('nearest first pages through providers at the very same point once each (ties by id)', async () => {
    const twins: string[] = [];
    for (const name of ['One', 'Two', 'Three']) {
      const twin = await createProvider(t.app, { firstName: 'Twin', lastName: name });
      await locate(t, twin, 'Lyon', { lat: 45.764, lng: 4.8357 }, 2996944);
      twins.push(twin.providerId!);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const answer: Answer = await ok(
        t,
        `near=45.764,4.8357&radiusKm=5&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...answer.providers.map((p) => p.provider_id));
      cursor = answer.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...twins].sort());
    // Unlisted again (no specialty): the other cases count the four providers above.
    await t.app.database.db.execute(
      sql`update providers set specialty = null where first_name = 'Twin'`,
    );
  });

  it('placeId resolves through the gazetteer to a point', async () => {
    const [place] = searchPlaces('Paris', 1);
    expect(place).toBeDefined();
    const answer = await ok(t, `placeId=${place!.id}&sort=distance`);
    expect(lastNames(answer)).toEqual(['Paris', 'Versailles']);
    const unknown = await search(t, 'placeId=999999999');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toHaveProperty('placeId');
  });

  it('priceMax (the cheapest active service) and price order', async () => {
    expect(await namesFor(t, 'priceMax=4000')).toEqual(['Paris', 'Versailles']);
    expect(await namesFor(t, 'priceMax=2500')).toEqual(['Versailles']);
    // Providers without a service sort last.
    expect(await namesFor(t, 'sort=price')).toEqual(['Versailles', 'Paris', 'Orleans', 'Auckland']);
  });

  it('minRating and rating order', async () => {
    expect(await namesFor(t, 'minRating=4')).toEqual(['Paris']);
    expect(await namesFor(t, 'minRating=3')).toEqual(['Paris', 'Versailles']);
    const byRating = await namesFor(t, 'sort=rating');
    expect(byRating[0]).toBe('Paris');
    expect(byRating[byRating.length - 1]).toBe('Versailles');
  });

  it('filters combine', async () => {
    const near = `near=${PARIS.lat},${PARIS.lng}&radiusKm=200`;
    expect(await namesFor(t, `${near}&category=plumber&priceMax=3000`)).toEqual(['Versailles']);
    expect(await namesFor(t, `${near}&minRating=4&q=pia`)).toEqual(['Paris']);
    expect(await namesFor(t, `${near}&category=cleaner&sort=distance`)).toEqual(['Orleans']);
    expect(await namesFor(t, 'category=plumber&minRating=1&priceMax=100000&sort=price')).toEqual([
      'Versailles',
      'Paris',
    ]);
  });

  it("date: a free slot that day in the provider's own zone (23:30 in Auckland is that Auckland day)", async () => {
    const day = wallClock(new Date(Date.now() + 10 * 86_400_000), 'Pacific/Auckland').day;
    const startsAt = zonedInstant('Pacific/Auckland', day, '23:30:00');
    await t.app.database.db.insert(timeslots).values({
      providerId: t.auckland.providerId!,
      day,
      startTime: '23:30:00',
      endTime: '23:59:00',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 29 * 60_000),
      type: 'Consultation',
    });
    // 23:30 in Auckland is 10:30–11:30 UTC the same day; the next day has nothing yet.
    const utcDay = startsAt.toISOString().slice(0, 10);
    expect(utcDay).toBe(day);
    expect(await namesFor(t, `date=${day}`)).toEqual(['Auckland']);
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(await namesFor(t, `date=${next}`)).toEqual([]);
    // An early-morning Auckland slot lies on the previous UTC day: it belongs to the Auckland day.
    const early = zonedInstant('Pacific/Auckland', next, '08:00:00');
    expect(early.toISOString().slice(0, 10)).toBe(day);
    await t.app.database.db.insert(timeslots).values({
      providerId: t.auckland.providerId!,
      day: next,
      startTime: '08:00:00',
      endTime: '08:30:00',
      startsAt: early,
      endsAt: new Date(early.getTime() + 30 * 60_000),
      type: 'Consultation',
    });
    expect(await namesFor(t, `date=${next}&category=cleaner`)).toEqual(['Auckland']);
    expect(await namesFor(t, `date=${day}&category=plumber`)).toEqual([]);
  });

  it('next_available skips booked, past and policy-refused (minimum notice) slots', async () => {
    const id = t.orleans.providerId!;
    await createSlot(t.app, id, { startsInMinutes: -120 });
    await createSlot(t.app, id, { startsInMinutes: 60, isBooked: true });
    await createSlot(t.app, id, { startsInMinutes: 120 }); // within the 4 h notice
    const bookable = await createSlot(t.app, id, { startsInMinutes: 360 });
    await createSlot(t.app, id, { startsInMinutes: 600 });
    await setPolicy(t.app, t.orleans, { minNoticeMinutes: 240 });
    const found = (await ok(t, 'q=olga')).providers[0]!;
    expect(found.next_available_slot_id).toBe(bookable.id);
    expect(found.next_available).toBe(bookable.startsAt.toISOString());
    // soonest: Orléans (in 6 h) before Auckland (in days); the others have no slot.
    expect(await namesFor(t, 'sort=soonest')).toEqual([
      'Orleans',
      'Auckland',
      'Paris',
      'Versailles',
    ]);
  });

  it('SPEC page/total still work beside the cursor', async () => {
    const first = await ok(t, 'limit=2&page=1');
    const second = await ok(t, 'limit=2&page=2');
    expect(first.total).toBe(4);
    expect(second.page).toBe(2);
    expect([...lastNames(first), ...lastNames(second)]).toEqual([
      'Auckland',
      'Orleans',
      'Paris',
      'Versailles',
    ]);
    const viaCursor = await ok(t, `limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(lastNames(viaCursor)).toEqual(lastNames(second));
    expect(viaCursor.page).toBe(2);
    expect(viaCursor.nextCursor).toBeNull();
  });

  it('a signed-in caller gets the same listing', async () => {
    const res = await search(t, 'category=plumber', t.client.headers);
    expect(res.statusCode).toBe(200);
    expect(lastNames(res.json() as Answer)).toEqual(['Paris', 'Versailles']);
  });

  describe('hostile input → 400 with field errors, never 5xx', () => {
    const shorten = (query: string) =>
      query.length > 60 ? `${query.slice(0, 40)}…(${query.length})` : query;
    it.each(
      (
        [
          ['near=91,181', 'near'],
          ['near=45,-181', 'near'],
          ['near=north', 'near'],
          ['near=1,2&radiusKm=-1', 'radiusKm'],
          ['near=1,2&radiusKm=1e9', 'radiusKm'],
          ['radiusKm=5', 'radiusKm'],
          ['limit=10000', 'limit'],
          ['q=' + 'x'.repeat(2000), 'q'],
          ['q=ana%00', 'q'],
          ['q=%00%00', 'q'],
          ['sort=best', 'sort'],
          ['sort=distance', 'sort'],
          ['cursor=garbage', 'cursor'],
          ['cursor=a.b', 'cursor'],
          ['cursor=' + 'z'.repeat(600), 'cursor'],
          ['cursor=x&page=2', 'cursor'],
          ['category=astronaut', 'category'],
          ['date=2026-02-30', 'date'],
          ['priceMax=-5', 'priceMax'],
          ['minRating=0', 'minRating'],
          ['near=1,2&placeId=2988507', 'placeId'],
        ] as const
      ).map(([query, field]) => [shorten(query), field, query] as const),
    )('%s → fieldErrors.%s', async (_label, field, query) => {
      const res = await search(t, query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(res.json().fieldErrors).toHaveProperty(field);
    });

    it('a tampered, foreign or re-used-elsewhere cursor → 400 fieldErrors.cursor', async () => {
      const first = await ok(t, 'limit=1');
      const cursor = first.nextCursor!;
      const [payload, signature] = cursor.split('.') as [string, string];
      const state = JSON.parse(Buffer.from(payload, 'base64url').toString()) as unknown[];
      state[6] = 0;
      const forged = `${Buffer.from(JSON.stringify(state)).toString('base64url')}.${signature}`;
      const flipped = `${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
      for (const query of [
        `limit=1&cursor=${encodeURIComponent(forged)}`,
        `limit=1&cursor=${encodeURIComponent(flipped)}`,
        // A cursor of another search (other filters or order) is refused too.
        `limit=1&category=plumber&cursor=${encodeURIComponent(cursor)}`,
        `limit=1&sort=rating&cursor=${encodeURIComponent(cursor)}`,
      ]) {
        const res = await search(t, query);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().fieldErrors.cursor).toBe(DISCOVERY_MESSAGES.cursorInvalid);
      }
    });
  });
});

describe('public discovery: pagination while ratings change', () => {
  const t = useTestWorld(async (app) => {
    const client = await createClient(app);
    for (let i = 0; i < 12; i++) {
      const provider = await createProvider(app, {
        firstName: `P${String(i).padStart(2, '0')}`,
        lastName: 'Rated',
      });
      await insertReviews(
        app,
        provider.providerId!,
        client.id,
        Array<number>(1 + (i % 4)).fill(1 + (i % 5)),
      );
    }
    await refreshRatingPrior(app.database.db, true);
    return { client };
  });

  async function walk(query: string, between: (page: number, seen: Listing[]) => Promise<void>) {
    const seen: Listing[] = [];
    let cursor: string | null = null;
    for (let page = 1; page < 20; page++) {
      const answer: Answer = await ok(
        t,
        `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...answer.providers);
      cursor = answer.nextCursor;
      if (!cursor) break;
      await between(page, seen);
    }
    return seen;
  }

  it.each([['sort=rating&limit=4'], ['sort=rating&limit=5&minRating=1'], ['limit=3&minRating=2']])(
    '%s: every provider exactly once while reviews land and the mean is refreshed',
    async (query) => {
      const before = (await ok(t, query.replace(/limit=\d+/, 'limit=50'))).providers.map(
        (p) => p.provider_id,
      );
      const seen = await walk(query, async (page, sofar) => {
        // Push an unseen provider to the top and a seen one to the bottom, then (once) move the
        // marketplace mean, which rewrites every score.
        const unseen = before.find((id) => !sofar.some((p) => p.provider_id === id));
        if (unseen) await insertReviews(t.app, unseen, t.client.id, Array<number>(30).fill(5));
        const seenOne = sofar[0]!.provider_id;
        await insertReviews(t.app, seenOne, t.client.id, Array<number>(30).fill(1));
        if (page === 1) await refreshRatingPrior(t.app.database.db, true);
      });
      const ids = seen.map((p) => p.provider_id);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort()).toEqual([...before].sort());
    },
  );

  it('the order of a rating walk is the order of its first page (as of then)', async () => {
    const all = (await ok(t, 'sort=rating&limit=50')).providers.map((p) => p.provider_id);
    const seen = await walk('sort=rating&limit=3', async () => {
      await insertReviews(t.app, all[all.length - 1]!, t.client.id, Array<number>(50).fill(5));
    });
    expect(seen.map((p) => p.provider_id)).toEqual(all);
  });
});

describe('public discovery: bounded counts', () => {
  const t = useTestApp();
  beforeAll(async () => {
    // SEARCH_COUNT_CAP + 5 listed providers in two statements (the triggers fill the listing).
    await queryRows(
      t.app.database.db,
      sql`insert into users (email, password_hash, first_name, last_name, role, email_verified_at)
        select 'bulk' || g || '@example.test', 'x', 'Bulk', 'N' || g, 'provider', now()
        from generate_series(1, ${SEARCH_COUNT_CAP + 5}) g`,
    );
    await queryRows(
      t.app.database.db,
      sql`insert into providers (user_id, specialty, search_text)
        select id, 'Barber', 'bulk ' || lower(last_name) || ' barber' from users where email like 'bulk%'`,
    );
  });

  it(`counts up to ${SEARCH_COUNT_CAP} and says so`, async () => {
    const capped = await ok(t, 'q=bulk&limit=5');
    expect(capped.total).toBe(SEARCH_COUNT_CAP);
    expect(capped.totalIsCapped).toBe(true);
    expect(capped.providers).toHaveLength(5);
    const exact = await ok(t, 'q=n1');
    expect(exact.totalIsCapped).toBe(false);
    expect(exact.total).toBeLessThan(SEARCH_COUNT_CAP);
  });
});
