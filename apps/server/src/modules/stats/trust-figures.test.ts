import { describe, expect, it } from 'vitest';
import { useTestWorld } from '../../../test/helpers/app';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { createPastAppointment, postReview } from '../../../test/helpers/review-factories';

describe('stats: rating, review count and no-show rate', () => {
  const t = useTestWorld(async (app) => {
    const provider: TestUser = await createProvider(app);
    const fresh: TestUser = await createProvider(app);
    const client: TestUser = await createClient(app);
    const past = (options: Parameters<typeof createPastAppointment>[3]) =>
      createPastAppointment(app, provider, client, options);
    const reviewedA = await past({ startedMinutesAgo: 180 });
    const reviewedB = await past({ startedMinutesAgo: 24 * 60 });
    await past({ startedMinutesAgo: 3 * 24 * 60 });
    await past({ startedMinutesAgo: 5 * 24 * 60, status: 'no_show' });
    // Not counted: canceled, still to come, and older than 30 days.
    await past({ startedMinutesAgo: 2 * 24 * 60, status: 'canceled' });
    await past({ startedMinutesAgo: -24 * 60 });
    await past({ startedMinutesAgo: 40 * 24 * 60, status: 'no_show' });
    for (const [appointmentId, rating] of [
      [reviewedA, 5],
      [reviewedB, 4],
    ] as const) {
      const res = await postReview(app, client, { appointmentId, rating });
      expect(res.statusCode).toBe(201);
    }
    return { provider, fresh, client };
  });

  const get = (url: string, user: TestUser) =>
    t.app.inject({ method: 'GET', url, headers: user.headers });

  it('GET /stats/ and /stats/analytics carry rating, reviewCount and noShowRate', async () => {
    const stats = (await get('/api/stats/', t.provider)).json().stats;
    expect(stats).toMatchObject({ rating: 4.5, reviewCount: 2, noShowRate: 25 });
    const analytics = (await get('/api/stats/analytics', t.provider)).json().analytics;
    expect(analytics).toMatchObject({ rating: 4.5, reviewCount: 2, noShowRate: 25 });
  });

  it('a provider without reviews or appointments: rating null, 0 reviews, 0 %', async () => {
    const stats = (await get('/api/stats/', t.fresh)).json().stats;
    expect(stats).toMatchObject({ rating: null, reviewCount: 0, noShowRate: 0 });
  });
});
