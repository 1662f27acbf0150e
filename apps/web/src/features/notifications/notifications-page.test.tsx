import type { NotificationItem } from '@slotwise/shared/realtime';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { callsTo, json, mockApi, type ApiCall } from '../../../test/mock-api';
import { createQueryClient } from '../../app/query-client';
import { NotificationsPage } from './notifications-page';
import { expectTexts } from '../../../test/expect-texts';

let store: NotificationItem[];
let api: { calls: ApiCall[] };
let unreadMessages: number;

function item(index: number, read: boolean): NotificationItem {
  const at = new Date(Date.now() - index * 3_600_000).toISOString();
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    type: index % 3 === 0 ? 'new' : index % 3 === 1 ? 'canceled' : 'rescheduled',
    title: `Title ${index}`,
    message: `Message ${index}`,
    appointmentId: null,
    read,
    is_read: read,
    created_at: at,
    time: at,
  };
}

beforeEach(() => {
  unreadMessages = 0;
  // 25 notifications, newest first; the first three unread.
  store = Array.from({ length: 25 }, (_, index) => item(index, index >= 3));
  api = mockApi((call) => {
    if (call.method === 'GET' && call.path === '/api/notifications') {
      const params = new URL(call.url, 'http://localhost').searchParams;
      const page = Number(params.get('page'));
      const pageSize = Number(params.get('pageSize'));
      return json(200, {
        notifications: store.slice((page - 1) * pageSize, page * pageSize),
        page,
        pageSize,
        total: store.length,
      });
    }
    if (call.method === 'GET' && call.path === '/api/notifications/unread') {
      const unread = store.filter((n) => !n.read);
      return json(200, { unreadNotifications: unread, unreadCount: unread.length });
    }
    if (call.method === 'GET' && call.path === '/api/conversations/unread-count') {
      return json(200, { unread: unreadMessages });
    }
    if (call.method === 'PATCH' && call.path === '/api/notifications/mark-all-read') {
      store = store.map((n) => ({ ...n, read: true, is_read: true }));
      return json(200, { message: 'ok', updated: 3 });
    }
    const match = /^\/api\/notifications\/([^/]+)\/read$/.exec(call.path);
    if (call.method === 'PATCH' && match) {
      store = store.map((n) => (n.id === match[1] ? { ...n, read: true, is_read: true } : n));
      return json(200, { message: 'ok' });
    }
    return undefined;
  });
});

function renderPage(path = '/notifications') {
  const router = createMemoryRouter([{ path: '/notifications', element: <NotificationsPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router };
}

describe('all notifications page', () => {
  it('lists read and unread notifications, 20 a page, with the page in the URL', async () => {
    const user = userEvent.setup();
    const { router } = renderPage();
    const list = await screen.findByRole('list', { name: 'All notifications' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(20);
    expectTexts(rows[0], ['Title 0', '(unread)', 'just now']);
    expectTexts(rows[1], ['Canceled', '1 hour ago']);
    expect(rows[5]).not.toHaveTextContent('(unread)');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await screen.findByText('Page 2 of 2');
    await waitFor(() =>
      expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(5),
    );
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('reads a notification on click, and all of them with "Mark all as read"', async () => {
    const user = userEvent.setup();
    renderPage();
    const list = await screen.findByRole('list', { name: 'All notifications' });
    await user.click(within(list).getByRole('button', { name: /^Title 1 ?\(unread\)/ }));
    await waitFor(() =>
      expect(callsTo(api.calls, 'PATCH', `/api/notifications/${store[1]!.id}/read`)).toHaveLength(
        1,
      ),
    );
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')[1]).not.toHaveTextContent('(unread)'),
    );

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled(),
    );
    expect(callsTo(api.calls, 'PATCH', '/api/notifications/mark-all-read')).toHaveLength(1);
    expect(within(list).queryByText('(unread)')).not.toBeInTheDocument();
  });

  it("says 'No notifications' when there are none", async () => {
    store = [];
    renderPage();
    expect(await screen.findByText('No notifications')).toBeInTheDocument();
    // What will appear here (docs/product.md §14.4).
    expect(
      screen.getByText('Booking changes, reminders and messages will show up here.'),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('navigation', { name: 'Notification pages' }),
    ).not.toBeInTheDocument();
  });

  it("labels a stored reminder 'Reminder'", async () => {
    store = [
      { ...item(0, false), type: 'reminder', title: 'Reminder: Haircut with Ana in 2 hours' },
    ];
    renderPage();
    const list = await screen.findByRole('list', { name: 'All notifications' });
    expectTexts(within(list).getByRole('listitem'), [
      'Reminder: Haircut with Ana in 2 hours',
      'Reminder',
    ]);
  });

  it('shows unread messages as one line to /messages, and nothing without them', async () => {
    unreadMessages = 2;
    store = [];
    renderPage();
    const link = await screen.findByRole('link', { name: 'Open messages' });
    expect(link).toHaveAttribute('href', '/messages');
    expect(screen.getByText('You have 2 unread messages')).toBeInTheDocument();
  });

  it('says nothing about messages while none is unread', async () => {
    renderPage();
    await screen.findByRole('list', { name: 'All notifications' });
    await waitFor(() =>
      expect(callsTo(api.calls, 'GET', '/api/conversations/unread-count')).toHaveLength(1),
    );
    expect(screen.queryByRole('link', { name: 'Open messages' })).toBeNull();
  });
});
