import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestWorld } from '../../../test/helpers/app';
import { createProvider } from '../../../test/helpers/factories';

/**
 * A search's total is kept longer than its pages (docs/decisions/061-discovery-reloads.md), but
 * never contradicts the page it comes with: a page that ends the results gives the exact total,
 * a page with a next one at least one more than it shows. Over HTTP with the caches on.
 */

interface Answer {
  providers: { last_name: string }[];
  total: number;
  nextCursor: string | null;
}

describe('discovery totals kept between pages', () => {
  const t = useTestWorld(
    async (app) => {
      for (const lastName of ['Totalia One', 'Totalia Two', 'Totalia Three']) {
        await createProvider(app, { firstName: 'Tess', lastName, specialty: 'Tailor' });
      }
      return {};
    },
    { env: { SEARCH_CACHE_MS: '60000' } },
  );

  async function search(query: string): Promise<Answer> {
    const res = await t.app.inject({ method: 'GET', url: `/api/search/providers?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Answer;
  }

  it('a kept total gives way to what the page shows', async () => {
    const first = await search('q=totalia&limit=2');
    expect(first.total).toBe(3);
    expect(first.nextCursor).not.toBeNull();

    await createProvider(t.app, {
      firstName: 'Tess',
      lastName: 'Totalia Four',
      specialty: 'Tailor',
    });
    // Another page size is another page, counted from the total kept for these filters (3).
    const whole = await search('q=totalia&limit=10');
    expect(whole.providers).toHaveLength(4);
    expect(whole.total).toBe(4);
    const partial = await search('q=totalia&limit=3');
    expect(partial.providers).toHaveLength(3);
    expect(partial.nextCursor).not.toBeNull();
    expect(partial.total).toBe(4);

    await t.app.database.db.execute(
      sql`update providers set specialty = null where search_text like '%totalia t%'`,
    );
    const fewer = await search('q=totalia&limit=20');
    expect(fewer.providers.map((p) => p.last_name).sort()).toEqual(['Totalia Four', 'Totalia One']);
    expect(fewer.total).toBe(2);
  });

  it('a SPEC page past the end keeps the counted total', async () => {
    const beyond = await search('q=totalia&limit=20&page=5');
    expect(beyond.providers).toHaveLength(0);
    expect(beyond.total).toBeGreaterThan(0);
  });
});
