import { REVIEW_MESSAGES } from '@slotwise/shared/reviews-schemas';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingApiForEachTest, makeClientAppointment } from '../../../test/booking-api';
import { openRoute } from '../../../test/render-route';

const api = bookingApiForEachTest('client');

describe('client home: the review prompts collapse into one (docs/product.md §14.4)', () => {
  it("shows 'Rate 3 past visits' as one line that expands to the three", async () => {
    api.clientAppointments = ['Ana', 'Bo', 'Cy'].map((name, i) =>
      makeClientAppointment({
        status: 'completed',
        reviewed: false,
        provider_first_name: name,
        day: `2020-01-0${i + 1}`,
      }),
    );
    const { user } = await openRoute('/client');
    const section = await screen.findByRole('region', { name: 'Reviews to write' });
    expect(within(section).getByText('Rate 3 past visits')).toBeInTheDocument();
    // Collapsed: no stack of prompts, no review buttons.
    expect(within(section).queryAllByRole('button', { name: REVIEW_MESSAGES.leaveReview })).toEqual(
      [],
    );
    const toggle = within(section).getByRole('button', { name: 'Show visits to rate' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(section).getAllByRole('button', { name: REVIEW_MESSAGES.leaveReview }),
    ).toHaveLength(3);
    expect(within(section).getByText('How was your appointment with Bo Lopez?')).toBeVisible();

    await user.click(within(section).getByRole('button', { name: 'Hide visits to rate' }));
    expect(within(section).queryAllByRole('button', { name: REVIEW_MESSAGES.leaveReview })).toEqual(
      [],
    );
  });

  it('asks directly when there is one visit to rate', async () => {
    api.clientAppointments = [makeClientAppointment({ status: 'completed', reviewed: false })];
    await openRoute('/client');
    const section = await screen.findByRole('region', { name: 'Reviews to write' });
    expect(within(section).queryByText(/^Rate \d/)).toBeNull();
    expect(
      within(section).getByRole('button', { name: REVIEW_MESSAGES.leaveReview }),
    ).toBeInTheDocument();
  });
});
