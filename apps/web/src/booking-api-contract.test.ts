import { describe, expect, it } from 'vitest';
import { mockBookingApi, makeClientAppointment, makeProvider, makeSlot } from '../test/booking-api';
import { takeContractViolations } from '../test/contract';

/** The web tests' in-memory API fake (test/booking-api.ts) answers as the server's schemas say. */
describe('booking API fake contract', () => {
  it('answers every route with bodies the shared response schemas accept', async () => {
    const backend = mockBookingApi();
    const provider = makeProvider();
    const slot = makeSlot();
    const later = makeSlot({ day: '2030-06-15' });
    provider.slots.push(slot, later);
    backend.providers.push(provider);
    const id = provider.listing.provider_id;

    const statuses = [];
    for (const [method, path, body] of [
      ['GET', '/api/search/providers?q=ana&page=1&limit=8'],
      ['GET', `/api/profile/providers/${id}`],
      ['GET', `/api/search/providers/${id}/available-slots`],
      ['POST', '/api/appointment/booking', { timeslotId: slot.id }],
      ['POST', '/api/appointment/booking', { timeslotId: slot.id }],
      ['GET', '/api/appointment/view'],
      ['GET', '/api/appointment/provider/view'],
    ] as const) {
      const response = await fetch(path, {
        method,
        body: body ? JSON.stringify(body) : undefined,
      });
      statuses.push(response.status);
    }
    const booked = backend.clientAppointments[0]!;
    for (const [method, path, body] of [
      [
        'PATCH',
        `/api/appointment/reschedule/${booked.appointment_id}`,
        { newTimeslotId: later.id },
      ],
      ['PATCH', `/api/appointment/cancel/${booked.appointment_id}`],
      ['GET', `/api/profile/providers/${crypto.randomUUID()}`],
    ] as const) {
      const response = await fetch(path, {
        method,
        body: body ? JSON.stringify(body) : undefined,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 201, 409, 200, 200, 200, 200, 404]);
    expect(takeContractViolations()).toEqual([]);
  });

  it('refuses an answer that drifted from the shared schema', async () => {
    const backend = mockBookingApi();
    // A status the shared schema does not know, and a field it does not declare.
    backend.clientAppointments.push(
      Object.assign(makeClientAppointment(), { status: 'pending', extra: 1 }),
    );
    await expect(fetch('/api/appointment/view')).rejects.toThrow(
      'GET /api/appointment/view → 200: answer does not match the shared schema',
    );
    expect(takeContractViolations()).toHaveLength(1);
  });
});
