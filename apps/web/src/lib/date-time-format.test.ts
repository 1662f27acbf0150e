import { describe, expect, it } from 'vitest';
import {
  browserTimeZone,
  addDays,
  formatDate,
  formatDateRange,
  formatDayName,
  formatDistance,
  formatInstantWhen,
  formatSlot,
  formatTime,
  formatWhen,
  localDateKey,
} from './date-time-format';

describe('one date and one time format (docs/product.md §14.5)', () => {
  const today = '2026-11-26';

  it('writes a day the same way everywhere, with the year only outside this one', () => {
    expect(formatDate('2026-11-28', today)).toBe('Sat, Nov 28');
    expect(formatDate('2027-01-02', today)).toBe('Sat, Jan 2, 2027');
    expect(formatDate('2026-02-30', today)).toBe('2026-02-30');
  });

  it('writes times on the 24-hour clock, as providers set them', () => {
    expect(formatTime('17:30:00')).toBe('17:30');
    expect(formatTime('00:05')).toBe('00:05');
    expect(formatTime('9:00')).toBe('09:00');
  });

  it('says Today and Tomorrow near today', () => {
    expect(formatDayName('2026-11-26', today)).toBe('Today');
    expect(formatDayName('2026-11-27', today)).toBe('Tomorrow');
    expect(formatWhen('2026-11-26', '17:30:00', today)).toBe('Today 17:30');
    expect(formatWhen('2026-11-28', '10:00:00', today)).toBe('Sat, Nov 28, 10:00');
    expect(
      formatSlot({ day: '2026-11-30', start_time: '10:00:00', end_time: '10:30:00' }, today),
    ).toBe('Mon, Nov 30, 10:00–10:30');
  });

  it('crosses month, year and daylight-saving boundaries by calendar day', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-11-01', -1)).toBe('2026-10-31');
    expect(formatDateRange('2026-11-30', '2026-12-06').replace(/\s/g, ' ')).toBe(
      'Nov 30 – Dec 6, 2026',
    );
  });

  it("shows an instant on the provider's clock, with Today measured there", () => {
    // 01:30 UTC on Nov 27 is still the evening of Nov 26 in New York.
    const now = new Date('2026-11-26T23:00:00Z');
    expect(formatInstantWhen('2026-11-27T01:30:00Z', 'America/New_York', now)).toBe('Today 20:30');
    // In Berlin it is already the 27th, so the same instant is today there.
    expect(formatInstantWhen('2026-11-27T01:30:00Z', 'Europe/Berlin', now)).toBe('Today 02:30');
    expect(formatInstantWhen('2026-11-28T01:30:00Z', 'Europe/Berlin', now)).toBe('Tomorrow 02:30');
  });

  it('takes today from the local clock', () => {
    expect(localDateKey(new Date(2026, 10, 26, 23, 59))).toBe('2026-11-26');
    expect(formatDistance(3.24)).toBe('3.2 km');
  });
});

describe('browserTimeZone', () => {
  it("names the browser's zone (the tests run on New York's)", () => {
    expect(browserTimeZone()).toBe('America/New_York');
  });
});
