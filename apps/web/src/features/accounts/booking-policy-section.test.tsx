import {
  bookingPolicyResponseSchema,
  bookingPolicySavedResponseSchema,
  POLICY_MESSAGES,
  type BookingPolicy,
} from '@slotwise/shared/policies-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeProfile } from '../../../test/catalogue-api';
import { contractJson } from '../../../test/contract';
import { expectFieldError, expectNoFieldError } from '../../../test/field-error';
import { callsTo, json, mockApi, type ApiCall } from '../../../test/mock-api';
import { LAZY_ROUTE, renderRoute } from '../../../test/render-route';
import { signInUser, userOf } from '../../../test/session-user';

const ROUTE = '/api/provider/policy';

let api: { calls: ApiCall[] };
let policy: BookingPolicy;

beforeEach(() => {
  policy = {
    minNoticeMinutes: 120,
    maxAdvanceDays: 90,
    bufferMinutes: 0,
    maxPerDay: 8,
    cancelCutoffMinutes: 1440,
    cancellationFees: [],
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
  const section = await screen.findByRole('region', { name: 'Booking policy' }, LAZY_ROUTE);
  await within(section).findByLabelText('Minimum notice (hours)');
  return { user, section: within(section) };
}

describe('settings: booking policy', () => {
  it('shows the saved policy and, as it is typed, what clients will see', async () => {
    const { user, section } = await openPolicy();
    expect(section.getByLabelText('Minimum notice (hours)')).toHaveValue('2');
    expect(section.getByLabelText('Cancellation cut-off (hours)')).toHaveValue('24');
    expect(section.getByLabelText('Booking horizon (days)')).toHaveValue('90');
    expect(section.getByLabelText('Daily limit (appointments, empty for no limit)')).toHaveValue(
      '8',
    );
    expect(section.getByText("Clients can't book less than 2 hours ahead")).toBeInTheDocument();
    expect(section.getByText('At most 8 appointments a day')).toBeInTheDocument();

    const limit = section.getByLabelText('Daily limit (appointments, empty for no limit)');
    await user.clear(limit);
    expect(section.queryByText(/^At most/)).not.toBeInTheDocument();
    // An impossible value: no preview, and nothing is said before the form is sent.
    await user.type(section.getByLabelText('Buffer between appointments (minutes)'), '9999');
    expect(section.queryByText('What clients will see:')).not.toBeInTheDocument();
    expectNoFieldError(section.getByLabelText('Buffer between appointments (minutes)'));
  });

  it("refuses a value out of range with the rule's message and sends nothing", async () => {
    const { user, section } = await openPolicy();
    const buffer = section.getByLabelText('Buffer between appointments (minutes)');
    await user.clear(buffer);
    await user.type(buffer, '300');
    await user.click(section.getByRole('button', { name: 'Save policy' }));
    await waitFor(() => expectFieldError(buffer, POLICY_MESSAGES.bufferInvalid));
    expect(buffer).toHaveAccessibleDescription(
      `Time kept free before and after each appointment. ${POLICY_MESSAGES.bufferInvalid}`,
    );
    expectNoFieldError(section.getByLabelText('Minimum notice (hours)'));
    expect(callsTo(api.calls, 'PUT', ROUTE)).toEqual([]);
  });

  it('saves the policy as numbers, an empty daily limit as none', async () => {
    const { user, section } = await openPolicy();
    const buffer = section.getByLabelText('Buffer between appointments (minutes)');
    await user.clear(buffer);
    await user.type(buffer, '15');
    await user.clear(section.getByLabelText('Daily limit (appointments, empty for no limit)'));
    await user.click(section.getByRole('button', { name: 'Save policy' }));
    expect(await screen.findByText(POLICY_MESSAGES.saved)).toBeInTheDocument();
    expect(callsTo(api.calls, 'PUT', ROUTE).map((call) => call.body)).toEqual([
      {
        minNoticeMinutes: 120,
        maxAdvanceDays: 90,
        bufferMinutes: 15,
        maxPerDay: null,
        cancelCutoffMinutes: 1440,
        cancellationFees: [],
        noShowFeePercent: 0,
      },
    ]);
  });

  it('takes notice and cut-off in hours and sends them in minutes', async () => {
    const { user, section } = await openPolicy();
    const notice = section.getByLabelText('Minimum notice (hours)');
    const cutoff = section.getByLabelText('Cancellation cut-off (hours)');
    await user.clear(notice);
    await user.type(notice, '1.5');
    await user.clear(cutoff);
    await user.type(cutoff, '48');
    expect(section.getByText("Clients can't book less than 90 minutes ahead")).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Save policy' }));
    expect(await screen.findByText(POLICY_MESSAGES.saved)).toBeInTheDocument();
    expect(callsTo(api.calls, 'PUT', ROUTE).map((call) => call.body)).toEqual([
      {
        minNoticeMinutes: 90,
        maxAdvanceDays: 90,
        bufferMinutes: 0,
        maxPerDay: 8,
        cancelCutoffMinutes: 2880,
        cancellationFees: [],
        noShowFeePercent: 0,
      },
    ]);
  });

  it('refuses hours out of range with an hours message', async () => {
    const { user, section } = await openPolicy();
    const cutoff = section.getByLabelText('Cancellation cut-off (hours)');
    await user.clear(cutoff);
    await user.type(cutoff, '400');
    await user.click(section.getByRole('button', { name: 'Save policy' }));
    await waitFor(() => expectFieldError(cutoff, POLICY_MESSAGES.cancelCutoffHoursInvalid));
    expect(POLICY_MESSAGES.cancelCutoffHoursInvalid).toContain('from 0 to 336');
    expect(callsTo(api.calls, 'PUT', ROUTE)).toEqual([]);
  });
});
