import {
  fillIn,
  type PublicReview,
  REPLY_EDIT_WINDOW_HOURS,
  REVIEW_MESSAGES,
  REVIEW_WINDOW_DAYS,
  type Review,
} from '@slotwise/shared/reviews-schemas';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { isUniqueViolationOf } from '../../db/errors';
import { notifications, providers, reviews, users } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import { isoMicrosTextOf, toIso } from '../../lib/iso';
import { formatDay } from '../appointments/notice';

/**
 * Verified reviews (docs/decisions/045-reviews-and-ratings.md).
 *
 * - Only the client of an appointment reviews it (anyone else: 404), only once it completed (a
 *   booked appointment whose end has passed — not canceled, not a no-show: 409 NOT_REVIEWABLE),
 *   within REVIEW_WINDOW_DAYS of its end, and once: the unique index
 *   `reviews_one_per_appointment` decides under any concurrency (409 ALREADY_REVIEWED).
 * - The provider's rating sum and count follow from a trigger on `reviews`, in the same
 *   transaction as the review; the provider's notification is written there too.
 * - The provider replies once (409 ALREADY_REPLIED) and may edit the reply for
 *   REPLY_EDIT_WINDOW_HOURS (409 REPLY_LOCKED after).
 */

const ONE_REVIEW_INDEX = 'reviews_one_per_appointment';

// ---- Shapes ----------------------------------------------------------------------------------

interface ReviewRow {
  id: string;
  appointment_id: string;
  provider_id: string;
  rating: number;
  comment: string;
  reply: string | null;
  replied_at: Date | string | null;
  reply_updated_at: Date | string | null;
  created_at: Date | string;
  /** created_at with microseconds, UTC: the cursor's position. */
  position: string;
  client_first_name: string;
  client_last_initial: string;
}

/** The columns every review answer reads (`r` reviews, `c` the client's user row). */
const reviewColumns = sql`r.id, r.appointment_id, r.provider_id, r.rating, r.comment, r.reply,
  r.replied_at, r.reply_updated_at, r.created_at,
  ${isoMicrosTextOf(sql`r.created_at`)} as position,
  c.first_name as client_first_name,
  case when btrim(c.last_name) in ('', '-') then '' else upper(left(btrim(c.last_name), 1)) end
    as client_last_initial`;

function toPublicReview(row: ReviewRow): PublicReview {
  return {
    id: row.id,
    rating: Number(row.rating),
    comment: row.comment,
    client_first_name: row.client_first_name,
    client_last_initial: row.client_last_initial,
    created_at: toIso(row.created_at),
    reply:
      row.reply === null || row.replied_at === null
        ? null
        : {
            comment: row.reply,
            created_at: toIso(row.replied_at),
            updated_at: toIso(row.reply_updated_at ?? row.replied_at),
          },
  };
}

function toReview(row: ReviewRow): Review {
  return {
    ...toPublicReview(row),
    appointment_id: row.appointment_id,
    provider_id: row.provider_id,
  };
}

async function loadReview(db: DbOrTx, reviewId: string): Promise<Review> {
  const [row] = await queryRows<ReviewRow>(
    db,
    sql`select ${reviewColumns} from ${reviews} r join ${users} c on c.id = r.client_id
        where r.id = ${reviewId}`,
  );
  if (!row) throw new NotFoundError(REVIEW_MESSAGES.reviewNotFound);
  return toReview(row);
}

// ---- Creating --------------------------------------------------------------------------------

export interface NewReviewInput {
  appointmentId: string;
  rating: number;
  comment: string;
}

/** What the route tells the provider over their socket once the review has committed. */
export interface ReviewNotice {
  providerUserId: string;
  message: string;
}

export interface CreatedReview {
  review: Review;
  notice: ReviewNotice;
}

interface ReviewableRow {
  provider_id: string;
  provider_user_id: string;
  status: string;
  ended: boolean;
  within_window: boolean;
  reviewed: boolean;
  service_type: string;
  day: string;
  client_first_name: string;
  client_last_name: string;
}

/** 'Casey T.' — how a client is named to others. */
function shortName(firstName: string, lastName: string): string {
  const last = lastName.trim();
  return last && last !== '-' ? `${firstName} ${last.slice(0, 1).toUpperCase()}.` : firstName;
}

