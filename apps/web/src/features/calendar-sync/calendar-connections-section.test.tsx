import {
  CALENDAR_SYNC_MESSAGES,
  type CalendarConnection,
} from '@slotwise/shared/calendar-sync-schemas';
import { CALENDAR_SYNC_TEXTS } from '@slotwise/shared/calendar-sync-texts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/booking-api';
import { callsTo, json, mockApi, type ApiCall } from '../../../test/mock-api';
import { openRoute } from '../../../test/render-route';

/** The provider's Calendars section on /dashboard/profile (docs/product.md §18.1). */

function connection(overrides: Partial<CalendarConnection> = {}): CalendarConnection {
  return {
    id: crypto.randomUUID(),
    kind: 'ics',
    name: 'Work',
    url: 'https://calendar.example.com/work.ics',
    username: null,
    last_synced_at: '2030-06-10T12:00:00.000Z',
    next_sync_at: '2030-06-10T12:05:00.000Z',
    last_error: null,
    failures: 0,
    busy_count: 4,
    created_at: '2030-06-01T08:00:00.000Z',
    ...overrides,
  };
}

let api: { calls: ApiCall[] };
let connections: CalendarConnection[];
/** The next POST's answer, when a test wants a refusal. */
let refuseNext: Response | null;

beforeEach(() => {
  connections = [];
  refuseNext = null;
  api = mockApi((call) => {
    const route = `${call.method} ${call.path}`;
    if (route === 'GET /api/calendar/connections') return json(200, { connections });
    if (route === 'POST /api/calendar/connections') {
      if (refuseNext) return refuseNext;
      const body = call.body as { url: string; name?: string | null };
      const added = connection({ url: body.url, name: body.name ?? 'calendar.example.com' });
      connections = [...connections, added];
      return json(201, { message: CALENDAR_SYNC_MESSAGES.added, connection: added });
    }
    const sync = /^POST \/api\/calendar\/connections\/([^/]+)\/sync$/.exec(route);
    if (sync) {
      connections = connections.map((c) =>
        c.id === sync[1] ? { ...c, busy_count: 9, last_error: null } : c,
      );
      const synced = connections.find((c) => c.id === sync[1])!;
      return json(200, { message: CALENDAR_SYNC_MESSAGES.synced, connection: synced });
    }
    const removed = /^DELETE \/api\/calendar\/connections\/([^/]+)$/.exec(route);
    if (removed) {
      connections = connections.filter((c) => c.id !== removed[1]);
      return json(200, { message: CALENDAR_SYNC_MESSAGES.removed });
    }
    return undefined;
  });
  signInAs('provider');
});

async function openSettings() {
  const view = await openRoute('/dashboard/profile', 'Profile Information');
  const section = await screen.findByRole('region', { name: CALENDAR_SYNC_TEXTS.sectionTitle });
  return { ...view, section };
}

