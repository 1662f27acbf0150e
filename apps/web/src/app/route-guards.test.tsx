import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { epochSeconds, makeToken } from '../../test/make-token';
import { renderRoute } from '../../test/render-route';
import { clearSession } from '../lib/session';

function signInAs(role: 'client' | 'provider', exp = epochSeconds(3600)) {
  const token = makeToken({
    userId: `${role}-1`,
    role,
    providerId: role === 'provider' ? 'provider-1' : null,
    exp,
  });
  window.localStorage.setItem('token', token);
}

describe('route guards', () => {
  it('sends a signed-out visitor to /login and remembers where they were going', async () => {
    const { router } = renderRoute('/client/appointments?tab=past');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
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
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('treats an expired token as signed out', async () => {
    signInAs('provider', epochSeconds(-60));
    const { router } = renderRoute('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a client who opens /dashboard to /client', async () => {
    signInAs('client');
    const { router } = renderRoute('/dashboard/appointments');
    expect(await screen.findByRole('heading', { level: 1, name: /^Welcome/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/client');
  });

  it('sends a provider who opens /client to /dashboard', async () => {
    signInAs('provider');
    const { router } = renderRoute('/client/appointments');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Provider Dashboard' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('lets a provider into the provider area', async () => {
    signInAs('provider');
    renderRoute('/dashboard/timeslots');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Time Slots' }),
    ).toBeInTheDocument();
  });

  it('lets a client into a provider detail page', async () => {
    signInAs('client');
    renderRoute('/client/provider/123');
    expect(await screen.findByText('Loading provider details...')).toBeInTheDocument();
  });

  it('lets any signed-in user open /messages', async () => {
    signInAs('client');
    renderRoute('/messages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
  });

  it('redirects to /login as soon as the session is cleared', async () => {
    signInAs('client');
    const { router } = renderRoute('/client');
    await screen.findByRole('heading', { level: 1, name: /^Welcome/ });
    act(() => clearSession());
    await screen.findByRole('heading', { level: 1, name: 'Login' });
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
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      unmount();
    }
  });

  it('shows the not-found page for unknown routes', async () => {
    renderRoute('/no/such/page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  });
});
