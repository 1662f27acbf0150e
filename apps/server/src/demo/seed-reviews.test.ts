import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestWorld } from '../../test/helpers/app';
import { queryRows } from '../db/client';
import { DEMO_CLIENT_EMAIL, DEMO_PASSWORD } from './demo-catalogue';
import { seedDemoData } from './seed-demo';
import { demoSignIn } from '../../test/helpers/demo';
import { asUser } from '../../test/helpers/requests';

describe('demo data: reviews', () => {
  const t = useTestWorld(async (app) => {
    const result = await seedDemoData(app.database.db, app.log);
    expect(result.seeded).toBe(true);
    return {};
  });

  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.app.database.db, query);

  it('most providers have reviews, each on a completed appointment of its own client', async () => {
    const [summary] = await rows<{ reviews: number; rated: number; replies: number }>(sql`
      select (select count(*) from reviews)::int as reviews,
             (select count(*) from providers where rating_count > 0)::int as rated,
             (select count(*) from reviews where reply is not null)::int as replies`);
    expect(summary!.reviews).toBeGreaterThan(100);
    expect(summary!.rated).toBeGreaterThanOrEqual(20);
    expect(summary!.replies).toBeGreaterThan(0);
    const broken = await rows(sql`
      select r.id from reviews r join appointments a on a.id = r.appointment_id
      where a.status <> 'booked' or a.ends_at > now() or a.ends_at < now() - interval '60 days'
         or a.client_id <> r.client_id or a.provider_id <> r.provider_id
         or r.created_at < a.ends_at or r.created_at > now()`);
    expect(broken).toEqual([]);
    // Every appointment still has its booking event (the demo's own invariant).
    const withoutEvent = await rows(sql`
      select a.id from appointments a where not exists (
        select 1 from appointment_events e where e.appointment_id = a.id and e.type = 'booked')`);
    expect(withoutEvent).toEqual([]);
  });

  it('the stored sums and counts equal a recount', async () => {
    const mismatched = await rows(sql`
      select p.id from providers p
      left join (select provider_id, sum(rating)::int s, count(*)::int n from reviews group by 1) r
        on r.provider_id = p.id
      where p.rating_sum <> coalesce(r.s, 0) or p.rating_count <> coalesce(r.n, 0)`);
    expect(mismatched).toEqual([]);
  });

  it('the demo client still has completed appointments to review', async () => {
    const headers = await demoSignIn(t.app, DEMO_CLIENT_EMAIL);
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/appointment/view', headers })
    ).json().appointments as { id: string; status: string }[];
    const reviewed = new Set(
      (await rows<{ id: string }>(sql`select appointment_id as id from reviews`)).map((r) => r.id),
    );
    const open = mine.filter((a) => a.status === 'completed' && !reviewed.has(a.id));
    expect(open.length).toBeGreaterThan(0);
    const res = await asUser(t.app, { headers }).post('/api/reviews', {
      appointmentId: open[0]!.id,
      rating: 5,
      comment: 'Demo review',
    });
    expect(res.statusCode).toBe(201);
  });

  it('the top-rated carousel has rated providers first', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_CLIENT_EMAIL, password: DEMO_PASSWORD },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/search/providers?sort=rating&limit=12',
      headers: { authorization: `Bearer ${login.json().token as string}` },
    });
    const top = res.json().providers as { rating: number | null; review_count: number }[];
    expect(top).toHaveLength(12);
    expect(top[0]!.review_count).toBeGreaterThan(1);
    expect(top[0]!.rating).toBeGreaterThanOrEqual(4);
  });
});
