import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { seedForPlanner } from '../../../test/helpers/planner-seed';
import { providerSearchQuerySchema } from '@slotwise/shared/discovery-schemas';
import { discoveryPageQuery } from './discovery';

/**
 * Discovery's EXPLAIN checks (decision 048): on PostgreSQL, q, category, near and date are each
 * served by an index (EXPLAIN (FORMAT JSON), looking for the index names). PGlite plans too,
 * but the criterion is about PostgreSQL: set TEST_DATABASE_URL to run it.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

if (!onPostgres) {
  console.info('discovery EXPLAIN tests skipped: PostgreSQL only (set TEST_DATABASE_URL)');
}

describe.skipIf(!onPostgres)('discovery EXPLAIN on PostgreSQL: every filter uses its index', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    // 8,000 listed providers around Europe, 1 % of them plumbers: enough rows for the planner
    // to choose as it does at scale (the triggers fill the listing columns), five slots each.
    await seedForPlanner(
      t.app.database.db,
      sql`insert into providers (user_id, specialty, search_text, category, place_id,
        place_name, place_country, lat, lng, rating_sum, rating_count)
      select u.id, 'Specialist', lower(u.first_name || ' ' || u.last_name || ' specialist'),
        case when n % 100 = 0 then 'plumber'
          else (array['barber','driver','tutor','photographer','mechanic','electrician','cleaner'])[1 + n % 7] end,
        n, 'Place' || n, 'FR', 40 + (n % 100) * 0.1, -5 + (n / 100) * 0.1, (n % 50), (n % 11)
      from (select id, first_name, last_name, row_number() over (order by email)::int as n from users) u`,
    );
  });
  afterAll(async () => {
    await t.close();
  });

  async function plan(query: Record<string, string>): Promise<string> {
    const params = providerSearchQuerySchema.parse(query);
    return t.app.database.db.transaction(async (tx) => {
      const result = await tx.execute(sql`explain (format json) ${discoveryPageQuery(params)}`);
      return JSON.stringify((result as unknown as { rows: unknown[] }).rows);
    });
  }

  it.each([
    [{ q: 'ana lo' }, /providers_search_text_trgm/],
    // A q naming a category is the category (plumbers are 1 % here).
    [{ q: 'Plumbers' }, /providers_(listed_category_name|listed_category_score|category)_idx/],
    [
      { category: 'plumber' },
      /providers_(listed_category_name|listed_category_score|category)_idx/,
    ],
    [{ category: 'plumber', sort: 'rating' }, /providers_listed_category_score_idx/],
    [{ sort: 'rating' }, /providers_listed_score_idx/],
    [{ near: '44,-2', radiusKm: '5' }, /providers_(listed_)?location_gist/],
    [{ near: '44,-2', sort: 'distance' }, /providers_(listed_)?location_gist/],
    [{ date: '2030-01-15' }, /timeslots_free_provider_day_idx|timeslots_provider_day_idx/],
    [
      { date: '2030-01-15', partOfDay: 'evening' },
      /timeslots_free_provider_day_idx|timeslots_provider_day_idx/,
    ],
    [{ sort: 'price' }, /providers_listed_price_idx/],
  ])('%j uses %s', async (query, index) => {
    const text = await plan(query as Record<string, string>);
    const nodes = [...text.matchAll(/"(Node Type|Index Name)":"([^"]+)"/g)].map((m) => m[2]);
    expect(text, nodes.join(' > ')).toMatch(index);
  });
});
