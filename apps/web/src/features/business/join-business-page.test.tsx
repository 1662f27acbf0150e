import { BUSINESS_MESSAGES, BUSINESS_TEXTS } from '@slotwise/shared/business-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingApiForEachTest, signInAs } from '../../../test/booking-api';
import { businessRoutes, emptyBusinessState } from '../../../test/business-api';
import { freshForEachTest } from '../../../test/each-test';
import { callsTo, json } from '../../../test/mock-api';
import { findHeading, LAZY_ROUTE, openRoute } from '../../../test/render-route';
import { tokenOf, userOf } from '../../../test/session-user';

/** /business/join?token=… (docs/product.md §13.1): the mailed invitation link. */

const business = freshForEachTest(emptyBusinessState);
const api = bookingApiForEachTest(undefined, undefined, (call, route) => {
  if (route === 'POST /api/auth/login') {
    const user = userOf('provider', { providerId: '11111111-1111-4111-8111-111111111111' });
    return json(200, { token: tokenOf(user), user, message: MESSAGES.loginSuccessful });
  }
  return businessRoutes(business)(call, route);
});

const JOIN = '/business/join?token=good-token';

describe('joining a business', () => {
  it('signed out: sign in first, then back on the link to join', async () => {
    business.tokens['good-token'] = 'ok';
    const { user, router } = await openRoute(JOIN, 'Login');
    expect(router.state.location.pathname).toBe('/login');

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(JOIN),
    );
    expect(await findHeading(BUSINESS_TEXTS.joinTitle)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: BUSINESS_TEXTS.joinButton })).toBeInTheDocument();
  });

  it('a provider joins: the token is sent, success and a link to their settings', async () => {
    signInAs('provider');
    business.tokens['good-token'] = 'ok';
    const { user } = await openRoute(JOIN, BUSINESS_TEXTS.joinTitle);
    await user.click(screen.getByRole('button', { name: BUSINESS_TEXTS.joinButton }));
    expect(await screen.findByText(BUSINESS_MESSAGES.invitationAccepted)).toBeInTheDocument();
    expect(screen.getByText(BUSINESS_TEXTS.memberOf('Cut & Co'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: BUSINESS_TEXTS.goToProfile })).toHaveAttribute(
      'href',
      '/dashboard/profile',
    );
    expect(callsTo(api.calls, 'POST', '/api/business/invitations/accept')[0]!.body).toEqual({
      token: 'good-token',
    });
    expect(screen.queryByRole('button', { name: BUSINESS_TEXTS.joinButton })).toBeNull();
  });

  it.each([
    ['an expired link', 'INVITATION_EXPIRED' as const, BUSINESS_MESSAGES.invitationExpired],
    ['a used link', 'INVITATION_USED' as const, BUSINESS_MESSAGES.invitationUsed],
    [
      'a provider already in a business',
      'ALREADY_IN_BUSINESS' as const,
      BUSINESS_MESSAGES.alreadyInBusiness,
    ],
    ['an unknown link', 'unknown' as const, BUSINESS_MESSAGES.invitationNotFound],
  ])('%s is explained', async (_case, outcome, message) => {
    signInAs('provider');
    business.tokens['good-token'] = outcome;
    const { user } = await openRoute(JOIN, BUSINESS_TEXTS.joinTitle);
    await user.click(screen.getByRole('button', { name: BUSINESS_TEXTS.joinButton }));
    expect(await screen.findByRole('alert', {}, LAZY_ROUTE)).toHaveTextContent(message);
    expect(screen.queryByText(BUSINESS_MESSAGES.invitationAccepted)).toBeNull();
  });

  it('a client is told that providers join businesses', async () => {
    signInAs('client');
    await openRoute(JOIN, BUSINESS_TEXTS.joinTitle);
    expect(screen.getByText(BUSINESS_TEXTS.joinProvidersOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: BUSINESS_TEXTS.joinButton })).toBeNull();
  });

  it('a link without its token says so', async () => {
    signInAs('provider');
    await openRoute('/business/join', BUSINESS_TEXTS.joinTitle);
    expect(screen.getByRole('alert')).toHaveTextContent(BUSINESS_MESSAGES.tokenRequired);
  });
});
