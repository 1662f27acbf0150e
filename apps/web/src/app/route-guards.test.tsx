import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { epochSeconds } from '../../test/make-token';
import { renderRoute, findHeading } from '../../test/render-route';
import { clearSession } from '../lib/session';
import { userOf, tokenOf } from '../../test/session-user';

/** A token only (no stored user), valid for an hour unless `exp` says otherwise. */
function signInAs(role: 'client' | 'provider', exp = epochSeconds(3600)) {
  window.localStorage.setItem('token', tokenOf(userOf(role), exp));
}

describe('route guards', () => {
  it('sends a signed-out visitor to /login and remembers where they were going', async () => {
    const { router } = renderRoute('/client/appointments?tab=past');
    expect(await findHeading('Login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/client/appointments?tab=past' });
  });

  it.each([
    '/dashboard',
    '/dashboard/timeslots',
    '/client',
    '/client/provider/abc',
    '/messages',
    '/stats',
  ])('guards %s', async (path) => {
    const { router } = renderRoute(path);
    await findHeading('Login');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('treats an expired token as signed out', async () => {
    signInAs('provider', epochSeconds(-60));
    const { router } = renderRoute('/dashboard');
    await findHeading('Login');
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each([
    [
      'a client who opens /dashboard to /client',
      'client',
      '/dashboard/appointments',
      /^Welcome/,
      '/client',
    ],
    [
      'a provider who opens /client to /dashboard',
      'provider',
      '/client/appointments',
      'Provider Dashboard',
      '/dashboard',
    ],
  ] as const)('sends %s', async (_case, role, path, heading, landing) => {
    signInAs(role);
    const { router } = renderRoute(path);
    expect(await findHeading(heading)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(landing);
  });

  it.each([
    ['a provider into the provider area', 'provider', '/dashboard/timeslots', 'Time Slots'],
    ['any signed-in user open /messages', 'client', '/messages', 'Messages'],
  ] as const)('lets %s', async (_case, role, path, heading) => {
    signInAs(role);
    renderRoute(path);
    expect(await findHeading(heading)).toBeInTheDocument();
  });

  it('lets a client into a provider detail page', async () => {
    signInAs('client');
    renderRoute('/client/provider/123');
    expect(await screen.findByText('Loading provider details...')).toBeInTheDocument();
  });

  it('redirects to /login as soon as the session is cleared', async () => {
    signInAs('client');
    const { router } = renderRoute('/client');
    await findHeading(/^Welcome/);
    act(() => clearSession());
    await findHeading('Login');
    expect(router.state.location.state).toEqual({ from: '/client' });
  });

  it('keeps public routes public', async () => {
    for (const [path, heading] of [
      ['/register', 'Create Account'],
      ['/register-provider', 'Complete Your Provider Profile'],
      ['/email-verification', 'Verify Your Email'],
      ['/login', 'Login'],
    ] as const) {
      const { unmount } = renderRoute(path);
      expect(await findHeading(heading)).toBeInTheDocument();
      unmount();
    }
  });

  it('shows the not-found page for unknown routes', async () => {
    renderRoute('/no/such/page');
    expect(await findHeading('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  });
});
