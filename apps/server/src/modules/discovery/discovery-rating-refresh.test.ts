import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestWorld } from '../../../test/helpers/app';
import { createClient, createProvider } from '../../../test/helpers/factories';
import { insertReviews } from '../../../test/helpers/review-factories';
import { queryRows } from '../../db/client';
import { priorOf, refreshRatingPrior } from '../reviews/rating';

/**
 * Discovery by rating while the marketplace mean moves (docs/decisions/083-background-work-under-
 * load.md): no request refreshes it, and while a refresh moves the stored scores (some on the
 * old mean, some on the new) a ranking and its next pages follow the mean, every provider once.
 */

interface Answer {
  providers: { provider_id: string; last_name: string }[];
  nextCursor: string | null;
}

describe('discovery by rating while the mean is refreshed', () => {
  const t = useTestWorld(async (app) => {
    const client = await createClient(app);
    // Few reviews and many: a move of the mean reorders them (few reviews sit near the mean).
    for (let i = 0; i < 12; i++) {
      const provider = await createProvider(app, {
        firstName: `R${String(i).padStart(2, '0')}`,
        lastName: 'Moving',
      });
      const count = i % 2 === 0 ? 1 : 40;
      await insertReviews(
        app,
        provider.providerId!,
        client.id,
        Array<number>(count).fill(1 + (i % 5)),
      );
    }
    await refreshRatingPrior(app.database.db, true);
    return { client };
  });

  const ask = async (query: string): Promise<Answer> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/search/providers?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Answer;
  };
  const ids = (answer: Answer) => answer.providers.map((p) => p.provider_id);
  const storedOff = async (mean: number) => {
    const [row] = await queryRows<{ n: number }>(
      t.app.database.db,
      sql`select count(*)::int as n from providers
          where rating_score <> provider_rating_score(rating_sum, rating_count, ${mean}::float8)`,
    );
    return Number(row!.n);
  };

  it('a ranking by rating leaves a drifted mean to the job', async () => {
    const before = await priorOf(t.app.database.db);
    // Thirty 1★ reviews move the marketplace mean well past the drift.
    const [first] = await queryRows<{ id: string }>(
      t.app.database.db,
      sql`select id from providers where last_name = 'Moving' order by id limit 1`,
    );
    await insertReviews(t.app, first!.id, t.client.id, Array<number>(30).fill(1));
    await ask('sort=rating&q=moving');
    expect(await priorOf(t.app.database.db)).toEqual(before);
    expect(await refreshRatingPrior(t.app.database.db)).toBe(true);
    const after = await priorOf(t.app.database.db);
    expect(after.moving).toBe(false);
    expect(after.mean).not.toBe(before.mean);
    expect(await storedOff(after.mean)).toBe(0);
  });

  it('while scores are moved: pages rank by the mean, every provider once, across the settle', async () => {
    const settled = await priorOf(t.app.database.db);
    // A refresh under way towards a mean far from the stored scores' (none moved yet).
    const target = 4.9;
    await t.app.database.db.execute(
      sql`update rating_prior set mean = ${target}::float8, refreshed_at = 'infinity'`,
    );
    expect(await storedOff(target)).toBeGreaterThan(0);
    const expected = ids(await ask('sort=rating&q=moving&limit=50'));
    // The stored scores alone (the old mean) would order them otherwise.
    const [byStored] = await queryRows<{ ids: string[] }>(
      t.app.database.db,
      sql`select array_agg(id::text order by rating_score desc, rating_count desc, first_name,
            last_name, id) as ids from providers where last_name = 'Moving'`,
    );
    expect(byStored!.ids).not.toEqual(expected);
    expect(settled.mean).not.toBe(target);

    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 1; page < 20; page++) {
      const answer: Answer = await ask(
        `sort=rating&q=moving&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...ids(answer));
      cursor = answer.nextCursor;
      if (!cursor) break;
      // After the first page the refresh has moved some stored scores; after the second it
      // finishes (towards the live mean, which is not the target: the mean moves again).
      if (page === 1) {
        await t.app.database.db.execute(sql`update providers
          set rating_score = provider_rating_score(rating_sum, rating_count, ${target}::float8)
          where id in (select id from providers where last_name = 'Moving' order by id limit 6)`);
      }
      if (page === 2) expect(await refreshRatingPrior(t.app.database.db)).toBe(true);
    }
    expect(seen).toEqual(expected);
    const after = await priorOf(t.app.database.db);
    expect(after.moving).toBe(false);
    expect(await storedOff(after.mean)).toBe(0);
  });
});
