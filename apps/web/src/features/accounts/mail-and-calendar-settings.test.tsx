import {
  EMAIL_MESSAGES,
  type MailPreferences,
  type NotificationPreferences,
} from '@slotwise/shared/email-schemas';
import { DEFAULT_CHANNELS } from '@slotwise/shared/phones-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs } from '../../../test/booking-api';
import { callsTo, json, mockApi, type ApiCall } from '../../../test/mock-api';
import { renderRoute, LAZY_ROUTE } from '../../../test/render-route';

const FEED_1 = 'http://localhost/calendar/first-secret.ics';
const FEED_2 = 'http://localhost/calendar/second-secret.ics';

let api: { calls: ApiCall[] };
let preferences: NotificationPreferences;
let feedUrl: string;

beforeEach(() => {
  // SPEC's two settings, and the matrix they are cells of (docs/product.md §20.4).
  preferences = {
    emailReminders: true,
    emailBookingUpdates: true,
    channels: structuredClone(DEFAULT_CHANNELS),
    push_devices: 0,
    sms_ready: false,
  };
  feedUrl = FEED_1;
  api = mockApi((call) => {
    const route = `${call.method} ${call.path}`;
    if (route === 'GET /api/profile/notification-preferences') return json(200, { preferences });
    if (route === 'PATCH /api/profile/notification-preferences') {
      const patch = call.body as Partial<MailPreferences>;
      preferences = { ...preferences, ...patch };
      if (patch.emailReminders !== undefined) {
        preferences.channels.reminder.email = patch.emailReminders;
      }
      return json(200, { preferences, message: EMAIL_MESSAGES.preferencesSaved });
    }
    if (route === 'GET /api/calendar/feed-url') return json(200, { url: feedUrl });
    if (route === 'POST /api/calendar/feed-url/reset') {
      feedUrl = FEED_2;
      return json(200, { url: feedUrl, message: EMAIL_MESSAGES.feedUrlReset });
    }
    return undefined;
  });
});

async function openClientAccount() {
  signInAs('client');
  const user = userEvent.setup();
  const view = renderRoute('/client/account');
  await screen.findByRole('heading', { level: 1, name: 'Account' }, LAZY_ROUTE);
  return { user, ...view };
}

describe('email preferences', () => {
  it('shows both switches from the server and saves a change', async () => {
    const { user } = await openClientAccount();
    expect(document.title).toBe('Account · Slotwise');
    const reminders = await screen.findByRole('switch', { name: 'Appointment reminders' });
    const updates = screen.getByRole('switch', { name: 'Booking updates' });
    expect(reminders).toBeChecked();
    expect(updates).toBeChecked();
    expect(reminders).toHaveAccessibleDescription(/24 hours and 2 hours before/);

    await user.click(reminders);
    await waitFor(() =>
      expect(callsTo(api.calls, 'PATCH', '/api/profile/notification-preferences')).toHaveLength(1),
    );
    expect(callsTo(api.calls, 'PATCH', '/api/profile/notification-preferences')[0]!.body).toEqual({
      emailReminders: false,
    });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Appointment reminders' })).not.toBeChecked(),
    );
    expect(screen.getByRole('switch', { name: 'Booking updates' })).toBeChecked();
    // The matrix shows the same cell (docs/product.md §20.4).
    expect(screen.getByRole('switch', { name: 'Reminders by Email' })).not.toBeChecked();
    expect(await screen.findByText(EMAIL_MESSAGES.preferencesSaved)).toBeInTheDocument();
  });

  it('the link in the mails (/notification-preferences) leads a client here', async () => {
    signInAs('client');
    const { router } = renderRoute('/notification-preferences');
    await screen.findByRole('heading', { level: 1, name: 'Account' }, LAZY_ROUTE);
    expect(router.state.location.pathname).toBe('/client/account');
  });

  it('a provider finds them on the Settings screen (/notification-preferences leads there)', async () => {
    signInAs('provider');
    const { router } = renderRoute('/notification-preferences');
    await screen.findByRole('heading', { level: 1, name: 'Profile Information' }, LAZY_ROUTE);
    expect(router.state.location.pathname).toBe('/dashboard/profile');
    expect(await screen.findByRole('switch', { name: 'Booking updates' })).toBeChecked();
    expect(await screen.findByLabelText('Calendar feed URL')).toHaveValue(FEED_1);
  });
});

describe('calendar feed', () => {
  it('shows the URL and copies it to the clipboard', async () => {
    const { user } = await openClientAccount();
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    expect(await screen.findByLabelText('Calendar feed URL')).toHaveValue(FEED_1);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(FEED_1);
    const section = screen.getByRole('region', { name: 'Calendar feed' });
    expect(within(section).getByRole('status')).toHaveTextContent('Link copied to the clipboard.');
  });

  it('resets the link after a confirmation and shows the new one', async () => {
    const { user } = await openClientAccount();
    expect(await screen.findByLabelText('Calendar feed URL')).toHaveValue(FEED_1);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset calendar link' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep current link' }));
    expect(callsTo(api.calls, 'POST', '/api/calendar/feed-url/reset')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset link' }),
    );
    await waitFor(() => expect(screen.getByLabelText('Calendar feed URL')).toHaveValue(FEED_2));
    expect(callsTo(api.calls, 'POST', '/api/calendar/feed-url/reset')).toHaveLength(1);
    expect(await screen.findByText(EMAIL_MESSAGES.feedUrlReset)).toBeInTheDocument();
  });
});
