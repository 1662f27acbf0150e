import type { ChatMessage, Conversation } from '@slotwise/shared/messages-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { callsTo, json, mockApi, type ApiCall } from '../../../test/mock-api';
import { renderRoute } from '../../../test/render-route';
import { userOf, signInUser } from '../../../test/session-user';

const ME = '11111111-1111-4111-8111-111111111111';
const THEM = '22222222-2222-4222-8222-222222222222';
const CONVERSATION = '33333333-3333-4333-8333-333333333333';

const message = (id: string, body: string, sender: string, read = true): ChatMessage => ({
  id,
  body,
  sender_id: sender,
  created_at: new Date(Date.now() - 60_000).toISOString(),
  read_at: read ? new Date().toISOString() : null,
});

const conversation: Conversation = {
  id: CONVERSATION,
  provider_id: '44444444-4444-4444-8444-444444444444',
  other: {
    id: THEM,
    first_name: 'Pia',
    last_name: 'Provider',
    profile_image_url: null,
    role: 'provider',
  },
  last_message: message('m2', '<b>not bold</b>', THEM, false),
  unread_count: 1,
  created_at: new Date().toISOString(),
};

let api: { calls: ApiCall[] };
let sendStatus = 201;

beforeEach(() => {
  sendStatus = 201;
  signInUser(
    userOf('client', { id: ME, firstName: 'Cleo', lastName: 'Client', email: 'cleo@example.com' }),
  );
  api = mockApi((call) => {
    if (call.path === '/api/notifications/unread')
      return json(200, { unreadNotifications: [], unreadCount: 0 });
    if (call.path === '/api/appointment/view') return json(200, { appointments: [] });
    if (call.path === '/api/conversations/unread-count') return json(200, { unread: 1 });
    if (call.method === 'GET' && call.path === '/api/conversations')
      return json(200, { conversations: [conversation], nextCursor: null });
    if (call.method === 'GET' && call.path === `/api/conversations/${CONVERSATION}/messages`)
      return json(200, {
        messages: [message('m2', '<b>not bold</b>', THEM, false), message('m1', 'Hi', ME)],
        nextCursor: null,
      });
    if (call.method === 'PATCH' && call.path === `/api/conversations/${CONVERSATION}/read`)
      return json(200, { message: 'Conversation marked as read', updated: 1 });
    if (call.method === 'POST' && call.path === `/api/conversations/${CONVERSATION}/messages`) {
      if (sendStatus !== 201)
        return json(sendStatus, {
          message: 'Too many requests, please try again in 1 minute',
          error: 'Too many requests, please try again in 1 minute',
          code: 'RATE_LIMITED',
        });
      const { body } = call.body as { body: string };
      return json(201, { message: { ...message('m3', body, ME, false), read_at: null } });
    }
    return undefined;
  });
});

/** Role queries over the whole app shell are slow in jsdom on a busy machine. */
const SLOW = 20_000;

describe('messages page', () => {
  it(
    "offers 'Report' on received messages only (docs/product.md §19.3)",
    async () => {
      const user = userEvent.setup();
      renderRoute(`/messages/${CONVERSATION}`);
      const thread = await screen.findByRole('region', { name: 'Messages with Pia Provider' });
      await within(thread).findByText('<b>not bold</b>');
      const reports = within(thread).getAllByRole('button', { name: /^Report/ });
      expect(reports.map((button) => button.getAttribute('aria-label'))).toEqual([
        'Report message from Pia Provider',
      ]);
      await user.click(reports[0]!);
      expect(
        await screen.findByRole('dialog', { name: 'Report this message' }),
      ).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'lists conversations with name, last message as text and an unread dot; the header badge counts',
    async () => {
      renderRoute('/messages');
      const list = await screen.findByRole('navigation', { name: 'Conversations' });
      const link = await within(list).findByRole('link', { name: /Pia Provider/ });
      expect(link).toHaveTextContent('<b>not bold</b>');
      expect(link).toHaveTextContent('1 unread message');
      expect(link.querySelector('b')).toBeNull();
      const header = screen.getByRole('banner');
      expect(
        await within(header).findByRole('link', { name: /^Messages\s*1 unread message$/ }),
      ).toHaveAttribute('href', '/messages');
    },
    SLOW,
  );

  it(
    'opens a thread oldest first, marks it read, and sends with Enter (Shift+Enter: new line)',
    async () => {
      const user = userEvent.setup();
      renderRoute(`/messages/${CONVERSATION}`);
      const thread = await screen.findByRole('region', { name: 'Messages with Pia Provider' });
      await within(thread).findByText('<b>not bold</b>');
      const items = within(thread).getAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual([
        expect.stringContaining('You: Hi'),
        expect.stringContaining('Pia Provider: <b>not bold</b>'),
      ]);
      await waitFor(() =>
        expect(callsTo(api.calls, 'PATCH', `/api/conversations/${CONVERSATION}/read`)).toHaveLength(
          1,
        ),
      );

      const box = screen.getByRole('textbox', { name: 'Message to Pia Provider' });
      await user.type(box, 'Line one{Shift>}{Enter}{/Shift}line two');
      expect(box).toHaveValue('Line one\nline two');
      await user.type(box, '{Enter}');
      expect(box).toHaveValue('');
      await waitFor(() =>
        expect(
          callsTo(api.calls, 'POST', `/api/conversations/${CONVERSATION}/messages`),
        ).toHaveLength(1),
      );
      expect(
        callsTo(api.calls, 'POST', `/api/conversations/${CONVERSATION}/messages`)[0]!.body,
      ).toEqual({ body: 'Line one\nline two' });
      await waitFor(() => expect(within(thread).queryByText('Sending…')).toBeNull());
      expect(
        within(thread).getByText('Line one line two', {
          normalizer: (t) => t.replace(/\s+/g, ' '),
        }),
      ).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows a refused message as failed, with a retry that sends it again',
    async () => {
      const user = userEvent.setup();
      sendStatus = 429;
      renderRoute(`/messages/${CONVERSATION}`);
      const box = await screen.findByRole('textbox', { name: 'Message to Pia Provider' });
      await user.type(box, 'Hello?{Enter}');
      const thread = screen.getByRole('region', { name: 'Messages with Pia Provider' });
      expect(within(thread).getByText('Hello?')).toBeInTheDocument();
      expect(
        await within(thread).findByText(
          /Not sent: Too many requests, please try again in 1 minute/,
        ),
      ).toBeInTheDocument();
      sendStatus = 201;
      await user.click(within(thread).getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(within(thread).queryByText(/Not sent/)).toBeNull());
      expect(
        callsTo(api.calls, 'POST', `/api/conversations/${CONVERSATION}/messages`),
      ).toHaveLength(2);
      expect(within(thread).getAllByText('Hello?')).toHaveLength(1);
    },
    SLOW,
  );
});
