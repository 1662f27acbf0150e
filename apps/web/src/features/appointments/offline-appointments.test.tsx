import { PHONE_UI_TEXTS } from '@slotwise/shared/phones-texts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PROVIDER_ID,
  bookingApiForEachTest,
  makeClientAppointment,
  providerForEachTest,
} from '../../../test/booking-api';
import { openRoute } from '../../../test/render-route';
import { clearSession } from '../../lib/session';
import { offlineAppointments } from '../../lib/offline-appointments';
import { OFFLINE_APPOINTMENTS_KEY } from '../../lib/session';

/** docs/product.md §20.1: the upcoming appointments last loaded, shown offline. */
const api = bookingApiForEachTest('client');
providerForEachTest(api, { provider_id: PROVIDER_ID, first_name: 'Ana', last_name: 'Lopez' });

const USER_ID = 'client-user-1';
const upcoming = makeClientAppointment({
  appointment_id: 'upcoming-1',
  day: '2030-11-24',
  start_time: '10:00:00',
  end_time: '10:30:00',
  starts_at: '2030-11-24T15:00:00.000Z',
  ends_at: '2030-11-24T15:30:00.000Z',
});
const past = makeClientAppointment({
  appointment_id: 'past-1',
  status: 'completed',
  day: '2020-01-10',
  start_time: '10:00:00',
  end_time: '10:30:00',
  starts_at: '2020-01-10T15:00:00.000Z',
  ends_at: '2020-01-10T15:30:00.000Z',
});

function goOffline() {
  Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
}

afterEach(() => {
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});

describe('the client appointments offline', () => {
  it('keeps the upcoming ones it loaded, for this account only', async () => {
    api.clientAppointments = [upcoming, past];
    await openRoute('/client/appointments', 'Your Appointments');
    await screen.findByRole('article', { name: 'Ana Lopez' });
    await waitFor(() => expect(offlineAppointments(USER_ID)).not.toBeNull());
    const kept = offlineAppointments(USER_ID)!;
    expect(kept.appointments.map((item) => item.appointment_id)).toEqual(['upcoming-1']);
    expect(Math.abs(kept.savedAt - Date.now())).toBeLessThan(60_000);
    expect(offlineAppointments('someone-else')).toBeNull();
    expect(screen.queryByText(/You are offline/)).toBeNull();
  });

  it('shows them with their time when the network is gone', async () => {
    const savedAt = Date.parse('2030-11-20T14:05:00.000Z'); // 09:05 in New York
    window.localStorage.setItem(
      OFFLINE_APPOINTMENTS_KEY,
      JSON.stringify({ userId: USER_ID, savedAt, appointments: [upcoming] }),
    );
    goOffline();
    await openRoute('/client/appointments', 'Your Appointments');
    const status = await screen.findByText(/^You are offline\./);
    expect(status).toHaveAttribute('role', 'status');
    expect(status.textContent).toMatch(
      /^You are offline\. Showing your appointments as of .*Nov 20.*09:05.*\.$/,
    );
    const list = screen.getByRole('list', { name: 'Appointments' });
    expect(within(list).getAllByRole('article')).toHaveLength(1);
    expect(within(list).getByRole('article', { name: 'Ana Lopez' })).toBeInTheDocument();
  });

  it('shows nothing kept for another account, and signing out forgets the list', async () => {
    window.localStorage.setItem(
      OFFLINE_APPOINTMENTS_KEY,
      JSON.stringify({ userId: 'another-user', savedAt: Date.now(), appointments: [upcoming] }),
    );
    goOffline();
    await openRoute('/client/appointments', 'Your Appointments');
    expect(screen.queryByText(/You are offline/)).toBeNull();
    expect(screen.queryByRole('article')).toBeNull();

    clearSession();
    expect(window.localStorage.getItem(OFFLINE_APPOINTMENTS_KEY)).toBeNull();
  });

  it('says so offline in the shared words', () => {
    expect(PHONE_UI_TEXTS.offline('Today 09:05')).toBe(
      'You are offline. Showing your appointments as of Today 09:05.',
    );
  });
});
