import { type SQL, sql } from 'drizzle-orm';
import type { CategorySlug } from '@slotwise/shared/catalogue-schemas';
import type { DbOrTx } from '../../db/client';
import type { RatingView } from './discovery-sql';
import type { CursorState, KeyValue } from './cursor';
import type { NormalisedSearch } from './discovery-normalise';

/** The business of page row `id` (docs/product.md §13.1): two key probes per row of a page. */
export const businessOfRow = (id: SQL) => sql`(select bs.business_id from business_staff bs
    where bs.provider_id = ${id}) as business_id,
  (select b.name from business_staff bs join businesses b on b.id = bs.business_id
    where bs.provider_id = ${id}) as business_name`;

/** One provider row of a discovery page as the page query returns it (decision 048). */
export interface PageRow {
  id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  specialty: string | null;
  bio: string;
  category: CategorySlug | null;
  city: string | null;
  price_from_cents: number | null;
  price_currency: string | null;
  r_sum: number;
  r_count: number;
  distance_m: number | null;
  profile_image_id: string | null;
  timezone: string;
  price_service_name: string | null;
  business_id: string | null;
  business_name: string | null;
  next_id: string | null;
  next_at: string | null;
  as_of: string;
  mean: number;
  [key: `k_${string}`]: KeyValue;
}

/** One page of a search read one way: rows offset … offset + limit (+ 1 to tell a next page), in order. */
export type PageReader = (
  db: DbOrTx,
  s: NormalisedSearch,
  views: RatingView[],
  cursor: CursorState | null,
  limit: number,
  offset: number,
) => Promise<PageRow[]>;
