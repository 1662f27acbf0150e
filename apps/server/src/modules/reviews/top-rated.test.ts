import { RATING_PRIOR_WEIGHT } from '@slotwise/shared/reviews-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { insertReviews } from '../../../test/helpers/review-factories';
import { bayesianAverage } from './rating';
import { mendRatingPriorChain } from './rating-prior-job';
import { asUser } from '../../../test/helpers/requests';

/**
 * 'Meet our top specialists' (GET /api/search/providers?sort=rating): ordered by the Bayesian
 * average of docs/decisions/045-reviews-and-ratings.md, checked on crafted ratings.
 */

const times = (n: number, rating: number) => Array<number>(n).fill(rating);

const CRAFTED: Record<string, number[]> = {
  'One Fivestar': [5],
  'Many Fourpointeight': [...times(160, 5), ...times(40, 4)],
  'No Reviews': [],
  'Few Twos': times(3, 2),
  'Twenty Fourpointfive': [...times(10, 5), ...times(10, 4)],
  'Fifty Threes': times(50, 3),
};

describe('top-rated providers: the Bayesian average', () => {
  let t: TestApp;
  let client: TestUser;
  const byName = new Map<string, TestUser>();

  beforeAll(async () => {
    t = await createTestApp();
    client = await createClient(t.app);
    for (const [name, ratings] of Object.entries(CRAFTED)) {
      const [firstName, lastName] = name.split(' ') as [string, string];
      const provider = await createProvider(t.app, { firstName, lastName });
      byName.set(name, provider);
      await insertReviews(t.app, provider.providerId!, client.id, ratings);
    }
    // The marketplace mean moved: its job brings the scores up to date (docs/decisions/083).
    await mendRatingPriorChain(t.app.database.db);
    await t.app.jobs.runDue();
  });
  afterAll(async () => {
    await t.close();
  });

  const search = async (query: string) => {
    const res = await asUser(t.app, client).get(`/api/search/providers?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json().providers as {
      first_name: string;
      last_name: string;
      rating: number | null;
      review_count: number;
    }[];
  };

  it('orders by (C·m + Σ ratings) / (C + n), m the marketplace mean', async () => {
    const all = Object.values(CRAFTED).flat();
    const m = all.reduce((a, b) => a + b, 0) / all.length;
    const expected = Object.entries(CRAFTED)
      .map(([name, ratings]) => ({
        name,
        score: bayesianAverage(
          ratings.reduce((a, b) => a + b, 0),
          ratings.length,
          m,
          RATING_PRIOR_WEIGHT,
        ),
      }))
      .sort((a, b) => b.score - a.score)
      .map((entry) => entry.name);

    const listed = await search('sort=rating&limit=12');
    expect(listed.map((p) => `${p.first_name} ${p.last_name}`)).toEqual(expected);
    // The point of it: one 5★ review does not outrank 200 reviews at 4.8★…
    expect(expected.indexOf('Many Fourpointeight')).toBeLessThan(expected.indexOf('One Fivestar'));
    // …and a provider without reviews sits at the marketplace mean, above poor ratings.
    expect(expected.indexOf('No Reviews')).toBeLessThan(expected.indexOf('Few Twos'));
  });

  it('search results carry rating (one decimal, null without reviews) and review_count', async () => {
    const listed = await search('limit=12');
    const find = (name: string) => listed.find((p) => `${p.first_name} ${p.last_name}` === name);
    expect(find('Many Fourpointeight')).toMatchObject({ rating: 4.8, review_count: 200 });
    expect(find('One Fivestar')).toMatchObject({ rating: 5, review_count: 1 });
    expect(find('No Reviews')).toMatchObject({ rating: null, review_count: 0 });
    expect(find('Twenty Fourpointfive')).toMatchObject({ rating: 4.5, review_count: 20 });
  });

  it('the provider detail carries rating and reviewCount', async () => {
    const provider = byName.get('Many Fourpointeight')!;
    const res = await asUser(t.app, client).get(`/api/profile/providers/${provider.providerId}`);
    expect(res.json().provider).toMatchObject({ rating: 4.8, reviewCount: 200 });
  });

  it('sort=rating also applies with a search text; an unknown sort → 400', async () => {
    const fours = await search('sort=rating&q=four');
    expect(fours.map((p) => p.first_name)).toEqual(['Many', 'Twenty']);
    const res = await asUser(t.app, client).get('/api/search/providers?sort=best');
    expect(res.statusCode).toBe(400);
  });
});
