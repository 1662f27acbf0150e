import type { SessionUser } from '@slotwise/shared/accounts-types';
import type { AvailableSlotsResponse } from '@slotwise/shared/discovery-schemas';
import type { NotificationItem } from '@slotwise/shared/realtime';
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, json, mockApi, type ApiCall } from '../../test/mock-api';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { queryKeys } from '../lib/query-keys';
import { clearSession, saveSession, type Session } from '../lib/session';
import { createSocket } from '../lib/socket';
import { useSlotAvailability } from '../lib/realtime-context';
import { createQueryClient } from './query-client';
import { RealtimeProvider } from './realtime-provider';
import { userOf, tokenOf, signInUser } from '../../test/session-user';

/** A stand-in for a socket.io socket: handlers by event, emits recorded, server events injected. */
class FakeSocket {
  connected = true;
  active = true;
  handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  emitted: unknown[][] = [];
  disconnect = vi.fn(() => {
    this.connected = false;
    this.active = false;
    return this;
  });
  connect = vi.fn(() => this);

  on(event: string, handler: (...args: unknown[]) => void) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }
  off(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  emit(...args: unknown[]) {
    this.emitted.push(args);
    return this;
  }
  /** The server sends `event`. */
  receive(event: string, ...args: unknown[]) {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(...args);
  }
  listenerCount(event: string) {
    return this.handlers.get(event)?.size ?? 0;
  }
}

vi.mock('../lib/socket', () => ({ createSocket: vi.fn() }));

let sockets: FakeSocket[];
let store: NotificationItem[];
let api: { calls: ApiCall[] };
let holdUnread: Promise<void> | null;

/** Pat Slots, the provider of these tests. */
const pat = (overrides: Partial<SessionUser> = {}) =>
  userOf('provider', {
    id: 'provider-user-1',
    firstName: 'Pat',
    lastName: 'Slots',
    email: 'pat@example.com',
    ...overrides,
  });

const signIn = (userId = 'provider-user-1') => signInUser(pat({ id: userId }));

function stored(title: string, message: string): NotificationItem {
  const at = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    type: 'new',
    title,
    message,
    appointmentId: 'appointment-1',
    read: false,
    is_read: false,
    created_at: at,
    time: at,
  };
}

beforeEach(() => {
  sockets = [];
  store = [];
  holdUnread = null;
  vi.mocked(createSocket).mockImplementation(() => {
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket as unknown as ReturnType<typeof createSocket>;
  });
  api = mockApi((call) => {
    if (call.method === 'GET' && call.path === '/api/notifications/unread') {
      const answer = () => {
        const unread = store.filter((item) => !item.read);
        return json(200, { unreadNotifications: unread, unreadCount: unread.length });
      };
      // Read the store once the held answer is released, as the server would then.
      return holdUnread ? holdUnread.then(answer) : answer();
    }
    if (call.method === 'GET' && call.path === '/api/stats') {
      return json(200, { stats: {} });
    }
    return undefined;
  });
});

afterEach(() => {
  vi.mocked(createSocket).mockReset();
});

