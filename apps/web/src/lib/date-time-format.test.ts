import { afterEach, describe, expect, it } from 'vitest';
import {
  browserTimeZone,
  compareSlotTimes,
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
  setDisplayLocale,
  formatMoney,
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

describe('under TZ=America/New_York (the test run sets it)', () => {
  it('runs in New York (so the boundary cases below mean something)', () => {
    expect(browserTimeZone()).toBe('America/New_York');
    // The trap the formatters avoid: the date-only ISO form is UTC midnight, the 23rd here.
    expect(new Date('2026-11-24').getDate()).toBe(23);
  });

  it("formats a slot's day as that calendar date, not the day before", () => {
    expect(formatDate('2026-11-24', '2026-11-01')).toBe('Tue, Nov 24');
    expect(formatDate('2026-01-01', '2026-11-01')).toBe('Thu, Jan 1');
    expect(formatDate('2025-12-31', '2026-11-01')).toBe('Wed, Dec 31, 2025');
    expect(formatDate('2028-02-29', '2026-11-01')).toBe('Tue, Feb 29, 2028');
    expect(formatDate('2026-11-24T00:00:00.000Z', '2026-11-01')).toBe('Tue, Nov 24');
  });

  it('is unaffected by daylight-saving changes (New York springs forward on Mar 8, 2026)', () => {
    expect(formatDate('2026-03-08', '2026-01-01')).toBe('Sun, Mar 8');
    expect(formatDate('2026-11-01', '2026-01-01')).toBe('Sun, Nov 1');
    expect(formatTime('02:30:00')).toBe('02:30');
  });

  it('keeps a late-evening slot on its own day (in UTC it would be the next morning)', () => {
    expect(
      formatSlot({ day: '2026-11-24', start_time: '23:00:00', end_time: '23:45:00' }, '2026-11-24'),
    ).toBe('Tue, Nov 24, 23:00–23:45');
  });

  it("takes today's date from the local clock, not UTC", () => {
    // 03:30 UTC on the 25th is 22:30 on the 24th in New York.
    expect(localDateKey(new Date('2026-11-25T03:30:00Z'))).toBe('2026-11-24');
    expect(localDateKey(new Date('2026-11-25T05:00:00Z'))).toBe('2026-11-25');
    // Midnight UTC on Jan 1 is still New Year's Eve here.
    expect(localDateKey(new Date('2027-01-01T00:00:00Z'))).toBe('2026-12-31');
  });

  it('orders slots by day, then start time', () => {
    const slots = [
      { day: '2026-11-25', start_time: '09:00:00', end_time: '09:30:00' },
      { day: '2026-11-24', start_time: '14:00:00', end_time: '14:30:00' },
      { day: '2026-11-24', start_time: '09:00:00', end_time: '09:30:00' },
    ];
    expect([...slots].sort(compareSlotTimes).map((s) => `${s.day} ${s.start_time}`)).toEqual([
      '2026-11-24 09:00:00',
      '2026-11-24 14:00:00',
      '2026-11-25 09:00:00',
    ]);
  });
});

describe('in the other languages (docs/product.md §21.1)', () => {
  afterEach(() => setDisplayLocale('en-US'));

  it('writes German days in digits with the year, prices with a decimal comma', () => {
    setDisplayLocale('de-DE');
    expect(formatDate('2026-11-26', '2026-11-20')).toBe('Do., 26.11.2026');
    expect(formatMoney(2500, 'EUR')).toBe('25,00\u00a0€');
    expect(formatTime('17:30:00')).toBe('17:30');
    expect(formatDayName('2026-11-26', '2026-11-26')).toBe('Heute');
    expect(formatWhen('2026-11-27', '09:05', '2026-11-26')).toBe('Morgen 09:05');
  });

  it('keeps Latin digits in Arabic and the locale day order in Spanish', () => {
    setDisplayLocale('ar-u-nu-latn');
    expect(formatTime('17:30')).toBe('17:30');
    expect(formatDate('2026-11-26', '2026-11-20')).toMatch(/26.*11.*2026/);
    setDisplayLocale('es-ES');
    expect(formatDate('2026-11-26', '2026-11-20')).toBe('jue, 26/11/2026');
    expect(formatDayName('2026-11-27', '2026-11-26')).toBe('Mañana');
  });

  it('keeps SPEC’s English words and formats', () => {
    expect(formatDayName('2026-11-26', '2026-11-26')).toBe('Today');
    expect(formatDate('2026-11-26', '2026-11-20')).toBe('Thu, Nov 26');
    expect(formatMoney(2500, 'USD')).toBe('$25.00');
  });
});
