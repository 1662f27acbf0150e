import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestWorld } from '../../../test/helpers/app';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { insertReviews } from '../../../test/helpers/review-factories';
import { queryRows } from '../../db/client';
import { priorOf, refreshRatingPrior } from './rating';
import { mendRatingPriorChain, RATING_PRIOR_EVERY_MS, RATING_PRIOR_KEY } from './rating-prior-job';

/**
 * The marketplace mean of the rating score, kept by a job (docs/decisions/083-background-work-
 * under-load.md): checked every minute, refreshed past the drift, the scores moved in batches
 * that never wait for a row a booking holds, an unfinished refresh finished by the next run.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe('the rating prior job', () => {
  const t = useTestWorld(async (app) => {
    const client = await createClient(app);
    const providers: TestUser[] = [];
    for (let i = 0; i < 9; i++) {
      const provider = await createProvider(app, { firstName: `J${i}`, lastName: 'Prior' });
      await insertReviews(app, provider.providerId!, client.id, [1 + (i % 5), 5]);
      providers.push(provider);
    }
    return { client, providers };
  });

  const db = () => t.app.database.db;
  /** Providers whose stored score is not the one of `mean`. */
  const off = async (mean: number) => {
    const [row] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from providers
          where rating_score <> provider_rating_score(rating_sum, rating_count, ${mean}::float8)`,
    );
    return Number(row!.n);
  };
  const live = async () => {
    const [row] = await queryRows<{ m: number }>(
      db(),
      sql`select sum(rating_sum)::float8 / sum(rating_count) as m from providers`,
    );
    return Number(row!.m);
  };
  const pendingChecks = () =>
    queryRows<{ run_at: string }>(
      db(),
      sql`select run_at::text from jobs where key = ${RATING_PRIOR_KEY} and status = 'pending'`,
    );

  it('refreshes a drifted mean, moves every score, and queues its next check a minute on', async () => {
    expect(Math.abs((await priorOf(db())).mean - (await live()))).toBeGreaterThan(0.005);
    await mendRatingPriorChain(db());
    await mendRatingPriorChain(db());
    expect(await pendingChecks()).toHaveLength(1);
    const now = new Date();
    expect((await t.app.jobs.runDue(now)).failed).toBe(0);
    const prior = await priorOf(db());
    expect(prior).toEqual({ mean: await live(), moving: false });
    expect(await off(prior.mean)).toBe(0);
    const [next] = await pendingChecks();
    expect(Date.parse(next!.run_at)).toBeGreaterThanOrEqual(now.getTime() + RATING_PRIOR_EVERY_MS);
    // No drift: the next run moves nothing.
    expect(await refreshRatingPrior(db())).toBe(false);
  });

  it('moves the scores a few at a time and settles; an unfinished refresh is finished by the next', async () => {
    await insertReviews(t.app, t.providers[0]!.providerId!, t.client.id, Array(20).fill(1));
    expect(await refreshRatingPrior(db(), { batchSize: 2 })).toBe(true);
    const mean = await live();
    expect(await priorOf(db())).toEqual({ mean, moving: false });
    expect(await off(mean)).toBe(0);

    // A refresh that stopped half way (a crash): the mark stays, some scores are on another mean.
    await db().execute(sql`update rating_prior set refreshed_at = 'infinity'`);
    await db().execute(sql`update providers
      set rating_score = provider_rating_score(rating_sum, rating_count, 1.5)
      where id in (select id from providers order by id limit 4)`);
    expect(await off(mean)).toBe(4);
    expect(await refreshRatingPrior(db(), { batchSize: 3 })).toBe(true);
    expect(await priorOf(db())).toEqual({ mean, moving: false });
    expect(await off(mean)).toBe(0);
  });

  it.skipIf(!onPostgres)(
    'never waits for a provider row a booking holds: moves the others, finishes later',
    async () => {
      await insertReviews(t.app, t.providers[1]!.providerId!, t.client.id, Array(20).fill(5));
      const mean = await live();
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked!: () => void;
      const lockTaken = new Promise<void>((resolve) => {
        locked = resolve;
      });
      // A booking's transaction holding its provider's row (0013 updates next_free_starts_at).
      const booking = db().transaction(async (tx) => {
        await tx.execute(sql`update providers set next_free_starts_at = next_free_starts_at
          where id = ${t.providers[2]!.providerId!}::uuid`);
        locked();
        await held;
      });
      await lockTaken;
      const started = Date.now();
      expect(await refreshRatingPrior(db(), { batchSize: 2 })).toBe(true);
      expect(Date.now() - started).toBeLessThan(10_000);
      // Everyone moved but the held row; the refresh is still marked under way.
      expect(await off(mean)).toBe(1);
      expect(await priorOf(db())).toEqual({ mean, moving: true });
      release();
      await booking;
      expect(await refreshRatingPrior(db())).toBe(true);
      expect(await priorOf(db())).toEqual({ mean, moving: false });
      expect(await off(mean)).toBe(0);
    },
  );
});
