import type { NotificationItem } from '@slotwise/shared/realtime';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, mockApi, type ApiCall } from '../../../../test/mock-api';
import { createQueryClient } from '../../../app/query-client';
import { NotificationBell } from './notification-bell';

let store: NotificationItem[];
let api: { calls: ApiCall[] };

function notification(index: number, overrides: Partial<NotificationItem> = {}): NotificationItem {
  const at = new Date(Date.now() - index * 60_000).toISOString();
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    type: 'new',
    title: `Title ${index}`,
    message: `Message ${index}`,
    appointmentId: null,
    read: false,
    is_read: false,
    created_at: at,
    time: at,
    ...overrides,
  };
}

function unreadOf(items: NotificationItem[]) {
  return items.filter((item) => !item.read);
}

beforeEach(() => {
  store = [];
  api = mockApi((call) => {
    if (call.method === 'GET' && call.path === '/api/notifications/unread') {
      const unread = unreadOf(store);
      return json(200, { unreadNotifications: unread.slice(0, 50), unreadCount: unread.length });
    }
    if (call.method === 'PATCH' && call.path === '/api/notifications/mark-all-read') {
      const updated = unreadOf(store).length;
      store = store.map((item) => ({ ...item, read: true, is_read: true }));
      return json(200, { message: 'All notifications marked as read', updated });
    }
    const match = /^\/api\/notifications\/([^/]+)\/read$/.exec(call.path);
    if (call.method === 'PATCH' && match) {
      store = store.map((item) =>
        item.id === match[1] ? { ...item, read: true, is_read: true } : item,
      );
      return json(200, { message: 'Notification marked as read' });
    }
    return undefined;
  });
});

