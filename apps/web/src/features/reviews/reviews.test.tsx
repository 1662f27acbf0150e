import { REVIEW_MESSAGES } from '@slotwise/shared/reviews-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  makeClientAppointment,
  makeProvider,
  makeReview,
  PROVIDER_ID,
  signInAs,
  bookingApiForEachTest,
} from '../../../test/booking-api';
import { apiError } from '../../../test/contract';
import { renderRoute, openRoute } from '../../../test/render-route';

const api = bookingApiForEachTest();

const PROMPT = 'How was your appointment with Ana Lopez?';

async function openClientHome() {
  signInAs('client');
  const { user } = await openRoute('/client');
  return user;
}

describe('client home: the review prompt and dialog', () => {
  it('asks only about completed, unreviewed appointments', async () => {
    api.clientAppointments = [
      makeClientAppointment({ status: 'completed', reviewed: false }),
      makeClientAppointment({ status: 'completed', reviewed: true, provider_first_name: 'Bo' }),
      makeClientAppointment({ status: 'booked', reviewed: false, provider_first_name: 'Cy' }),
      makeClientAppointment({ status: 'no_show', reviewed: false, provider_first_name: 'Di' }),
    ];
    await openClientHome();
    expect(await screen.findByText(PROMPT)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: REVIEW_MESSAGES.leaveReview })).toHaveLength(1);
    expect(screen.queryByText(/appointment with (Bo|Cy|Di) /)).not.toBeInTheDocument();
  });

  it('reviews with the keyboard: a labelled radio group, arrows choose, the counter counts', async () => {
    const appointment = makeClientAppointment({ status: 'completed', reviewed: false });
    api.clientAppointments = [appointment];
    const user = await openClientHome();
    await user.click(await screen.findByRole('button', { name: REVIEW_MESSAGES.leaveReview }));
    const dialog = await screen.findByRole('dialog', { name: PROMPT });
    const group = within(dialog).getByRole('group', { name: REVIEW_MESSAGES.ratingLegend });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('aria-label'))).toEqual([
      '1 star, Poor',
      '2 stars, Fair',
      '3 stars, Good',
      '4 stars, Very good',
      '5 stars, Excellent',
    ]);

    // No rating yet: the form says so and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: REVIEW_MESSAGES.submitReview }));
    expect(await within(dialog).findByText(REVIEW_MESSAGES.ratingInvalid)).toBeInTheDocument();
    expect(api.calls.some((call) => call.path === '/api/reviews')).toBe(false);

    // Keyboard: focus the first star, arrows move the choice.
    radios[0]!.focus();
    await user.keyboard(' ');
    expect(radios[0]).toBeChecked();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(within(group).getByRole('radio', { name: '4 stars, Very good' })).toBeChecked();

    const comment = within(dialog).getByLabelText(REVIEW_MESSAGES.commentLabel);
    await user.type(comment, 'Fixed the <b>leak</b>');
    expect(within(dialog).getByText('21 / 2,000 characters')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: REVIEW_MESSAGES.submitReview }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = api.calls.find((call) => call.method === 'POST' && call.path === '/api/reviews');
    expect(post?.body).toEqual({
      appointmentId: appointment.appointment_id,
      rating: 4,
      comment: 'Fixed the <b>leak</b>',
    });
    expect(await screen.findByText(REVIEW_MESSAGES.reviewSubmitted)).toBeInTheDocument();
    // The list is refetched: the appointment is reviewed, the prompt is gone.
    await waitFor(() => expect(screen.queryByText(PROMPT)).not.toBeInTheDocument());
  });

  it('refuses a comment over 2,000 characters with the shared message', async () => {
    api.clientAppointments = [makeClientAppointment({ status: 'completed', reviewed: false })];
    const user = await openClientHome();
    await user.click(await screen.findByRole('button', { name: REVIEW_MESSAGES.leaveReview }));
    const dialog = await screen.findByRole('dialog', { name: PROMPT });
    await user.click(within(dialog).getByRole('radio', { name: '5 stars, Excellent' }));
    const comment = within(dialog).getByLabelText(REVIEW_MESSAGES.commentLabel);
    await user.click(comment);
    await user.paste('x'.repeat(2001));
    await user.click(within(dialog).getByRole('button', { name: REVIEW_MESSAGES.submitReview }));
    expect(await within(dialog).findByText(REVIEW_MESSAGES.commentTooLong)).toBeInTheDocument();
    expect(comment).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((call) => call.path === '/api/reviews')).toBe(false);
  });

  it("keeps the dialog open with the server's refusal, which the next try clears", async () => {
    api.clientAppointments = [makeClientAppointment({ status: 'completed', reviewed: false })];
    api.answerNext('POST /api/reviews', () =>
      apiError(409, 'ALREADY_REVIEWED', REVIEW_MESSAGES.alreadyReviewed),
    );
    const user = await openClientHome();
    await user.click(await screen.findByRole('button', { name: REVIEW_MESSAGES.leaveReview }));
    const dialog = await screen.findByRole('dialog', { name: PROMPT });
    await user.click(within(dialog).getByRole('radio', { name: '3 stars, Good' }));
    const submit = within(dialog).getByRole('button', { name: REVIEW_MESSAGES.submitReview });
    await user.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      REVIEW_MESSAGES.alreadyReviewed,
    );

    await user.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posts = api.calls.filter(
      (call) => call.method === 'POST' && call.path === '/api/reviews',
    );
    expect(posts.map((call) => call.body)).toEqual([
      expect.objectContaining({ rating: 3, comment: '' }),
      expect.objectContaining({ rating: 3, comment: '' }),
    ]);
  });

  it("the appointments list offers 'Leave a review' on completed, unreviewed cards only", async () => {
    api.clientAppointments = [
      makeClientAppointment({ status: 'completed', reviewed: false }),
      makeClientAppointment({ status: 'completed', reviewed: true }),
    ];
    signInAs('client');
    const user = userEvent.setup();
    // Completed visits are on the Past tab (docs/product.md §14.4).
    renderRoute('/client/appointments?tab=past');
    const buttons = await screen.findAllByRole(
      'button',
      { name: REVIEW_MESSAGES.leaveReview },
      { timeout: 5000 },
    );
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0]!);
    expect(await screen.findByRole('dialog', { name: PROMPT })).toBeInTheDocument();
  });
});

