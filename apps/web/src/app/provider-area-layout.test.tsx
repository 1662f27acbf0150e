import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, mockApi, type ApiCall } from '../../test/mock-api';
import { renderRoute, findHeading } from '../../test/render-route';
import { type Role } from '../lib/session';
import { makeProfile } from '../../test/catalogue-api';
import { userOf, tokenOf, signInUser } from '../../test/session-user';

let api: { calls: ApiCall[] };

/** Signs in as Pat Slots; without the stored user, only the token is there. */
function signInAs(role: Role, withStoredUser = true) {
  const user = userOf(role, { firstName: 'Pat', lastName: 'Slots', email: 'pat@example.com' });
  if (withStoredUser) signInUser(user);
  else window.localStorage.setItem('token', tokenOf(user));
}

function mockMatchMedia(matches: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

beforeEach(() => {
  api = mockApi((call) => {
    if (call.method === 'GET' && call.path === '/api/notifications/unread')
      return json(200, { unreadNotifications: [], unreadCount: 0 });
    if (call.method === 'GET' && call.path === '/api/notifications')
      return json(200, { notifications: [], page: 1, pageSize: 20, total: 0 });
    if (call.method === 'GET' && call.path === '/api/profile')
      return json(200, {
        profile: makeProfile({
          id: 'provider-1',
          firstName: 'Grace',
          first_name: 'Grace',
          lastName: 'Hopper',
          last_name: 'Hopper',
          email: 'grace@example.com',
          updatedAt: new Date().toISOString(),
        }),
      });
    return undefined;
  });
});

describe('provider area layout', () => {
  it('has the sidebar (brand, user, role, five links and Messages) and the header (title, bell, user)', async () => {
    signInAs('provider');
    renderRoute('/dashboard/analytics');
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    expect(within(sidebar).getByRole('link', { name: 'Slotwise' })).toHaveAttribute('href', '/');
    expect(within(sidebar).getByText('Pat Slots')).toBeInTheDocument();
    expect(within(sidebar).getByText('Provider')).toBeInTheDocument();
    expect(within(sidebar).getByText('PS')).toBeInTheDocument(); // initials without a picture

    const nav = within(sidebar).getByRole('navigation', { name: 'Provider' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Time Slots', '/dashboard/timeslots'],
      ['Appointments', '/dashboard/appointments'],
      ['Analytics', '/dashboard/analytics'],
      ['Earnings', '/dashboard/earnings'],
      ['Waitlist', '/dashboard/waitlist'],
      ['Messages', '/messages'],
      ['Settings', '/dashboard/profile'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Analytics' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
      'aria-current',
    );

    const header = screen.getByRole('banner');
    expect(within(header).getByText('Dashboard')).toBeInTheDocument();
    expect(
      await within(header).findByRole('button', { name: 'Notifications (0 unread)' }),
    ).toBeInTheDocument();
    expect(within(header).getByText('Pat Slots')).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('collapses and expands the sidebar beside the page on wide screens', async () => {
    signInAs('provider');
    const user = userEvent.setup();
    renderRoute('/dashboard/profile');
    const toggle = await screen.findByRole('button', { name: 'Hide navigation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const sidebar = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(sidebar).toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAccessibleName('Show navigation');
    expect(sidebar).not.toBeVisible();
  });

  it('is a closed drawer on phones that opens, takes the focus, and closes on Escape', async () => {
    mockMatchMedia(false);
    signInAs('provider');
    const user = userEvent.setup();
    const { router } = renderRoute('/dashboard/profile');
    const toggle = await screen.findByRole('button', { name: 'Show navigation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const sidebar = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(sidebar).not.toBeVisible();

    await user.click(toggle);
    expect(sidebar).toBeVisible();
    const close = within(sidebar).getByRole('button', { name: 'Close navigation' });
    await waitFor(() => expect(close).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(sidebar).not.toBeVisible();
    await waitFor(() => expect(toggle).toHaveFocus());

    // Following a link closes the drawer too.
    await user.click(toggle);
    await user.click(within(sidebar).getByRole('link', { name: 'Time Slots' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/timeslots'));
    expect(sidebar).not.toBeVisible();
  });

  it('asks GET /profile for the name when only the token survived (new tab)', async () => {
    signInAs('provider', false);
    renderRoute('/dashboard/timeslots');
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    expect(await within(sidebar).findByText('Grace Hopper')).toBeInTheDocument();
    expect(callsTo(api.calls, 'GET', '/api/profile')).toHaveLength(1);
  });
});

describe('shared routes', () => {
  it('/stats takes a provider to the analytics page', async () => {
    signInAs('provider');
    const { router } = renderRoute('/stats');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/analytics'));
    expect(await findHeading('Analytics')).toBeInTheDocument();
  });

  it('/stats sends a client home', async () => {
    signInAs('client');
    const { router } = renderRoute('/stats');
    await waitFor(() => expect(router.state.location.pathname).toBe('/client'));
  });

  it('/notifications opens in the provider frame for a provider', async () => {
    signInAs('provider');
    renderRoute('/notifications');
    expect(await findHeading('Notifications')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Provider' })).toBeInTheDocument();
  });

  it('/notifications opens in the client frame for a client, with the client bell', async () => {
    signInAs('client');
    const user = userEvent.setup();
    renderRoute('/notifications');
    expect(await findHeading('Notifications')).toBeInTheDocument();
    // The client frame: its search box and profile menu, not the provider sidebar.
    expect(screen.getByRole('combobox')).toBeInTheDocument();
    expect(document.querySelector('button[aria-haspopup="menu"]')).not.toBeNull();
    expect(screen.queryByRole('navigation', { name: /provider/i })).toBeNull();
    const bell = await screen.findByRole('button', { name: 'Notifications (0 unread)' });
    await user.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
  });
});