/** POST /reviews: the client reviews their completed appointment. */
export async function createReview(
  db: DbOrTx,
  clientUserId: string,
  input: NewReviewInput,
): Promise<CreatedReview> {
  const window = `${REVIEW_WINDOW_DAYS} days`;
  try {
    return await db.transaction(async (tx) => {
      // FOR SHARE: a concurrent no-show of this appointment waits for the review, and vice versa.
      const [row] = await queryRows<ReviewableRow>(
        tx,
        sql`
        select a.provider_id, p.user_id as provider_user_id, a.status,
               a.ends_at <= now() as ended,
               a.ends_at > now() - ${window}::interval as within_window,
               exists (select 1 from ${reviews} r where r.appointment_id = a.id) as reviewed,
               a.service_type, a.day::text as day,
               c.first_name as client_first_name, c.last_name as client_last_name
        from appointments a
        join ${providers} p on p.id = a.provider_id
        join ${users} c on c.id = a.client_id
        where a.id = ${input.appointmentId} and a.client_id = ${clientUserId}
        for share of a`,
      );
      if (!row) throw new NotFoundError(REVIEW_MESSAGES.appointmentNotFound);
      if (row.reviewed)
        throw new ConflictError('ALREADY_REVIEWED', REVIEW_MESSAGES.alreadyReviewed);
      if (row.status !== 'booked' || !row.ended) {
        throw new ConflictError('NOT_REVIEWABLE', REVIEW_MESSAGES.notReviewable);
      }
      if (!row.within_window) {
        throw new ConflictError('NOT_REVIEWABLE', REVIEW_MESSAGES.reviewWindowPassed);
      }
      const [created] = await tx
        .insert(reviews)
        .values({
          appointmentId: input.appointmentId,
          providerId: row.provider_id,
          clientId: clientUserId,
          rating: input.rating,
          comment: input.comment,
        })
        .returning({ id: reviews.id });
      const message = fillIn(REVIEW_MESSAGES.newReviewMessage, {
        client: shortName(row.client_first_name, row.client_last_name),
        rating: input.rating,
        service: row.service_type,
        day: formatDay(row.day),
      });
      // The provider's stored notification commits (or rolls back) with the review.
      await tx.insert(notifications).values({
        userId: row.provider_user_id,
        type: 'review',
        title: REVIEW_MESSAGES.titleNewReview,
        message,
        appointmentId: input.appointmentId,
      });
      return {
        review: await loadReview(tx, created!.id),
        notice: { providerUserId: row.provider_user_id, message },
      };
    });
  } catch (error) {
    if (isUniqueViolationOf(error, ONE_REVIEW_INDEX)) {
      throw new ConflictError('ALREADY_REVIEWED', REVIEW_MESSAGES.alreadyReviewed);
    }
    throw error;
  }
}

// ---- Replying --------------------------------------------------------------------------------

/** Why a reply was not written: 404 (absent or another provider's) or the 409 `conflict`. */
async function replyRefusal(
  db: DbOrTx,
  providerId: string,
  reviewId: string,
  conflict: (row: { has_reply: boolean }) => ConflictError,
) {
  const [row] = await queryRows<{ has_reply: boolean }>(
    db,
    sql`select r.reply is not null as has_reply from ${reviews} r
        where r.id = ${reviewId} and r.provider_id = ${providerId}`,
  );
  if (!row) return new NotFoundError(REVIEW_MESSAGES.reviewNotFound);
  return conflict(row);
}

/** POST /reviews/:id/reply: the review's provider answers it, once. */
export async function replyToReview(
  db: DbOrTx,
  providerId: string,
  reviewId: string,
  comment: string,
): Promise<Review> {
  const updated = await queryRows<{ id: string }>(
    db,
    sql`update ${reviews} set reply = ${comment}, replied_at = now(), reply_updated_at = now(),
          updated_at = now()
        where id = ${reviewId} and provider_id = ${providerId} and reply is null
        returning id`,
  );
  if (updated.length === 0) {
    throw await replyRefusal(
      db,
      providerId,
      reviewId,
      () => new ConflictError('ALREADY_REPLIED', REVIEW_MESSAGES.alreadyReplied),
    );
  }
  return loadReview(db, reviewId);
}

/** PATCH /reviews/:id/reply: the provider edits their reply within REPLY_EDIT_WINDOW_HOURS. */
export async function editReply(
  db: DbOrTx,
  providerId: string,
  reviewId: string,
  comment: string,
): Promise<Review> {
  const window = `${REPLY_EDIT_WINDOW_HOURS} hours`;
  const updated = await queryRows<{ id: string }>(
    db,
    sql`update ${reviews} set reply = ${comment}, reply_updated_at = now(), updated_at = now()
        where id = ${reviewId} and provider_id = ${providerId} and reply is not null
          and replied_at > now() - ${window}::interval
        returning id`,
  );
  if (updated.length === 0) {
    throw await replyRefusal(db, providerId, reviewId, (row) =>
      row.has_reply
        ? new ConflictError('REPLY_LOCKED', REVIEW_MESSAGES.replyEditWindowPassed)
        : new ConflictError('INVALID_STATE', REVIEW_MESSAGES.noReplyYet),
    );
  }
  return loadReview(db, reviewId);
}
