import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { useTestWorld } from '../../../test/helpers/app';
import { createClient, createProvider } from '../../../test/helpers/factories';
import { insertReviews } from '../../../test/helpers/review-factories';

/**
 * Property: whatever reviews arrive (and whichever are later deleted or re-rated), every
 * provider's stored rating sum and count — kept by the trigger, read by every page — equal a
 * recount of the reviews table, and the public mean is that recount's mean to one decimal.
 */

const PROVIDERS = 3;
const REVIEWS_PER_RUN = 1000;

describe('provider rating: stored sum and count always equal a recount', () => {
  const t = useTestWorld(async (app) => ({
    client: await createClient(app),
  }));

  const mismatches = () =>
    queryRows<{ id: string }>(
      t.app.database.db,
      sql`select p.id from providers p
          left join (select provider_id, sum(rating)::int as s, count(*)::int as n
                     from reviews group by provider_id) r on r.provider_id = p.id
          where p.rating_sum <> coalesce(r.s, 0) or p.rating_count <> coalesce(r.n, 0)`,
    );

  it(`after ${REVIEWS_PER_RUN} random reviews, deletions and re-ratings per run`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ to: fc.nat(PROVIDERS - 1), rating: fc.integer({ min: 1, max: 5 }) }), {
          minLength: REVIEWS_PER_RUN,
          maxLength: REVIEWS_PER_RUN,
        }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 50 }),
        async (incoming, deletions, rerated) => {
          const team = await Promise.all(
            Array.from({ length: PROVIDERS }, () => createProvider(t.app)),
          );
          for (const [index, provider] of team.entries()) {
            const ratings = incoming.filter((r) => r.to === index).map((r) => r.rating);
            await insertReviews(t.app, provider.providerId!, t.client.id, ratings);
          }
          const ids = team.map((p) => p.providerId!);
          await t.app.database.db.execute(sql`
            delete from reviews where id in (
              select id from reviews where provider_id in (${sql.join(ids, sql`, `)})
              order by md5(id::text) limit ${deletions})`);
          await t.app.database.db.execute(sql`
            update reviews set rating = 6 - rating where id in (
              select id from reviews where provider_id in (${sql.join(ids, sql`, `)})
              order by md5(id::text || 'x') limit ${rerated})`);

          expect(await mismatches()).toEqual([]);
          for (const provider of team) {
            const [recount] = await queryRows<{ s: number | null; n: number }>(
              t.app.database.db,
              sql`select sum(rating)::int as s, count(*)::int as n from reviews
                  where provider_id = ${provider.providerId}`,
            );
            const res = await t.app.inject({
              method: 'GET',
              url: `/api/providers/${provider.providerId}/reviews?limit=1`,
            });
            const n = Number(recount!.n);
            expect(res.json().reviewCount).toBe(n);
            expect(res.json().rating).toBe(
              n === 0 ? null : Math.round((Number(recount!.s) * 10) / n) / 10,
            );
          }
        },
      ),
      { numRuns: 3 },
    );
  });
});
