import { MESSAGES } from '@slotwise/shared/texts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { callsTo, json, mockApi, type ApiCall } from '../../../../test/mock-api';
import { renderRoute, LAZY_ROUTE } from '../../../../test/render-route';
import { getSession, getStoredUser } from '../../../lib/session';
import { userOf, signInUser } from '../../../../test/session-user';

let api: { calls: ApiCall[] };
let logoutAnswer: () => Response;

const signInAs = (role: 'client' | 'provider') => signInUser(userOf(role));

beforeEach(() => {
  logoutAnswer = () => json(200, { message: MESSAGES.loggedOut });
  api = mockApi((call) =>
    call.method === 'POST' && call.path === '/api/auth/logout' ? logoutAnswer() : undefined,
  );
});

/** Client logout lives in the header's profile menu (docs/product.md §2). */
async function logOutThroughProfileMenu(user: ReturnType<typeof userEvent.setup>) {
  const menuButton = await waitFor(() => {
    const button = document.querySelector<HTMLElement>('button[aria-haspopup="menu"]');
    if (!button) throw new Error('profile menu not rendered yet');
    return button;
  }, LAZY_ROUTE);
  await user.click(menuButton);
  await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
}

describe('logout', () => {
  it("revokes the token, clears the session and takes a client to '/'", async () => {
    const token = signInAs('client');
    const user = userEvent.setup();
    const { router } = renderRoute('/client');
    await logOutThroughProfileMenu(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(getSession()).toBeNull());
    expect(getStoredUser()).toBeNull();
    const [call] = callsTo(api.calls, 'POST', '/api/auth/logout');
    expect(call!.headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it("takes a provider to '/login'", async () => {
    signInAs('provider');
    const user = userEvent.setup();
    const { router } = renderRoute('/dashboard/profile');
    await user.click(await screen.findByRole('button', { name: 'Logout' }, LAZY_ROUTE));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(getSession()).toBeNull());
    // Not by the guard (which would remember the page as `from`): login starts afresh.
    expect(router.state.location.state).toBeNull();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Login' }, LAZY_ROUTE),
    ).toBeInTheDocument();
  });

  it('signs out locally even when the server call fails', async () => {
    logoutAnswer = () => json(500);
    signInAs('client');
    const user = userEvent.setup();
    const { router } = renderRoute('/client/appointments');
    await logOutThroughProfileMenu(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(getSession()).toBeNull());
  });
});