function renderWithRealtime(children: React.ReactNode, queryClient = createQueryClient()) {
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <RealtimeProvider>{children}</RealtimeProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

describe('RealtimeProvider: the socket of the session', () => {
  it('opens no socket while signed out', () => {
    renderWithRealtime(null);
    expect(createSocket).not.toHaveBeenCalled();
  });

  it('opens one socket with the session (token, userId, providerId) and closes it on sign-out', () => {
    const token = signIn();
    renderWithRealtime(null);
    expect(createSocket).toHaveBeenCalledTimes(1);
    expect(vi.mocked(createSocket).mock.calls[0]![0]).toMatchObject<Partial<Session>>({
      token,
      userId: 'provider-user-1',
      providerId: 'provider-1',
    });
    act(() => clearSession());
    expect(sockets[0]!.disconnect).toHaveBeenCalled();
    expect(createSocket).toHaveBeenCalledTimes(1);
  });

  it('reconnects with the new token after another sign-in, and closes when unmounted', () => {
    signIn('user-a');
    const { unmount } = renderWithRealtime(null);
    const cleo = userOf('client', {
      id: 'user-b',
      firstName: 'Cleo',
      lastName: 'Client',
      email: 'cleo@example.com',
    });
    const second = tokenOf(cleo);
    act(() => saveSession(second, cleo));
    expect(sockets).toHaveLength(2);
    expect(sockets[0]!.disconnect).toHaveBeenCalled();
    expect(vi.mocked(createSocket).mock.calls[1]![0].token).toBe(second);
    unmount();
    expect(sockets[1]!.disconnect).toHaveBeenCalled();
  });

  it('keeps the socket when only the stored user changes (e.g. a profile update)', () => {
    const token = signIn();
    renderWithRealtime(null);
    act(() => saveSession(token, pat({ firstName: 'Patricia' })));
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.disconnect).not.toHaveBeenCalled();
  });

  it('connects again when the server closed the connection', () => {
    vi.useFakeTimers();
    try {
      signIn();
      renderWithRealtime(null);
      act(() => sockets[0]!.receive('disconnect', 'io server disconnect'));
      act(() => vi.advanceTimersByTime(1_000));
      expect(sockets[0]!.connect).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('RealtimeProvider: live events', () => {
  it('new_appointment raises the bell by one at once, on top, then settles on the stored copy', async () => {
    store = [stored('Older', 'An older notification')];
    signIn();
    const user = userEvent.setup();
    const { queryClient } = renderWithRealtime(<NotificationBell markReadOn="close" />);
    const bell = await screen.findByRole('button', { name: 'Notifications (1 unread)' });

    // The server stores the notification, then emits; hold its refetch to see the instant insert.
    const hold = deferred<void>();
    holdUnread = hold.promise;
    store = [stored('New Appointment', 'Cleo booked Barber on Mar 10 at 09:00'), ...store];
    const unreadFetches = () =>
      api.calls.filter((call) => call.path === '/api/notifications/unread').length;
    const before = unreadFetches();
    act(() =>
      sockets[0]!.receive('new_appointment', {
        message: 'Cleo booked Barber on Mar 10 at 09:00',
        appointmentId: 'appointment-1',
      }),
    );
    // Up by one while the server's answer is still held back.
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications (2 unread)'));
    await waitFor(() => expect(unreadFetches()).toBe(before + 1));

    await user.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications (2)' });
    const items = within(panel).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('New Appointment');
    expect(items[0]).toHaveTextContent('Cleo booked Barber on Mar 10 at 09:00');
    expect(items[1]).toHaveTextContent('Older');

    hold.resolve();
    holdUnread = null;
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    // The stand-in was replaced by the stored copy, not added to it.
    const cached = queryClient.getQueryData<{ unreadNotifications: NotificationItem[] }>(
      queryKeys.unreadNotifications,
    )!;
    expect(cached.unreadNotifications.map((item) => item.id)).toEqual(store.map((item) => item.id));
    expect(bell).toHaveAccessibleName('Notifications (2 unread)');
    expect(within(panel).getAllByRole('listitem')).toHaveLength(2);
  });

  it('refreshes notifications, appointments, stats, analytics and slots through their keys', async () => {
    signIn();
    const queryClient = createQueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    renderWithRealtime(null, queryClient);
    act(() =>
      sockets[0]!.receive('appointment_rescheduled', {
        message: 'Cleo moved her appointment',
        by: 'client',
        appointmentId: 'appointment-1',
      }),
    );
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual(
      expect.arrayContaining([
        queryKeys.notifications,
        queryKeys.appointments,
        queryKeys.stats,
        queryKeys.analytics,
        queryKeys.timeslots,
        queryKeys.availableSlots,
      ]),
    );
  });

  it('refetches the dashboard stats that are on screen', async () => {
    signIn();
    function Stats() {
      const stats = useQuery({
        queryKey: queryKeys.stats,
        queryFn: () => fetch('/api/stats').then((response) => response.json()),
      });
      return <p>{stats.isSuccess ? 'loaded' : 'loading'}</p>;
    }
    renderWithRealtime(<Stats />);
    await screen.findByText('loaded');
    const statsFetches = () => api.calls.filter((call) => call.path === '/api/stats').length;
    expect(statsFetches()).toBe(1);
    act(() => sockets[0]!.receive('new_appointment', { message: 'Booked', appointmentId: 'a-1' }));
    await waitFor(() => expect(statsFetches()).toBe(2));
  });

  it('toasts the SPEC title and the message; a cancellation stays 5 s', () => {
    signIn();
    const info = vi.spyOn(toast, 'info');
    const warning = vi.spyOn(toast, 'warning');
    renderWithRealtime(null);

    act(() =>
      sockets[0]!.receive('new_appointment', { message: 'Cleo booked', appointmentId: 'a-1' }),
    );
    expect(info).toHaveBeenCalledTimes(1);
    // A toast's content, rendered on its own.
    const shown = (content: unknown) => render(<>{content as React.ReactNode}</>).container;
    const canceledBy = (by: string, message: string, appointmentId: string) =>
      act(() => sockets[0]!.receive('appointment_canceled', { message, by, appointmentId }));
    const container = shown(info.mock.calls[0]![0]);
    expect(container).toHaveTextContent('New Appointment');
    expect(container).toHaveTextContent('Cleo booked');

    canceledBy('client', 'Cleo canceled', 'a-2');
    expect(warning).toHaveBeenCalledTimes(1);
    const [canceled, options] = warning.mock.calls[0]!;
    expect(options).toMatchObject({ autoClose: 5_000 });
    expect(shown(canceled)).toHaveTextContent('Appointment Canceled by Client');

    canceledBy('provider', 'Pat canceled', 'a-3');
    expect(shown(warning.mock.calls[1]![0])).toHaveTextContent(
      /^Appointment CanceledPat canceled$/,
    );
    info.mockRestore();
    warning.mockRestore();
  });
});

describe('useSlotAvailability', () => {
  const PROVIDER = '11111111-1111-4111-8111-111111111111';

  function seedSlots(queryClient: QueryClient) {
    const slot = (id: string) => ({
      id,
      day: '2030-01-01',
      start_time: '09:00:00',
      end_time: '09:30:00',
      type: 'Barber',
      starts_at: '2030-01-01T14:00:00.000Z',
      ends_at: '2030-01-01T14:30:00.000Z',
    });
    queryClient.setQueryData<AvailableSlotsResponse>(queryKeys.providerAvailableSlots(PROVIDER), {
      availableSlots: [slot('slot-a'), slot('slot-b')],
      from: '2030-01-01',
      to: '2030-01-14',
      nextFrom: null,
    });
  }

  function Watcher() {
    const [providerId, setProviderId] = useState<string | null>(PROVIDER);
    useSlotAvailability(providerId);
    return (
      <button type="button" onClick={() => setProviderId(null)}>
        Leave
      </button>
    );
  }

  it('joins the provider room, drops taken slots at once, refetches, and leaves', async () => {
    signIn();
    const queryClient = createQueryClient();
    seedSlots(queryClient);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const user = userEvent.setup();
    renderWithRealtime(<Watcher />, queryClient);
    const socket = sockets[0]!;
    expect(socket.emitted).toContainEqual(['watch_provider', PROVIDER]);

    // Another provider's change is not ours.
    act(() =>
      socket.receive('slots_changed', { providerId: 'other', taken: ['slot-a'], freed: [] }),
    );
    expect(
      queryClient.getQueryData<AvailableSlotsResponse>(queryKeys.providerAvailableSlots(PROVIDER))!
        .availableSlots,
    ).toHaveLength(2);

    act(() =>
      socket.receive('slots_changed', { providerId: PROVIDER, taken: ['slot-a'], freed: [] }),
    );
    expect(
      queryClient
        .getQueryData<AvailableSlotsResponse>(queryKeys.providerAvailableSlots(PROVIDER))!
        .availableSlots.map((slot) => slot.id),
    ).toEqual(['slot-b']);
    expect(invalidate).toHaveBeenCalledWith({
      queryKey: queryKeys.providerAvailableSlots(PROVIDER),
    });

    // A reconnect joins the room again.
    socket.emitted = [];
    act(() => socket.receive('connect'));
    expect(socket.emitted).toContainEqual(['watch_provider', PROVIDER]);

    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(socket.emitted).toContainEqual(['unwatch_provider', PROVIDER]);
    expect(socket.listenerCount('slots_changed')).toBe(0);
  });

  it('does nothing without a socket (signed out)', () => {
    renderWithRealtime(<Watcher />);
    expect(sockets).toHaveLength(0);
  });
});
