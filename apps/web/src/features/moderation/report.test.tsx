import { fileReportResponseSchema, MODERATION_MESSAGES } from '@slotwise/shared/moderation-schemas';
import { MODERATION_TEXTS } from '@slotwise/shared/moderation-texts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  bookingApiForEachTest,
  makeReview,
  providerForEachTest,
  routeOf,
  signInAs,
} from '../../../test/booking-api';
import { apiError, contractJson } from '../../../test/contract';
import { expectFieldError } from '../../../test/field-error';
import { callsTo, type ApiCall } from '../../../test/mock-api';
import { LAZY_ROUTE, openRoute } from '../../../test/render-route';
import { clearSession } from '../../lib/session';

/** 'Report' on a provider page and its reviews (docs/product.md §19.3, §19.6). */

function filed(call: ApiCall) {
  const body = call.body as { kind: string; targetId: string; reason: string };
  return contractJson(routeOf(call), fileReportResponseSchema, 201, {
    message: MODERATION_MESSAGES.reportFiled,
    report: {
      id: crypto.randomUUID(),
      kind: body.kind,
      target_id: body.targetId,
      reason: body.reason,
      status: 'open',
      created_at: '2030-06-14T12:00:00.000Z',
    },
  });
}

const api = bookingApiForEachTest('client', {}, (call, route) =>
  route === 'POST /api/reports' ? filed(call) : undefined,
);
const bea = providerForEachTest(api, { first_name: 'Bea', last_name: 'Stone' });

async function openPage() {
  const review = makeReview({
    provider_id: bea.listing.provider_id,
    client_first_name: 'Carl',
    client_last_initial: 'R',
    comment: 'Rude and late',
  });
  api.reviews = [review];
  const view = await openRoute(`/providers/${bea.listing.provider_id}`, () =>
    screen.findByRole('heading', { level: 1, name: 'Bea Stone' }, LAZY_ROUTE),
  );
  await screen.findByText('Rude and late');
  return { ...view, review };
}

describe('Report', () => {
  it('reports a review with the reason and shows the server thanks', async () => {
    const { user, review } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Report review by Carl R.' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: MODERATION_TEXTS.reportTitle.review }),
    );

    // Checked with the shared schema first: nothing is sent without a reason.
    await user.click(dialog.getByRole('button', { name: MODERATION_TEXTS.sendReport }));
    expectFieldError(
      dialog.getByLabelText(MODERATION_TEXTS.reasonLabel),
      MODERATION_MESSAGES.reasonRequired,
    );
    expect(callsTo(api.calls, 'POST', '/api/reports')).toEqual([]);

    await user.type(dialog.getByLabelText(MODERATION_TEXTS.reasonLabel), 'Insults the staff');
    await user.click(dialog.getByRole('button', { name: MODERATION_TEXTS.sendReport }));
    expect(await screen.findByText(MODERATION_MESSAGES.reportFiled)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(api.calls, 'POST', '/api/reports').map((call) => call.body)).toEqual([
      { kind: 'review', targetId: review.id, reason: 'Insults the staff' },
    ]);
  });

  it('reports the provider from their page', async () => {
    const { user } = await openPage();
    const header = within(screen.getByRole('region', { name: 'Bea Stone' }));
    await user.click(header.getByRole('button', { name: MODERATION_TEXTS.report }));
    const dialog = within(
      await screen.findByRole('dialog', { name: MODERATION_TEXTS.reportTitle.provider }),
    );
    await user.type(dialog.getByLabelText(MODERATION_TEXTS.reasonLabel), 'A fake listing');
    await user.click(dialog.getByRole('button', { name: MODERATION_TEXTS.sendReport }));
    expect(await screen.findByText(MODERATION_MESSAGES.reportFiled)).toBeInTheDocument();
    expect(callsTo(api.calls, 'POST', '/api/reports').map((call) => call.body)).toEqual([
      { kind: 'provider', targetId: bea.listing.provider_id, reason: 'A fake listing' },
    ]);
  });

  it('shows 409 ALREADY_REPORTED as its message and keeps the dialog open', async () => {
    api.answerNext('POST /api/reports', () =>
      apiError(409, 'ALREADY_REPORTED', MODERATION_MESSAGES.alreadyReported),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Report review by Carl R.' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText(MODERATION_TEXTS.reasonLabel), 'Again');
    await user.click(dialog.getByRole('button', { name: MODERATION_TEXTS.sendReport }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(MODERATION_MESSAGES.alreadyReported);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('is not offered to signed-out visitors', async () => {
    clearSession();
    await openPage();
    expect(screen.queryByRole('button', { name: /^Report/ })).toBeNull();
  });

  it('is not offered to a provider on their own page', async () => {
    signInAs('provider', { providerId: bea.listing.provider_id });
    await openPage();
    const header = within(screen.getByRole('region', { name: 'Bea Stone' }));
    expect(header.queryByRole('button', { name: MODERATION_TEXTS.report })).toBeNull();
    // A review about them is not their own: they may report it.
    expect(screen.getByRole('button', { name: 'Report review by Carl R.' })).toBeInTheDocument();
  });
});
