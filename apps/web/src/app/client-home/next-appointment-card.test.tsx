import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bookingApiForEachTest,
  makeClientAppointment,
  PROVIDER_ID,
  providerForEachTest,
  signInAs,
} from '../../../test/booking-api';
import { json } from '../../../test/mock-api';
import { openRoute } from '../../../test/render-route';
import { appointmentPlace } from './next-appointment';

const api = bookingApiForEachTest('client');
const ana = providerForEachTest(api, {
  provider_id: PROVIDER_ID,
  first_name: 'Ana',
  last_name: 'Lopez',
});

const openHome = () => openRoute('/client');
const nextCard = () => screen.findByRole('region', { name: 'Next appointment' });

afterEach(() => vi.useRealTimers());

describe('client home: the next appointment first (docs/product.md §14.4)', () => {
  it('shows the soonest upcoming one before everything else: who, when, where', async () => {
    ana.location = {
      placeId: '2267057',
      name: 'Lisbon',
      region: null,
      country: 'PT',
      lat: 38.72,
      lng: -9.14,
      address: 'Rua Augusta 10',
    };
    api.clientAppointments = [
      makeClientAppointment({ day: '2030-06-20', provider_first_name: 'Later' }),
      makeClientAppointment({ day: '2020-01-01', status: 'completed', provider_first_name: 'Old' }),
      makeClientAppointment({
        day: '2030-06-15',
        start_time: '17:30:00',
        end_time: '18:15:00',
        provider_specialty: 'Plumber',
        service_name: 'Leak repair',
        price_cents: 4500,
        currency: 'EUR',
      }),
      makeClientAppointment({ day: '2030-06-10', status: 'canceled', provider_first_name: 'Gone' }),
    ];
    await openHome();
    const card = await nextCard();
    expect(card).toHaveTextContent('Ana Lopez');
    expect(card).toHaveTextContent('Plumber');
    expect(card).toHaveTextContent('Leak repair · €45.00');
    expect(card).toHaveTextContent('Sat, Jun 15, 2030, 17:30');
    expect(card).toHaveTextContent('17:30–18:15');
    expect(await within(card).findByText('Rua Augusta 10, Lisbon')).toBeInTheDocument();
    const directions = within(card).getByRole('link', { name: /Directions/ });
    expect(directions).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/directions?to=Rua%20Augusta%2010%2C%20Lisbon',
    );
    expect(directions).toHaveAttribute('target', '_blank');
    expect(directions.getAttribute('rel')).toContain('noopener');
    // First on the page: before the review prompts and Today's Appointments.
    const today = screen.getByRole('region', { name: "Today's Appointments" });
    expect(card.compareDocumentPosition(today) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("says 'Today 17:30' for today's", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-06-15T12:00:00Z') });
    signInAs('client');
    api.clientAppointments = [
      makeClientAppointment({
        day: '2030-06-15',
        start_time: '17:30:00',
        end_time: '18:00:00',
        starts_at: '2030-06-15T21:30:00.000Z',
        ends_at: '2030-06-15T22:00:00.000Z',
      }),
    ];
    await openHome();
    expect(await nextCard()).toHaveTextContent('Today 17:30');
  });

  it("opens the provider's conversation with Message", async () => {
    api.clientAppointments = [makeClientAppointment()];
    api.answerNext('POST /api/conversations', () =>
      json(201, {
        conversation: {
          id: 'c0000000-0000-4000-8000-000000000001',
          provider_id: PROVIDER_ID,
          other: {
            id: 'u1',
            first_name: 'Ana',
            last_name: 'Lopez',
            profile_image_url: null,
            role: 'provider',
          },
          last_message: null,
          unread_count: 0,
          created_at: '2030-06-01T10:00:00.000Z',
        },
      }),
    );
    const { user, router } = await openHome();
    await user.click(within(await nextCard()).getByRole('button', { name: 'Message' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/messages/c0000000-0000-4000-8000-000000000001'),
    );
    const post = api.calls.find(
      (call) => call.method === 'POST' && call.path === '/api/conversations',
    );
    expect(post?.body).toEqual({ providerId: PROVIDER_ID });
  });

  it('downloads the .ics with Add to calendar', async () => {
    const appointment = makeClientAppointment();
    api.clientAppointments = [appointment];
    api.answerNext(
      'GET /api/appointment/:id/ics',
      () =>
        new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
          status: 200,
          headers: { 'Content-Type': 'text/calendar; charset=utf-8' },
        }),
    );
    const created = vi.fn((blob: Blob) => `blob:${blob.size}`);
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    try {
      const { user } = await openHome();
      await user.click(within(await nextCard()).getByRole('button', { name: 'Add to calendar' }));
      await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    } finally {
      URL.createObjectURL = saved.create;
      URL.revokeObjectURL = saved.revoke;
    }
    expect(
      api.calls.some((call) => call.path === `/api/appointment/${appointment.appointment_id}/ics`),
    ).toBe(true);
    expect(created.mock.calls[0]![0].type).toBe('text/calendar');
  });

  it('says so, with a way to find a specialist, without an upcoming one', async () => {
    api.clientAppointments = [makeClientAppointment({ day: '2020-01-01', status: 'completed' })];
    await openHome();
    const card = await nextCard();
    expect(card).toHaveTextContent('No upcoming appointments.');
    expect(within(card).getByRole('link', { name: 'Find a specialist' })).toHaveAttribute(
      'href',
      '/providers',
    );
  });
});

describe('where an appointment is', () => {
  const lisbon = {
    placeId: '1',
    name: 'Lisbon',
    region: null,
    country: 'PT',
    lat: 38.72,
    lng: -9.14,
    address: null,
  };

  it('is the city with directions to its point when there is no street address', () => {
    expect(appointmentPlace(lisbon, 'at_provider')).toEqual({
      text: 'Lisbon',
      directionsUrl: 'https://www.openstreetmap.org/directions?route=%3B38.72%2C-9.14',
    });
  });

  it('has no directions online or at the client', () => {
    expect(appointmentPlace(lisbon, 'online')).toEqual({ text: 'Online', directionsUrl: null });
    expect(appointmentPlace(null, 'at_client')).toEqual({
      text: 'At your place',
      directionsUrl: null,
    });
    expect(appointmentPlace(null, 'at_provider')).toBeNull();
  });
});
