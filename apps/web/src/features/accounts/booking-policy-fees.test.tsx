import {
  bookingPolicyResponseSchema,
  bookingPolicySavedResponseSchema,
  POLICY_MESSAGES,
  type BookingPolicy,
} from '@slotwise/shared/policies-schemas';
import { PAYMENT_MESSAGES } from '@slotwise/shared/payments-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeProfile } from '../../../test/catalogue-api';
import { contractJson } from '../../../test/contract';
import { expectFieldError } from '../../../test/field-error';
import { callsTo, json, mockApi, type ApiCall } from '../../../test/mock-api';
import { LAZY_ROUTE, renderRoute } from '../../../test/render-route';
import { signInUser, userOf } from '../../../test/session-user';

// Cancellation fee tiers and the no-show fee in the policy form (docs/product.md §16).
const ROUTE = '/api/provider/policy';

let api: { calls: ApiCall[] };
let policy: BookingPolicy;

beforeEach(() => {
  policy = {
    minNoticeMinutes: 0,
    maxAdvanceDays: 30,
    bufferMinutes: 0,
    maxPerDay: null,
    cancelCutoffMinutes: 0,
    cancellationFees: [{ hoursBefore: 24, percent: 50 }],
    noShowFeePercent: 0,
  };
  api = mockApi((call) => {
    if (call.method === 'GET' && call.path === '/api/profile') {
      return json(200, { profile: makeProfile() });
    }
    if (call.method === 'GET' && call.path === ROUTE) {
      return contractJson(`GET ${ROUTE}`, bookingPolicyResponseSchema, 200, { policy });
    }
    if (call.method === 'PUT' && call.path === ROUTE) {
      policy = call.body as BookingPolicy;
      return contractJson(`PUT ${ROUTE}`, bookingPolicySavedResponseSchema, 200, {
        message: POLICY_MESSAGES.saved,
        policy,
      });
    }
    return undefined;
  });
  signInUser(userOf('provider'));
});

async function openPolicy() {
  const user = userEvent.setup();
  renderRoute('/dashboard/profile');
  const region = await screen.findByRole('region', { name: 'Booking policy' }, LAZY_ROUTE);
  await within(region).findByLabelText('Tier 1: hours before');
  return { user, section: within(region) };
}

describe('settings: cancellation and no-show fees', () => {
  it('previews the tiers in plain language as they are typed', async () => {
    const { user, section } = await openPolicy();
    const fees = () => within(section.getByRole('list', { name: 'Fees' }));
    expect(fees().getByText('Cancel 24 h or more before: 50 % of the price')).toBeInTheDocument();
    expect(fees().getByText('Cancel less than 24 h before: free')).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Add fee tier' }));
    await user.type(section.getByLabelText('Tier 2: hours before'), '0');
    await user.type(section.getByLabelText('Tier 2: percent'), '100');
    const noShow = section.getByLabelText('No-show fee (percent of the price)');
    await user.clear(noShow);
    await user.type(noShow, '80');
    expect(
      fees()
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Cancel 24 h or more before: 50 % of the price',
      'Cancel less than 24 h before: 100 % of the price',
      'No-show: 80 % of the price',
    ]);

    await user.click(section.getByRole('button', { name: 'Remove tier 1' }));
    expect(
      fees()
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Cancel 0 h or more before: 100 % of the price', 'No-show: 80 % of the price']);
  });

  it('saves the tiers and the no-show fee as numbers', async () => {
    const { user, section } = await openPolicy();
    await user.click(section.getByRole('button', { name: 'Add fee tier' }));
    await user.type(section.getByLabelText('Tier 2: hours before'), '48');
    await user.type(section.getByLabelText('Tier 2: percent'), '0');
    const noShow = section.getByLabelText('No-show fee (percent of the price)');
    await user.clear(noShow);
    await user.type(noShow, '100');
    await user.click(section.getByRole('button', { name: 'Save policy' }));
    expect(await screen.findByText(POLICY_MESSAGES.saved)).toBeInTheDocument();
    expect(callsTo(api.calls, 'PUT', ROUTE).map((call) => call.body)).toEqual([
      {
        minNoticeMinutes: 0,
        maxAdvanceDays: 30,
        bufferMinutes: 0,
        maxPerDay: null,
        cancelCutoffMinutes: 0,
        cancellationFees: [
          { hoursBefore: 24, percent: 50 },
          { hoursBefore: 48, percent: 0 },
        ],
        noShowFeePercent: 100,
      },
    ]);
  });

  it("refuses a percent over 100 and repeated hours with the shared rules' messages", async () => {
    const { user, section } = await openPolicy();
    const percent = section.getByLabelText('Tier 1: percent');
    await user.clear(percent);
    await user.type(percent, '150');
    await user.click(section.getByRole('button', { name: 'Save policy' }));

    await waitFor(() => expectFieldError(percent, PAYMENT_MESSAGES.feePercentInvalid));
    expect(section.queryByRole('list', { name: 'Fees' })).not.toBeInTheDocument();

    await user.clear(percent);
    await user.type(percent, '50');
    await user.click(section.getByRole('button', { name: 'Add fee tier' }));
    await user.type(section.getByLabelText('Tier 2: hours before'), '24');
    await user.type(section.getByLabelText('Tier 2: percent'), '10');
    await user.click(section.getByRole('button', { name: 'Save policy' }));
    expect(await section.findByText(PAYMENT_MESSAGES.feeTiersRepeated)).toBeInTheDocument();
    expect(callsTo(api.calls, 'PUT', ROUTE)).toEqual([]);
  });

  it('offers no more than five tiers', async () => {
    const { user, section } = await openPolicy();
    for (let i = 0; i < 4; i += 1) {
      await user.click(section.getByRole('button', { name: 'Add fee tier' }));
    }
    expect(section.getByLabelText('Tier 5: hours before')).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Add fee tier' })).not.toBeInTheDocument();
  });
});
