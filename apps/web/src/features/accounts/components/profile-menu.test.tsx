import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingApiForEachTest } from '../../../../test/booking-api';
import { json } from '../../../../test/mock-api';
import { openRoute, LAZY_ROUTE } from '../../../../test/render-route';
import { getSession } from '../../../lib/session';

const api = bookingApiForEachTest('client', {
  firstName: 'Cleo',
  lastName: 'Client',
  profileImageUrl: '/uploads/cleo',
});

/** The client area, once the profile menu button is there (`found`). */
const openPage = (path = '/client') =>
  openRoute(path, () => screen.findByRole('button', { name: 'Cleo Client' }, LAZY_ROUTE));

describe('client profile menu', () => {
  it("is a menu button showing the user's picture and name", async () => {
    const { found: button } = await openPage();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // The picture is decorative next to the name.
    expect(button.querySelector('img')).toHaveAttribute('src', '/uploads/cleo');
    expect(button.querySelector('img')).toHaveAttribute('alt', '');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens on click with Appointments, Waitlist, Account and Logout; focus on the first item', async () => {
    const { user, found: button } = await openPage();
    await user.click(button);
    const menu = screen.getByRole('menu', { name: 'Cleo Client' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Appointments',
      'Waitlist',
      'Account',
      'Logout',
    ]);
    expect(items[1]).toHaveAttribute('href', '/waitlist');
    expect(items[2]).toHaveAccessibleName('Account');
    expect(items[2]).toHaveAttribute('href', '/client/account');
    expect(items[0]).toHaveFocus();
  });

  it('moves with the arrow keys, Home and End; Escape closes and returns focus', async () => {
    const { user, found: button } = await openPage();
    button.focus();
    await user.keyboard('{ArrowDown}');
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(items[0]).toHaveFocus(); // wraps around
    await user.keyboard('{ArrowUp}');
    expect(items[3]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{End}');
    expect(items[3]).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('ArrowUp on the button opens the menu on its last item', async () => {
    const { user, found: button } = await openPage();
    button.focus();
    await user.keyboard('{ArrowUp}');
    expect(
      within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Logout' }),
    ).toHaveFocus();
  });

  it('closes on a click elsewhere', async () => {
    const { user, found: button } = await openPage();
    await user.click(button);
    await user.click(screen.getByRole('main'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it("'Appointments' goes to /client/appointments and closes the menu", async () => {
    const { user, found: button, router } = await openPage();
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Appointments' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/client/appointments'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it("'Logout' signs out on the server and goes to '/'", async () => {
    api.answerNext('POST /api/auth/logout', () => json(200, { message: 'Logged out' }));
    const { user, found: button, router } = await openPage();
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(
      api.calls.some((call) => call.method === 'POST' && call.path === '/api/auth/logout'),
    ).toBe(true);
    await waitFor(() => expect(getSession()).toBeNull());
  });
});
