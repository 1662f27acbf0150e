import { z } from './zod';
import { msg } from './locales';
import { idParamsOf, pageLimitField, stringFields } from './common-schemas';
import { APPOINTMENT_STATUSES } from './enums';
import { appointmentsPageQueryShape } from './appointments-schemas';

/**
 * Trust (docs/decisions/045-reviews-and-ratings.md): verified reviews, provider replies, the
 * `no_show` outcome and ratings. Request schemas used by the server's routes and the web forms,
 * the answers both sides rely on, the star labels and every user-facing text of the feature.
 */

/** A review's comment and a reply: plain text, trimmed, at most this many characters. */
export const REVIEW_TEXT_MAX_LENGTH = 2000;
/** A completed appointment can be reviewed for this many days after its end. */
export const REVIEW_WINDOW_DAYS = 60;
/** A provider's reply can be edited for this many hours after it was first posted. */
export const REPLY_EDIT_WINDOW_HOURS = 24;
/** A provider can mark a booked appointment as a no-show up to this many hours after its start. */
export const NO_SHOW_WINDOW_HOURS = 72;
/** C of the Bayesian average that ranks providers: (C·m + Σ ratings) / (C + n). */
export const RATING_PRIOR_WEIGHT = 10;
export const REVIEWS_DEFAULT_LIMIT = 10;
export const REVIEWS_MAX_LIMIT = 50;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** Labels of the star radio group, by rating (1–5). */
export const STAR_LABELS = {
  1: msg('Poor'),
  2: msg('Fair'),
  3: msg('Good'),
  4: msg('Very good'),
  5: msg('Excellent'),
} as const satisfies Record<number, string>;
export type StarRating = keyof typeof STAR_LABELS;

/**
 * The accessible name of one star radio, a counted key ('{{count}} stars, {{label}}' with its
 * label translated too): the screens say `t(STAR_LABEL_KEY, { count, label: t(STAR_LABELS[n]) })`.
 */
export const STAR_LABEL_KEY = msg('{{count}} stars, {{label}}');

/** The accessible name of one star radio in English: '4 stars, Very good'. */
export function starLabel(rating: StarRating): string {
  return `${rating} ${rating === 1 ? 'star' : 'stars'}, ${STAR_LABELS[rating]}`;
}

/** Texts of ours (SPEC has none for reviews); `{{name}}` placeholders: t(…, values) or fillIn. */
export const REVIEW_MESSAGES = {
  // Notifications and live events
  titleNewReview: msg('New Review'),
  newReviewMessage: msg('{{client}} left a {{rating}}-star review of your {{service}} on {{day}}'),
  // Client side
  howWasAppointment: msg('How was your appointment with {{name}}?'),
  leaveReview: msg('Leave a review'),
  ratingLegend: msg('Your rating'),
  commentLabel: msg('Comment (optional)'),
  submitReview: msg('Submit review'),
  reviewSubmitted: msg('Thank you for your review!'),
  submitReviewFailed: msg('Failed to submit review'),
  // Public page
  reviewsHeading: msg('Reviews'),
  noReviewsYet: msg('No reviews yet'),
  loadReviewsFailed: msg('Failed to load reviews'),
  loadMoreReviews: msg('Show more reviews'),
  providerReplyLabel: msg('Reply from the provider'),
  // Provider side
  replyLabel: msg('Your reply'),
  submitReply: msg('Reply'),
  replyPosted: msg('Reply posted'),
  replyUpdated: msg('Reply updated'),
  replyFailed: msg('Failed to save reply'),
  markNoShow: msg('Mark as no-show'),
  confirmNoShow: msg(
    'Mark this appointment as a no-show? The client will not be able to review it.',
  ),
  noShowMarked: msg('Appointment marked as no-show'),
  noShowFailed: msg('Failed to mark appointment as no-show'),
  filterByStatus: msg('Filter by status'),
  // Validation
  ratingInvalid: msg('Please choose a rating from 1 to 5 stars'),
  commentTooLong: msg('Comment must be at most 2,000 characters'),
  replyRequired: msg('Please write a reply'),
  replyTooLong: msg('Reply must be at most 2,000 characters'),
  invalidAppointmentId: msg('Invalid appointment id'),
  invalidReviewId: msg('Invalid review id'),
  invalidCursor: msg('Invalid cursor'),
  invalidLimit: msg('Limit must be a whole number from 1 to 50'),
  invalidStatus: msg('Unknown appointment status'),
  // Refusals
  appointmentNotFound: msg('Appointment not found'),
  reviewNotFound: msg('Review not found'),
  notReviewable: msg('Only a completed appointment can be reviewed'),
  reviewWindowPassed: msg('Appointments can be reviewed for 60 days after they end'),
  alreadyReviewed: msg('You have already reviewed this appointment'),
  alreadyReplied: msg('You have already replied to this review'),
  noReplyYet: msg('There is no reply to edit yet'),
  replyEditWindowPassed: msg('A reply can only be edited within 24 hours'),
  noShowBeforeStart: msg('An appointment can only be marked as a no-show once it has started'),
  noShowWindowPassed: msg(
    'An appointment can only be marked as a no-show within 72 hours of its start',
  ),
  noShowNotBooked: msg('Only a booked appointment can be marked as a no-show'),
  noShowReviewed: msg('This appointment has been reviewed by the client'),
} as const;

