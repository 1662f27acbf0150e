import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

/**
 * The public pages the sitemap lists (docs/product.md §21.2), read in pages of BATCH by id so a
 * large marketplace streams out without being held in memory: listed providers (listed = verified,
 * complete, not suspended, account not erased) and the businesses whose owner is listed. lastmod
 * is `page_changed_at` (0025_seo), moved by every change the page shows.
 */

const BATCH = 1_000;

export interface SitemapRow {
  id: string;
  lastmod: string;
}

async function* pagesOf(
  load: (after: string) => Promise<SitemapRow[]>,
): AsyncGenerator<SitemapRow> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await load(after);
    yield* rows;
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

export function publicProviders(db: DbOrTx): AsyncGenerator<SitemapRow> {
  return pagesOf((after) =>
    queryRows<SitemapRow>(
      db,
      sql`select id::text as id, to_char(page_changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as lastmod
        from providers where listed and id > ${after}::uuid order by id limit ${BATCH}`,
    ),
  );
}

/** A business's page also shows its staff: its lastmod is the latest of theirs and its own. */
export function publicBusinesses(db: DbOrTx): AsyncGenerator<SitemapRow> {
  return pagesOf((after) =>
    queryRows<SitemapRow>(
      db,
      sql`select b.id::text as id, to_char(greatest(b.page_changed_at,
            (select max(p.page_changed_at) from business_staff s join providers p on p.id = s.provider_id
              where s.business_id = b.id)) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as lastmod
        from businesses b join providers o on o.id = b.owner_provider_id
        where o.listed and b.id > ${after}::uuid order by b.id limit ${BATCH}`,
    ),
  );
}