function renderBell(markReadOn: 'close' | 'open') {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <div>
            <NotificationBell markReadOn={markReadOn} />
            <button type="button">Elsewhere</button>
          </div>
        ),
      },
      { path: '/notifications', element: <h1>All notifications</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

const bell = (count: number) =>
  screen.findByRole('button', { name: `Notifications (${count} unread)` });

describe('notification bell badge', () => {
  it('shows no badge at 0 and still names the count', async () => {
    renderBell('close');
    expect(await bell(0)).toBeInTheDocument();
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
  });

  it.each([
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [23, '9+'],
  ])('shows %i unread as %s', async (count, text) => {
    store = Array.from({ length: count }, (_, index) => notification(index));
    renderBell('close');
    const button = await bell(count);
    expect(within(button).getByTestId('notification-badge')).toHaveTextContent(
      new RegExp(`^${text.replace('+', '\\+')}$`),
    );
  });
});

describe('notification bell dropdown', () => {
  it("says 'No notifications' when there is nothing unread", async () => {
    const user = userEvent.setup();
    renderBell('close');
    await user.click(await bell(0));
    const panel = screen.getByRole('region', { name: 'Notifications (0)' });
    expect(within(panel).getByText('No notifications')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(within(panel).getByRole('link', { name: 'View all notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('lists title, message and relative time, newest first, and is wired for assistive tech', async () => {
    store = [notification(5, { title: 'Older' }), notification(1, { title: 'Newer' })];
    const user = userEvent.setup();
    renderBell('close');
    const button = await bell(2);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const panelId = button.getAttribute('aria-controls');
    expect(panelId).toBeTruthy();
    expect(document.getElementById(panelId!)).not.toBeVisible();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Notifications (2)' });
    expect(panel.id).toBe(panelId);
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.font-semibold')?.textContent)).toEqual([
      'Newer (unread)',
      'Older (unread)',
    ]);
    expect(within(items[0]!).getByText('Message 1')).toBeInTheDocument();
    expect(within(items[0]!).getByText('1 minute ago')).toBeInTheDocument();
    expect(within(items[1]!).getByText('5 minutes ago')).toBeInTheDocument();
  });

  it('closes on Escape and gives the focus back to the bell', async () => {
    const user = userEvent.setup();
    renderBell('close');
    const button = await bell(0);
    await user.click(button);
    await user.tab(); // into the dropdown
    expect(button).not.toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('opens and closes from the keyboard', async () => {
    const user = userEvent.setup();
    renderBell('close');
    const button = await bell(0);
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('follows "View all notifications" and closes', async () => {
    const user = userEvent.setup();
    const { router } = renderBell('open');
    await user.click(await bell(0));
    await user.click(screen.getByRole('link', { name: 'View all notifications' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications'));
  });
});

describe('notification read semantics (docs/product.md §4)', () => {
  it('provider: nothing is read on opening; closing the dropdown reads what was shown', async () => {
    store = [notification(1), notification(2)];
    const user = userEvent.setup();
    renderBell('close');
    const button = await bell(2);
    await user.click(button);
    expect(screen.getByRole('region', { name: 'Notifications (2)' })).toBeVisible();
    expect(api.calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);

    await user.click(button); // close
    await bell(0);
    expect(callsTo(api.calls, 'PATCH', '/api/notifications/mark-all-read')).toHaveLength(1);
    expect(unreadOf(store)).toHaveLength(0);
  });

  it('provider: clicking outside closes and reads too', async () => {
    store = [notification(1)];
    const user = userEvent.setup();
    renderBell('close');
    await user.click(await bell(1));
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await bell(0);
    expect(callsTo(api.calls, 'PATCH', '/api/notifications/mark-all-read')).toHaveLength(1);
  });

  it('provider: with more unread than listed, closing reads exactly the listed ones', async () => {
    store = Array.from({ length: 52 }, (_, index) => notification(index));
    const user = userEvent.setup();
    renderBell('close');
    const button = await bell(52);
    await user.click(button);
    await user.click(button);
    await bell(2);
    expect(callsTo(api.calls, 'PATCH', '/api/notifications/mark-all-read')).toHaveLength(0);
    const single = api.calls.filter(
      (call) => call.method === 'PATCH' && call.path.endsWith('/read'),
    );
    expect(single).toHaveLength(50);
    expect(unreadOf(store).map((item) => item.id)).toEqual([store[50]!.id, store[51]!.id]);
  });

  it('client: opening the dropdown reads everything shown, which stays listed until closed', async () => {
    store = [notification(1, { title: 'New Appointment' }), notification(2)];
    const user = userEvent.setup();
    renderBell('open');
    const button = await bell(2);
    await user.click(button);
    await bell(0);
    expect(callsTo(api.calls, 'PATCH', '/api/notifications/mark-all-read')).toHaveLength(1);
    expect(unreadOf(store)).toHaveLength(0);
    const panel = screen.getByRole('region', { name: 'Notifications (0)' });
    expect(within(panel).getByText('New Appointment')).toBeInTheDocument();
    expect(within(panel).queryByText('No notifications')).not.toBeInTheDocument();

    // Closing reads nothing more; reopening shows the list is empty now.
    await user.click(button);
    await user.click(button);
    expect(within(panel).getByText('No notifications')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
  });

  it('clicking a notification reads it (and only it), which stays listed', async () => {
    store = [notification(1, { title: 'First' }), notification(2, { title: 'Second' })];
    const user = userEvent.setup();
    renderBell('close');
    const button = await bell(2);
    await user.click(button);
    const panel = screen.getByRole('region', { name: 'Notifications (2)' });
    await user.click(within(panel).getByRole('button', { name: /^First ?\(unread\)/ }));
    await waitFor(() => expect(button).toHaveAccessibleName('Notifications (1 unread)'));
    expect(callsTo(api.calls, 'PATCH', `/api/notifications/${store[0]!.id}/read`)).toHaveLength(1);
    expect(unreadOf(store).map((item) => item.title)).toEqual(['Second']);
    expect(within(panel).getByRole('button', { name: /^First Message 1/ })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: /^Second ?\(unread\)/ })).toBeInTheDocument();
  });

  it("'Mark all as read' reads everything at once", async () => {
    store = [notification(1), notification(2), notification(3)];
    const user = userEvent.setup();
    renderBell('close');
    await user.click(await bell(3));
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await bell(0);
    expect(screen.getByRole('heading', { name: 'Notifications (0)' })).toBeInTheDocument();
    expect(callsTo(api.calls, 'PATCH', '/api/notifications/mark-all-read')).toHaveLength(1);
    expect(unreadOf(store)).toHaveLength(0);
  });

  it('puts the count back when marking read fails (the failure is logged only)', async () => {
    store = [notification(1)];
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderBell('close');
    await user.click(await bell(1));
    vi.mocked(fetch).mockImplementationOnce(async () => json(500, { message: 'Boom' }));
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await bell(1);
    expect(error).toHaveBeenCalledWith('[api]', 'Boom');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    error.mockRestore();
  });
});