describe('Calendars section', () => {
  it('lists each calendar with its kind, syncs, busy count and last error in words (red)', async () => {
    connections = [
      connection({ name: 'Work', busy_count: 1 }),
      connection({
        name: 'Family',
        kind: 'caldav',
        username: 'pat',
        last_synced_at: null,
        busy_count: 0,
        failures: 2,
        last_error: 'The calendar address answered HTTP 404',
      }),
    ];
    const { section } = await openSettings();
    const list = await within(section).findByRole('list', { name: CALENDAR_SYNC_TEXTS.listLabel });
    const [work, family] = within(list).getAllByRole('listitem');
    expect(work).toHaveAccessibleName('Work');
    expect(work).toHaveTextContent('ICS address · https://calendar.example.com/work.ics');
    expect(work).toHaveTextContent('1 busy time');
    expect(work).not.toHaveTextContent(CALENDAR_SYNC_TEXTS.lastError);
    expect(family).toHaveTextContent(`CalDAV`);
    expect(family).toHaveTextContent(`${CALENDAR_SYNC_TEXTS.lastSync}${CALENDAR_SYNC_TEXTS.never}`);
    expect(family).toHaveTextContent('0 busy times');
    const error = within(family!).getByText('The calendar address answered HTTP 404');
    expect(error.closest('p')).toHaveClass('text-red-700');
  });

  it('says so when no calendar is connected', async () => {
    const { section } = await openSettings();
    expect(await within(section).findByText(CALENDAR_SYNC_TEXTS.empty)).toBeInTheDocument();
  });

  it('checks the form with the shared schema before sending anything', async () => {
    const { user, section } = await openSettings();
    const add = within(section).getByRole('button', { name: CALENDAR_SYNC_TEXTS.add });
    await user.click(add);
    expect(
      within(section).getByLabelText(CALENDAR_SYNC_TEXTS.urlLabel),
    ).toHaveAccessibleDescription(expect.stringContaining(CALENDAR_SYNC_MESSAGES.urlInvalid));

    await user.type(within(section).getByLabelText(CALENDAR_SYNC_TEXTS.urlLabel), 'ftp://x.test/a');
    await user.click(within(section).getByRole('radio', { name: CALENDAR_SYNC_TEXTS.kindCaldav }));
    await user.click(add);
    await within(section).findByText(CALENDAR_SYNC_MESSAGES.usernameRequired);
    expect(within(section).getByText(CALENDAR_SYNC_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(within(section).getByText(CALENDAR_SYNC_MESSAGES.urlInvalid)).toBeInTheDocument();
    expect(callsTo(api.calls, 'POST', '/api/calendar/connections')).toHaveLength(0);
  });

  it('adds an ICS address without the CalDAV fields and lists it', async () => {
    const { user, section } = await openSettings();
    await within(section).findByText(CALENDAR_SYNC_TEXTS.empty);
    await user.type(
      within(section).getByLabelText(CALENDAR_SYNC_TEXTS.urlLabel),
      'webcal://calendar.example.com/me.ics',
    );
    await user.type(within(section).getByLabelText(CALENDAR_SYNC_TEXTS.nameLabel), 'Me');
    await user.click(within(section).getByRole('button', { name: CALENDAR_SYNC_TEXTS.add }));
    const list = await within(section).findByRole('list', { name: CALENDAR_SYNC_TEXTS.listLabel });
    expect(within(list).getByRole('listitem', { name: 'Me' })).toBeInTheDocument();
    expect(callsTo(api.calls, 'POST', '/api/calendar/connections')[0]!.body).toEqual({
      kind: 'ics',
      url: 'webcal://calendar.example.com/me.ics',
      name: 'Me',
    });
    expect(await screen.findByText(CALENDAR_SYNC_MESSAGES.added)).toBeInTheDocument();
    expect(within(section).getByLabelText(CALENDAR_SYNC_TEXTS.urlLabel)).toHaveValue('');
  });

  it("shows the server's URL_NOT_ALLOWED under the address field", async () => {
    refuseNext = json(400, {
      message: CALENDAR_SYNC_MESSAGES.urlNotAllowed,
      error: 'Bad Request',
      code: 'URL_NOT_ALLOWED',
      fieldErrors: { url: CALENDAR_SYNC_MESSAGES.urlNotAllowed },
    });
    const { user, section } = await openSettings();
    const url = within(section).getByLabelText(CALENDAR_SYNC_TEXTS.urlLabel);
    await user.type(url, 'http://10.0.0.5/cal.ics');
    await user.click(within(section).getByRole('button', { name: CALENDAR_SYNC_TEXTS.add }));
    await waitFor(() =>
      expect(url).toHaveAccessibleDescription(
        expect.stringContaining(CALENDAR_SYNC_MESSAGES.urlNotAllowed),
      ),
    );
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(connections).toHaveLength(0);
  });

  it('syncs one now and removes one after confirming', async () => {
    const work = connection({ name: 'Work', busy_count: 1 });
    connections = [work, connection({ name: 'Other' })];
    const { user, section } = await openSettings();
    const list = await within(section).findByRole('list', { name: CALENDAR_SYNC_TEXTS.listLabel });
    const item = within(list).getByRole('listitem', { name: 'Work' });
    await user.click(within(item).getByRole('button', { name: CALENDAR_SYNC_TEXTS.syncNow }));
    await within(item).findByText('9 busy times');
    expect(callsTo(api.calls, 'POST', `/api/calendar/connections/${work.id}/sync`)).toHaveLength(1);

    await user.click(within(item).getByRole('button', { name: CALENDAR_SYNC_TEXTS.remove }));
    const dialog = await screen.findByRole('dialog', { name: CALENDAR_SYNC_TEXTS.removeTitle });
    await user.click(within(dialog).getByRole('button', { name: CALENDAR_SYNC_TEXTS.remove }));
    await waitFor(() =>
      expect(within(list).queryByRole('listitem', { name: 'Work' })).not.toBeInTheDocument(),
    );
    expect(within(list).getByRole('listitem', { name: 'Other' })).toBeInTheDocument();
    expect(callsTo(api.calls, 'DELETE', `/api/calendar/connections/${work.id}`)).toHaveLength(1);
  });
});
