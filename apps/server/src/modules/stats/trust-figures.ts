import type { ProviderTrustFigures } from '@slotwise/shared/stats-types';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { NotFoundError } from '../../errors';
import { toRating } from '../reviews/rating';

/**
 * The provider's trust figures (README "Provider statistics"), in one query:
 * - rating / reviewCount: from the sum and count the review trigger keeps on the provider row;
 * - noShowRate: of the appointments dated in the 30 days up to today (the provider's zone)
 *   that have started by `now` and were not canceled, the % marked no-show, one decimal
 *   (0 when there were none). Read through appointments_provider_day_idx.
 */
export async function getTrustFigures(
  db: DbOrTx,
  providerId: string,
  now = new Date(),
): Promise<ProviderTrustFigures> {
  const at = now.toISOString();
  const [row] = await queryRows<{
    rating: string | null;
    review_count: number;
    attended: number | string;
    no_shows: number | string;
  }>(
    db,
    sql`
    with me as (
      select p.id, p.rating_sum, p.rating_count,
             (${at}::timestamptz at time zone u.timezone)::date as today
      from providers p join users u on u.id = p.user_id
      where p.id = ${providerId}
    )
    select round(me.rating_sum::numeric / nullif(me.rating_count, 0), 1) as rating,
           me.rating_count as review_count,
           count(a.id) filter (where a.status in ('booked', 'no_show')) as attended,
           count(a.id) filter (where a.status = 'no_show') as no_shows
    from me
    left join appointments a
      on a.provider_id = me.id and a.day between me.today - 29 and me.today
     and a.starts_at <= ${at}::timestamptz
    group by me.id, me.rating_sum, me.rating_count`,
  );
  if (!row) throw new NotFoundError('Provider not found');
  const started = Number(row.attended);
  return {
    rating: toRating(row.rating),
    reviewCount: Number(row.review_count),
    noShowRate: started === 0 ? 0 : Math.round((Number(row.no_shows) / started) * 1000) / 10,
  };
}
