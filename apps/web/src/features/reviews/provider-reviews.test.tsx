import { REVIEW_MESSAGES } from '@slotwise/shared/reviews-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  makeProviderAppointment,
  makeReview,
  bookingApiForEachTest,
} from '../../../test/booking-api';
import { apiError } from '../../../test/contract';
import { expectFieldError, expectNoFieldError } from '../../../test/field-error';
import { renderRoute } from '../../../test/render-route';

const api = bookingApiForEachTest('provider');

const HOUR = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe('provider appointments: no-show and the status filter', () => {
  it("offers 'Mark as no-show' only after the start and within 72 h, and marks it", async () => {
    const started = makeProviderAppointment({
      status: 'completed',
      client_first_name: 'Sam',
      starts_at: iso(-2 * HOUR),
      ends_at: iso(-HOUR),
    });
    const tooOld = makeProviderAppointment({
      status: 'completed',
      client_first_name: 'Old',
      starts_at: iso(-80 * HOUR),
      ends_at: iso(-79 * HOUR),
    });
    const upcoming = makeProviderAppointment({
      client_first_name: 'Future',
      starts_at: iso(5 * HOUR),
      ends_at: iso(6 * HOUR),
    });
    api.providerAppointments = [upcoming, started, tooOld];
    const user = userEvent.setup();
    renderRoute('/dashboard/appointments');
    await screen.findByRole('heading', { name: 'Appointments' }, { timeout: 5000 });
    await user.click(await screen.findByText(/Past and canceled/));
    const buttons = await screen.findAllByRole('button', { name: REVIEW_MESSAGES.markNoShow });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0]!);
    const dialog = await screen.findByRole('dialog', { name: REVIEW_MESSAGES.markNoShow });
    await user.click(within(dialog).getByRole('button', { name: REVIEW_MESSAGES.markNoShow }));
    expect(await screen.findByText(REVIEW_MESSAGES.noShowMarked)).toBeInTheDocument();
    expect(
      api.calls.some(
        (call) =>
          call.method === 'PATCH' &&
          call.path === `/api/appointment/provider/no-show/${started.appointment_id}`,
      ),
    ).toBe(true);
    await waitFor(() =>
      expect(screen.queryAllByRole('button', { name: REVIEW_MESSAGES.markNoShow })).toHaveLength(0),
    );
  });

  it("'Filter by status' asks the server for one status", async () => {
    api.providerAppointments = [
      makeProviderAppointment({ status: 'canceled', client_first_name: 'Cancy' }),
      makeProviderAppointment({ status: 'booked', client_first_name: 'Booker' }),
    ];
    const user = userEvent.setup();
    renderRoute('/dashboard/appointments');
    const filter = await screen.findByLabelText(
      REVIEW_MESSAGES.filterByStatus,
      {},
      { timeout: 5000 },
    );
    await user.selectOptions(filter, 'canceled');
    const list = await screen.findByRole('list', { name: 'Canceled appointments' });
    expect(within(list).getAllByRole('article')).toHaveLength(1);
    expect(list).toHaveTextContent('Cancy');
    expect(api.calls.some((call) => call.url.includes('status=canceled'))).toBe(true);
  });
});

describe('provider dashboard: reviews and replies', () => {
  it('shows the reviews with a reply form; a reply appears and can be edited', async () => {
    api.reviews = [makeReview({ comment: 'Lovely work', client_first_name: 'Rae' })];
    const user = userEvent.setup();
    renderRoute('/dashboard');
    // The dashboard keeps the reviews behind one disclosure (docs/product.md §14.3).
    await user.click(
      await screen.findByRole('button', { name: 'Reply to 1 review' }, { timeout: 5000 }),
    );
    const reviews = await screen.findByRole('region', { name: /^Reviews/ }, { timeout: 5000 });
    await within(reviews).findByText('Lovely work');

    // An empty reply is refused with the shared message. The form's code comes after the list's.
    await user.click(
      await within(reviews).findByRole('button', { name: REVIEW_MESSAGES.submitReply }),
    );
    expect(await within(reviews).findByText(REVIEW_MESSAGES.replyRequired)).toBeInTheDocument();

    await user.type(within(reviews).getByLabelText(/^Your reply/), 'Thanks Rae!');
    await user.click(within(reviews).getByRole('button', { name: REVIEW_MESSAGES.submitReply }));
    expect(await within(reviews).findByText('Thanks Rae!')).toBeInTheDocument();
    expect(await screen.findByText(REVIEW_MESSAGES.replyPosted)).toBeInTheDocument();

    await user.click(await within(reviews).findByRole('button', { name: 'Edit reply' }));
    const field = within(reviews).getByLabelText(/^Your reply/);
    await user.clear(field);
    await user.type(field, 'Thanks again!');
    await user.click(within(reviews).getByRole('button', { name: 'Save reply' }));
    expect(await within(reviews).findByText('Thanks again!')).toBeInTheDocument();
    const edit = api.calls.find((call) => call.method === 'PATCH' && call.path.endsWith('/reply'));
    expect(edit?.body).toEqual({ comment: 'Thanks again!' });
    // Many steps of typing: room for a loaded machine (no timing is asserted).
  }, 20_000);

  it("shows the server's refusal of a reply under the reply box and keeps the text", async () => {
    api.reviews = [makeReview({ comment: 'Lovely work', client_first_name: 'Rae' })];
    api.answerNext('POST /api/reviews/:id/reply', () =>
      apiError(409, 'ALREADY_REPLIED', REVIEW_MESSAGES.alreadyReplied),
    );
    const user = userEvent.setup();
    renderRoute('/dashboard');
    // The dashboard keeps the reviews behind one disclosure (docs/product.md §14.3).
    await user.click(
      await screen.findByRole('button', { name: 'Reply to 1 review' }, { timeout: 5000 }),
    );
    const reviews = await screen.findByRole('region', { name: /^Reviews/ }, { timeout: 5000 });
    const field = await within(reviews).findByLabelText(/^Your reply/);
    expectNoFieldError(field);
    await user.type(field, 'Thanks!');
    await user.click(within(reviews).getByRole('button', { name: REVIEW_MESSAGES.submitReply }));
    await waitFor(() => expectFieldError(field, REVIEW_MESSAGES.alreadyReplied));
    expect(field).toHaveValue('Thanks!');
    expect(api.calls.filter((call) => call.path.endsWith('/reply'))).toHaveLength(1);
  });
});