describe('provider page: stars and reviews', () => {
  it("shows '4.5 out of 5, 3 reviews', the reviews newest first with replies, and loads more", async () => {
    const record = makeProvider({ provider_id: PROVIDER_ID, rating: 4.5, review_count: 3 });
    api.providers = [record];
    api.reviews = [
      makeReview({ comment: 'Newest', rating: 5, created_at: '2030-06-03T10:00:00.000Z' }),
      makeReview({
        comment: 'Middle',
        rating: 4,
        created_at: '2030-06-02T10:00:00.000Z',
        reply: {
          comment: 'Thanks!',
          created_at: '2030-06-02T12:00:00.000Z',
          updated_at: '2030-06-02T12:00:00.000Z',
        },
      }),
      makeReview({ comment: 'Oldest', rating: 4, created_at: '2030-06-01T10:00:00.000Z' }),
    ];
    signInAs('client');
    const user = userEvent.setup();
    renderRoute(`/client/provider/${PROVIDER_ID}`);
    expect(
      await screen.findByRole('img', { name: '4.5 out of 5, 3 reviews' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const reviews = await screen.findByRole('region', { name: /^Reviews/ });
    const list = await within(reviews).findByRole('list');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const texts = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(texts[0]).toContain('Newest');
    expect(texts[1]).toContain('Middle');
    expect(texts[1]).toContain(REVIEW_MESSAGES.providerReplyLabel);
    expect(texts[1]).toContain('Thanks!');
    expect(within(list).getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();

    await user.click(
      within(reviews).getByRole('button', { name: REVIEW_MESSAGES.loadMoreReviews }),
    );
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getAllByRole('listitem')[2]?.textContent).toContain('Oldest');
    expect(
      within(reviews).queryByRole('button', { name: REVIEW_MESSAGES.loadMoreReviews }),
    ).not.toBeInTheDocument();
  });

  it("says 'No reviews yet' for a provider without reviews", async () => {
    api.providers = [makeProvider({ provider_id: PROVIDER_ID })];
    signInAs('client');
    renderRoute(`/client/provider/${PROVIDER_ID}`);
    const reviews = await screen.findByRole('region', { name: /^Reviews/ }, { timeout: 5000 });
    expect(await within(reviews).findByText(REVIEW_MESSAGES.noReviewsYet)).toBeInTheDocument();
  });
});
