import { describe, expect, it } from 'vitest';
import {
  createReviewBodySchema,
  fillIn,
  providerAppointmentsQuerySchema,
  ratingSummary,
  REVIEW_MESSAGES,
  reviewReplyBodySchema,
  starLabel,
  STAR_LABELS,
} from './reviews-schemas';

const appointmentId = '11111111-1111-4111-8111-111111111111';

describe('trust schemas and texts', () => {
  it.each([1, 2, 3, 4, 5])('rating %i is accepted', (rating) => {
    expect(createReviewBodySchema.safeParse({ appointmentId, rating }).success).toBe(true);
  });

  it.each([0, 6, 2.5, '5', null, undefined, Number.NaN])('rating %j is refused', (rating) => {
    const result = createReviewBodySchema.safeParse({ appointmentId, rating });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(REVIEW_MESSAGES.ratingInvalid);
  });

  it('comments are trimmed, optional, and at most 2,000 characters', () => {
    expect(
      createReviewBodySchema.parse({ appointmentId, rating: 5, comment: '  hi  ' }).comment,
    ).toBe('hi');
    expect(createReviewBodySchema.parse({ appointmentId, rating: 5 }).comment).toBe('');
    expect(createReviewBodySchema.parse({ appointmentId, rating: 5, comment: null }).comment).toBe(
      '',
    );
    expect(
      createReviewBodySchema.safeParse({ appointmentId, rating: 5, comment: 'a'.repeat(2000) })
        .success,
    ).toBe(true);
    expect(
      createReviewBodySchema.safeParse({ appointmentId, rating: 5, comment: 'a'.repeat(2001) })
        .success,
    ).toBe(false);
  });

  it('a reply needs text after trimming', () => {
    expect(reviewReplyBodySchema.safeParse({ comment: '   ' }).success).toBe(false);
    expect(reviewReplyBodySchema.parse({ comment: ' ok ' }).comment).toBe('ok');
  });

  it('the status filter knows the four statuses', () => {
    for (const status of ['booked', 'completed', 'canceled', 'no_show']) {
      expect(providerAppointmentsQuerySchema.safeParse({ status }).success).toBe(true);
    }
    expect(providerAppointmentsQuerySchema.safeParse({ status: 'done' }).success).toBe(false);
  });

  it('star labels, summaries and placeholders', () => {
    expect(Object.keys(STAR_LABELS)).toEqual(['1', '2', '3', '4', '5']);
    expect(starLabel(1)).toBe('1 star, Poor');
    expect(starLabel(5)).toBe('5 stars, Excellent');
    expect(ratingSummary(4.8, 200)).toBe('4.8 (200 reviews)');
    expect(ratingSummary(5, 1)).toBe('5.0 (1 review)');
    expect(ratingSummary(null, 0)).toBe('No reviews yet');
    expect(fillIn(REVIEW_MESSAGES.howWasAppointment, { name: 'Ana Lopez' })).toBe(
      'How was your appointment with Ana Lopez?',
    );
    expect(fillIn('{a} {b}', { a: 1 })).toBe('1 {b}');
  });
});
