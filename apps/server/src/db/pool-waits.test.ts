import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase, queryRows } from './client';
import { testPooler } from '../../test/helpers/pooler';
import { isDatabaseUnavailable } from './errors';

const adminUrl = process.env.TEST_DATABASE_URL;

/**
 * docs/decisions/058: a burst waits its turn for a pool connection (longer than opening one may
 * take), and a database that is down is still a quick, clear failure.
 */
describe('the PostgreSQL pool under a burst', () => {
  it('a database that refuses connections fails every waiter at once, as unavailable', async () => {
    const database = await openDatabase({
      databaseUrl: 'postgres://postgres@127.0.0.1:1/none',
      dataDir: '',
      poolSize: 2,
      poolWaits: { queueMs: 30_000, connectMs: 5_000 },
    });
    try {
      const started = performance.now();
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () => database.db.execute(sql`select 1`)),
      );
      expect(results.every((r) => r.status === 'rejected')).toBe(true);
      for (const r of results) {
        expect(isDatabaseUnavailable((r as PromiseRejectedResult).reason)).toBe(true);
      }
      expect(performance.now() - started).toBeLessThan(2_000);
    } finally {
      await database.close();
    }
  });

  it.skipIf(!adminUrl)(
    'a query queued behind a busy pool waits longer than a connect may take',
    async () => {
      const database = await openDatabase({
        databaseUrl: adminUrl,
        dataDir: '',
        poolSize: 1,
        poolWaits: { queueMs: 10_000, connectMs: 200 },
        // Behind PgBouncer the pool sends no statement_timeout (decision 077).
        pooler: testPooler(),
      });
      try {
        // Drizzle's queries start when awaited: Promise.all starts them all at once.
        const answers = await Promise.all([
          database.db.execute(sql`select pg_sleep(0.6)`),
          ...Array.from({ length: 50 }, () => database.db.execute(sql`select 1 as one`)),
        ]);
        expect(answers).toHaveLength(51);
      } finally {
        await database.close();
      }
    },
  );

  it.skipIf(!adminUrl)(
    'warm() opens every connection of the pool before the first query',
    async () => {
      const database = await openDatabase({
        databaseUrl: adminUrl,
        dataDir: '',
        poolSize: 3,
        pooler: testPooler(),
      });
      try {
        expect(database.poolStats().total).toBe(0);
        await database.warm();
        expect(database.poolStats()).toEqual({ total: 3, idle: 3, waiting: 0 });
        await Promise.all(Array.from({ length: 6 }, () => database.db.execute(sql`select 1`)));
        // The burst was served by those connections: none opened, none closed.
        expect(database.poolStats()).toEqual({ total: 3, idle: 3, waiting: 0 });
      } finally {
        await database.close();
      }
    },
  );

  it.skipIf(!adminUrl)(
    'a statement the server refuses keeps its connection; a broken connection is replaced',
    async () => {
      const database = await openDatabase({
        databaseUrl: adminUrl,
        dataDir: '',
        poolSize: 2,
        pooler: testPooler(),
      });
      const removed: unknown[] = [];
      database.pool!.on('remove', (client) => removed.push(client));
      try {
        await database.warm();
        // Refusals a rush answers 409 from (docs/decisions/085): a violated constraint, an error
        // raised by a statement. Each is the caller's error, as before.
        const refusals = await Promise.allSettled([
          database.db.execute(sql`select 1 / 0`),
          database.db.execute(sql`select 'not a number'::int`),
          database.db.execute(
            sql`do $$ begin raise exception 'refused' using errcode = '23P01'; end $$`,
          ),
        ]);
        const codes = refusals.map((r) =>
          r.status === 'rejected' ? (r.reason as { cause?: { code?: string } }).cause?.code : 'ok',
        );
        expect(codes).toEqual(['22012', '22P02', '23P01']);
        expect(removed).toHaveLength(0);
        expect(database.poolStats()).toEqual({ total: 2, idle: 2, waiting: 0 });
        // The same connections answer the next statements.
        expect(await queryRows(database.db, sql`select 41 + 1 as answer`)).toEqual([
          { answer: 42 },
        ]);
        expect(removed).toHaveLength(0);

        // A connection the server ends (FATAL) is not kept: it is removed, and another opened.
        if (testPooler() === 'none') {
          const ended = await Promise.allSettled([
            database.db.execute(sql`select pg_terminate_backend(pg_backend_pid())`),
          ]);
          expect(ended[0]!.status).toBe('rejected');
          // pg-pool tells of a removal once the connection has ended.
          await vi.waitFor(() => expect(removed).toHaveLength(1));
          expect(await queryRows(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
        }
      } finally {
        await database.close();
      }
    },
  );
});
