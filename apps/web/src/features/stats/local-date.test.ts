import type { ProviderAppointment } from '@slotwise/shared/appointments-schemas';
import { describe, expect, it } from 'vitest';
import { nextUp } from './local-date';

/** A booked appointment of a provider in Tokyo (UTC+9), by its wall clock and its instants. */
function tokyo(id: string, day: string, start: string, end: string): ProviderAppointment {
  return {
    appointment_id: id,
    id,
    timeslot_id: `slot-${id}`,
    day,
    start_time: `${start}:00`,
    end_time: `${end}:00`,
    status: 'booked',
    service_type: 'Haircut',
    starts_at: new Date(`${day}T${start}:00+09:00`).toISOString(),
    ends_at: new Date(`${day}T${end}:00+09:00`).toISOString(),
    client_id: 'c',
    client_first_name: 'Ana',
    client_last_name: 'Lopez',
  } as ProviderAppointment;
}

describe('Next up (docs/product.md §14.3)', () => {
  it("judges 'not ended yet' by the appointment's instants, whatever the browser's clock", () => {
    // 07:30 UTC is 16:30 in Tokyo and 02:30 in New York (the test run's zone).
    const now = new Date('2026-11-26T07:30:00Z');
    const ended = tokyo('a', '2026-11-26', '15:00', '16:00');
    const coming = tokyo('b', '2026-11-26', '17:00', '17:30');
    const tomorrow = tokyo('c', '2026-11-27', '09:00', '09:30');
    expect(nextUp([tomorrow, ended, coming], now)?.id).toBe('b');
    expect(nextUp([ended], now)).toBeNull();
    expect(nextUp([{ ...coming, status: 'canceled' }, tomorrow], now)?.id).toBe('c');
  });
});
