import type { Profile } from '@slotwise/shared/accounts-types';
import { MODERATION_TEXTS } from '@slotwise/shared/moderation-texts';
import {
  accountExportSchema,
  deleteAccountResponseSchema,
  EXPORT_FORMAT,
  PERSONAL_DATA_MESSAGES,
} from '@slotwise/shared/personal-data-schemas';
import { PERSONAL_DATA_TEXTS } from '@slotwise/shared/personal-data-texts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs } from '../../../test/booking-api';
import { contractJson, validationError } from '../../../test/contract';
import { expectFieldError } from '../../../test/field-error';
import { callsTo, json, mockApi, type ApiCall } from '../../../test/mock-api';
import { LAZY_ROUTE, renderRoute } from '../../../test/render-route';
import { createQueryClient } from '../../app/query-client';
import { getSession } from '../../lib/session';
import { ProviderDashboardPage } from '../stats/provider-dashboard-page';
import { DEFAULT_CHANNELS } from '@slotwise/shared/phones-schemas';

/** Settings' 'Your data' (docs/product.md §19.5) and the suspended provider's dashboard (§19.4). */

const PASSWORD = 'Secret123';

let api: { calls: ApiCall[] };
let profile: Profile & { providerDetails: Profile['providerDetails'] & { suspension?: unknown } };

function route(call: ApiCall): Response | undefined {
  const key = `${call.method} ${call.path}`;
  if (key === 'GET /api/profile/notification-preferences') {
    return json(200, {
      preferences: {
        emailReminders: true,
        emailBookingUpdates: true,
        channels: structuredClone(DEFAULT_CHANNELS),
        push_devices: 0,
        sms_ready: false,
      },
    });
  }
  if (key === 'GET /api/calendar/feed-url') return json(200, { url: 'http://localhost/feed.ics' });
  if (key === 'GET /api/notifications/unread') {
    return json(200, { unreadNotifications: [], unreadCount: 0 });
  }
  if (key === 'GET /api/profile') return json(200, { profile });
  if (key === 'GET /api/account/export') {
    return contractJson(key, accountExportSchema, 200, {
      format: EXPORT_FORMAT,
      exported_at: '2030-06-14T12:00:00.000Z',
      account: { id: 'client-user-1', email: 'cleo@example.com' },
      data: { appointments: [{ id: 'a-1' }] },
    });
  }
  if (key === 'DELETE /api/account') {
    const { password } = call.body as { password: string };
    if (password !== PASSWORD) {
      return validationError(key, { password: PERSONAL_DATA_MESSAGES.passwordIncorrect });
    }
    return contractJson(key, deleteAccountResponseSchema, 200, {
      message: PERSONAL_DATA_MESSAGES.accountDeleted,
    });
  }
  return undefined;
}

beforeEach(() => {
  profile = {
    id: 'provider-user-1',
    firstName: 'Pat',
    first_name: 'Pat',
    lastName: 'Stone',
    last_name: 'Stone',
    email: 'pat@example.com',
    role: 'provider',
    timezone: 'America/New_York',
    profileImageUrl: null,
    profile_image_url: null,
    providerId: 'provider-1',
    providerDetails: { specialty: 'Barber', bio: '' },
    updatedAt: '2030-06-01T08:00:00.000Z',
    phone: null,
  };
  api = mockApi(route);
});

async function openAccount() {
  signInAs('client');
  const user = userEvent.setup();
  const view = renderRoute('/client/account');
  await screen.findByRole('heading', { level: 1, name: 'Account' }, LAZY_ROUTE);
  const section = within(screen.getByRole('region', { name: PERSONAL_DATA_TEXTS.sectionTitle }));
  return { user, section, ...view };
}

describe('Your data', () => {
  it("'Download my data' saves the export as a file", async () => {
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:export');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    try {
      const { user, section } = await openAccount();
      await user.click(section.getByRole('button', { name: PERSONAL_DATA_TEXTS.download }));
      await waitFor(() => expect(clicked).toEqual(['slotwise-data-2030-06-14.json']));
      expect(callsTo(api.calls, 'GET', '/api/account/export')).toHaveLength(1);
      const blob = createObjectURL.mock.calls[0]![0];
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(blob);
      });
      expect((JSON.parse(text) as { format: string }).format).toBe(EXPORT_FORMAT);
    } finally {
      click.mockRestore();
      URL.createObjectURL = saved.create;
      URL.revokeObjectURL = saved.revoke;
    }
  });

  it("'Delete my account' asks for the password and shows a wrong one under the field", async () => {
    const { user, section } = await openAccount();
    await user.click(section.getByRole('button', { name: PERSONAL_DATA_TEXTS.delete }));
    const dialog = within(
      await screen.findByRole('dialog', { name: PERSONAL_DATA_TEXTS.deleteTitle }),
    );
    const password = dialog.getByLabelText(PERSONAL_DATA_TEXTS.passwordLabel);

    await user.click(dialog.getByRole('button', { name: PERSONAL_DATA_TEXTS.delete }));
    expectFieldError(password, PERSONAL_DATA_MESSAGES.passwordRequired);
    expect(callsTo(api.calls, 'DELETE', '/api/account')).toEqual([]);

    await user.type(password, 'wrong-one');
    await user.click(dialog.getByRole('button', { name: PERSONAL_DATA_TEXTS.delete }));
    await waitFor(() => expectFieldError(password, PERSONAL_DATA_MESSAGES.passwordIncorrect));
    expect(getSession()).not.toBeNull();

    // Keeping the account closes the dialog and changes nothing.
    await user.click(dialog.getByRole('button', { name: PERSONAL_DATA_TEXTS.keep }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('deletes the account: signed out, on / with the message', async () => {
    const { user, section, router } = await openAccount();
    await user.click(section.getByRole('button', { name: PERSONAL_DATA_TEXTS.delete }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText(PERSONAL_DATA_TEXTS.passwordLabel), PASSWORD);
    await user.click(dialog.getByRole('button', { name: PERSONAL_DATA_TEXTS.delete }));

    expect(await screen.findByText(PERSONAL_DATA_MESSAGES.accountDeleted)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(getSession()).toBeNull());
    expect(callsTo(api.calls, 'DELETE', '/api/account').map((call) => call.body)).toEqual([
      { password: PASSWORD },
    ]);
  });
});

describe('a suspended provider', () => {
  function renderDashboard() {
    signInAs('provider');
    const router = createMemoryRouter(
      [{ path: '/dashboard', element: <ProviderDashboardPage /> }],
      {
        initialEntries: ['/dashboard'],
      },
    );
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  }

  it('sees on the dashboard that they are suspended, and why', async () => {
    profile.providerDetails = {
      ...profile.providerDetails!,
      suspension: { suspended_at: '2030-06-14T12:00:00.000Z', note: 'Fake reviews' },
    };
    renderDashboard();
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(MODERATION_TEXTS.suspendedTitle);
    expect(banner).toHaveTextContent('Fake reviews');
  });

  it('sees no banner while listed', async () => {
    renderDashboard();
    await screen.findByRole('heading', { name: 'Weekly Summary' });
    await waitFor(() => expect(callsTo(api.calls, 'GET', '/api/profile')).toHaveLength(1));
    expect(screen.queryByText(MODERATION_TEXTS.suspendedTitle)).toBeNull();
  });
});
