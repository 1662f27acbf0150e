import { REVIEW_MESSAGES, REVIEWS_MAX_LIMIT } from '@slotwise/shared/reviews-schemas';
import { sql } from 'drizzle-orm';
import { type DbOrTx, preparedRows } from '../../db/client';
import { providers, reviews, users } from '../../db/schema';
import { NotFoundError, ValidationError } from '../../errors';
import { isoMicrosTextOf, isoTextOf } from '../../lib/iso';
import {
  decodeKeysetCursor,
  encodeKeysetCursor,
  type KeysetPosition,
} from '../../lib/keyset-cursor';
import { isUuid } from '../../lib/uuid';
import { toRating } from './rating';

/** A provider's reviews as the public page shows them (docs/decisions/045-reviews-and-ratings.md). */

function decodeCursor(cursor: string): KeysetPosition {
  const position = decodeKeysetCursor(cursor);
  if (!position) throw ValidationError.field('cursor', REVIEW_MESSAGES.invalidCursor);
  return position;
}

/** No provider's id: an anonymous reader's own listing. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/** Where a first page starts: after every review (the same statement serves every page). */
const BEFORE_ALL: KeysetPosition = {
  at: 'infinity',
  id: 'ffffffff-ffff-ffff-ffff-ffffffffffff',
};

/**
 * The page as JSON text, in one prepared statement (docs/decisions/083-background-work-under-
 * load.md): the provider's row (its rating and count, kept by the trigger: never a count of
 * reviews), the page by reviews_provider_created_idx from the position on, each review in
 * publicReviewSchema's shape, and the last one shown when there is a next page. The scan's limit
 * is the largest page's, a constant: with the page size as a parameter PostgreSQL would keep
 * planning each call (a custom plan, ~0.3–1 ms, several times the ~0.15 ms the statement runs),
 * rather than reusing its plan; reading up to 51 index entries costs less.
 */
const reviewsPageStatement = () => sql`
  with provider as (
    select round(p.rating_sum::numeric / nullif(p.rating_count, 0), 1) as rating,
           p.rating_count as review_count
    from ${providers} p
    where p.id = ${sql.placeholder('provider')}::uuid
      and (p.listed or p.id = ${sql.placeholder('viewer')}::uuid)
  ),
  page as (
    select r.*, row_number() over (order by r.created_at desc, r.id desc) as n
    from (select r.id, r.client_id, r.rating, r.comment, r.reply, r.replied_at,
                 r.reply_updated_at, r.created_at
          from ${reviews} r
          where r.provider_id = ${sql.placeholder('provider')}::uuid and r.hidden_at is null
            and (r.created_at, r.id) < (${sql.placeholder('at')}::timestamptz,
                                        ${sql.placeholder('id')}::uuid)
            and exists (select 1 from provider)
          order by r.created_at desc, r.id desc
          limit ${sql.raw(String(REVIEWS_MAX_LIMIT + 1))}) r
  )
  select provider.rating, provider.review_count,
    coalesce((select json_agg(json_build_object(
        'id', page.id, 'rating', page.rating, 'comment', page.comment,
        'client_first_name', c.first_name,
        'client_last_initial', case when btrim(c.last_name) in ('', '-') then ''
                                    else upper(left(btrim(c.last_name), 1)) end,
        'created_at', ${isoTextOf(sql`page.created_at`)},
        'reply', case when page.reply is null or page.replied_at is null then null
                      else json_build_object('comment', page.reply,
                        'created_at', ${isoTextOf(sql`page.replied_at`)},
                        'updated_at', ${isoTextOf(sql`coalesce(page.reply_updated_at, page.replied_at)`)}) end)
        order by page.n)
      from page join ${users} c on c.id = page.client_id
      where page.n < ${sql.placeholder('take')}::int), '[]')::text as reviews,
    last.id as last_id, ${isoMicrosTextOf(sql`last.created_at`)} as last_at
  from provider
  left join page last on last.n = ${sql.placeholder('take')}::int - 1
    and exists (select 1 from page where page.n = ${sql.placeholder('take')}::int)`;

/**
 * GET /providers/:id/reviews: a listed provider's visible reviews (not hidden by an operator,
 * docs/product.md §19.3; a suspended provider is not listed, §19.4), newest first, by keyset cursor over
 * (created_at, id) (served by reviews_provider_created_idx), with the rating and count from
 * the provider's row. The answer's JSON text (providerReviewsResponseSchema's shape), sent as is.
 */
export async function providerReviewsJson(
  db: DbOrTx,
  providerId: string,
  page: { cursor?: string; limit: number },
  /** The caller's own provider listing: a provider reads their own reviews, listed or not. */
  viewerProviderId: string | null = null,
): Promise<string> {
  const after = page.cursor ? decodeCursor(page.cursor) : BEFORE_ALL;
  if (!isUuid(providerId)) throw new NotFoundError('Provider not found');
  const [row] = await preparedRows<{
    rating: string | null;
    review_count: number;
    reviews: string;
    last_id: string | null;
    last_at: string | null;
  }>(db, 'slotwise_provider_reviews', reviewsPageStatement, {
    provider: providerId,
    viewer: viewerProviderId ?? NOBODY,
    at: after.at,
    id: after.id,
    take: page.limit + 1,
  });
  if (!row) throw new NotFoundError('Provider not found');
  const nextCursor =
    row.last_id !== null && row.last_at !== null
      ? encodeKeysetCursor({ at: row.last_at, id: row.last_id })
      : null;
  return `{"reviews":${row.reviews},"nextCursor":${JSON.stringify(nextCursor)},"rating":${JSON.stringify(toRating(row.rating))},"reviewCount":${Number(row.review_count)}}`;
}