/**
 * Fills `{{key}}` (i18next's) and `{key}` placeholders in English:
 * fillIn(REVIEW_MESSAGES.howWasAppointment, { name: 'Ana' }).
 */
export function fillIn(template: string, values: Record<string, string | number>): string {
  return template.replace(
    /\{\{\s*(\w+)\s*\}\}|\{(\w+)\}/g,
    (whole, double?: string, single?: string) => {
      const key = double ?? single ?? '';
      return key in values ? String(values[key]) : whole;
    },
  );
}

/** The counted key of ratingSummary: '{{rating}} ({{count}} reviews)'. */
export const RATING_SUMMARY_KEY = msg('{{rating}} ({{count}} reviews)');

/** '4.8 (200 reviews)', '5.0 (1 review)', 'No reviews yet'. */
export function ratingSummary(rating: number | null, reviewCount: number): string {
  if (rating === null || reviewCount === 0) return REVIEW_MESSAGES.noReviewsYet;
  return `${rating.toFixed(1)} (${reviewCount} ${reviewCount === 1 ? 'review' : 'reviews'})`;
}

// ---- Requests ----------------------------------------------------------------------------------

const ratingField = z
  .number({ error: REVIEW_MESSAGES.ratingInvalid })
  .int(REVIEW_MESSAGES.ratingInvalid)
  .min(RATING_MIN, REVIEW_MESSAGES.ratingInvalid)
  .max(RATING_MAX, REVIEW_MESSAGES.ratingInvalid);

/** POST /api/reviews; also the review form (comment optional, plain text). */
export const createReviewBodySchema = z.object({
  appointmentId: z.uuid(REVIEW_MESSAGES.invalidAppointmentId),
  rating: ratingField,
  comment: z
    .string({ error: REVIEW_MESSAGES.commentTooLong })
    .trim()
    .max(REVIEW_TEXT_MAX_LENGTH, REVIEW_MESSAGES.commentTooLong)
    .nullish()
    .transform((value) => value ?? ''),
});
export type CreateReviewBody = z.input<typeof createReviewBodySchema>;

/** POST and PATCH /api/reviews/:id/reply; also the reply form. */
export const reviewReplyBodySchema = z.object({
  comment: z
    .string({ error: REVIEW_MESSAGES.replyRequired })
    .trim()
    .min(1, REVIEW_MESSAGES.replyRequired)
    .max(REVIEW_TEXT_MAX_LENGTH, REVIEW_MESSAGES.replyTooLong),
});
export type ReviewReplyBody = z.input<typeof reviewReplyBodySchema>;

export const reviewIdParamsSchema = idParamsOf(REVIEW_MESSAGES.invalidReviewId);

/** GET /api/providers/:id/reviews?cursor=&limit= (newest first). */
export const reviewsQuerySchema = z.object({
  cursor: z.string().trim().max(200, REVIEW_MESSAGES.invalidCursor).optional(),
  limit: pageLimitField(REVIEWS_MAX_LIMIT, REVIEWS_DEFAULT_LIMIT, REVIEW_MESSAGES.invalidLimit),
});
export type ReviewsQuery = z.input<typeof reviewsQuerySchema>;

/**
 * GET /api/appointment/provider/view?status= — the status as users see it — combined with the
 * opt-in pages `?limit=&cursor=` (docs/decisions/052-paginated-appointment-lists.md).
 */
export const providerAppointmentsQuerySchema = z.object({
  status: z.enum(APPOINTMENT_STATUSES, { error: REVIEW_MESSAGES.invalidStatus }).optional(),
  ...appointmentsPageQueryShape,
});
export type ProviderAppointmentsQuery = z.input<typeof providerAppointmentsQuerySchema>;

// ---- Responses ---------------------------------------------------------------------------------

export const reviewReplySchema = z.object(stringFields('comment', 'created_at', 'updated_at'));
export type ReviewReply = z.infer<typeof reviewReplySchema>;

/** A review as anyone sees it: the client only as first name and last initial. */
export const publicReviewSchema = z.object({
  id: z.string(),
  rating: z.number(),
  ...stringFields('comment', 'client_first_name', 'client_last_initial', 'created_at'),
  reply: reviewReplySchema.nullable(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** A review as its client and its provider see it (the answers of create and reply). */
export const reviewSchema = publicReviewSchema.extend(
  stringFields('appointment_id', 'provider_id'),
);
export type Review = z.infer<typeof reviewSchema>;

export const reviewResponseSchema = z.object({ message: z.string(), review: reviewSchema });
export type ReviewResponse = z.infer<typeof reviewResponseSchema>;

export const providerReviewsResponseSchema = z.object({
  reviews: z.array(publicReviewSchema),
  nextCursor: z.string().nullable(),
  /** Mean rating, one decimal; null without reviews. */
  rating: z.number().nullable(),
  reviewCount: z.number(),
});
export type ProviderReviewsResponse = z.infer<typeof providerReviewsResponseSchema>;
