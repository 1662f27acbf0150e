import { describe, expect, it } from 'vitest';
import { instantAt, isQuietHour, smsSendTime } from './quiet-hours';

/**
 * Quiet hours in the recipient's zone (docs/product.md §20.3): a text due between 21:00 and 08:00
 * waits for 08:00 there, across a change of the clocks too. The suite runs under
 * TZ=America/New_York; every zone here is named, so the runtime's own does not matter.
 */
describe('quiet hours: the next 08:00 in the zone', () => {
  const at = (iso: string) => new Date(iso);

  it('sends at once from 08:00 until 20:59, and defers from 21:00', () => {
    const zone = 'America/New_York';
    // 2026-06-10: EDT, UTC-4.
    expect(smsSendTime(at('2026-06-10T12:00:00Z'), zone)).toEqual(at('2026-06-10T12:00:00Z'));
    expect(smsSendTime(at('2026-06-11T00:59:00Z'), zone)).toEqual(at('2026-06-11T00:59:00Z'));
    expect(isQuietHour(at('2026-06-11T01:00:00Z'), zone)).toBe(true);
    expect(smsSendTime(at('2026-06-11T01:00:00Z'), zone)).toEqual(at('2026-06-11T12:00:00Z'));
    // 07:59 waits a minute; 08:00 goes.
    expect(smsSendTime(at('2026-06-11T11:59:00Z'), zone)).toEqual(at('2026-06-11T12:00:00Z'));
    expect(smsSendTime(at('2026-06-11T12:00:00Z'), zone)).toEqual(at('2026-06-11T12:00:00Z'));
  });

  it('computes 08:00 in New York, Tokyo and Auckland for the same instant', () => {
    // 2026-06-10T14:30Z: 10:30 in New York, 23:30 in Tokyo, 02:30 next day in Auckland (NZST).
    const now = at('2026-06-10T14:30:00Z');
    expect(smsSendTime(now, 'America/New_York')).toEqual(now);
    expect(smsSendTime(now, 'Asia/Tokyo')).toEqual(at('2026-06-10T23:00:00Z'));
    expect(smsSendTime(now, 'Pacific/Auckland')).toEqual(at('2026-06-10T20:00:00Z'));
  });

  it('is right when New York springs forward (2026-03-08)', () => {
    // 22:00 EST on the 7th → 08:00 EDT on the 8th (UTC-4 by then).
    expect(smsSendTime(at('2026-03-08T03:00:00Z'), 'America/New_York')).toEqual(
      at('2026-03-08T12:00:00Z'),
    );
    // 01:30 EST, before the jump → the same 08:00 EDT.
    expect(smsSendTime(at('2026-03-08T06:30:00Z'), 'America/New_York')).toEqual(
      at('2026-03-08T12:00:00Z'),
    );
    // 03:30 EDT, after it.
    expect(smsSendTime(at('2026-03-08T07:30:00Z'), 'America/New_York')).toEqual(
      at('2026-03-08T12:00:00Z'),
    );
  });

  it('is right when New York falls back (2026-11-01)', () => {
    // 23:00 EDT on Oct 31 → 08:00 EST on Nov 1 (UTC-5 by then).
    expect(smsSendTime(at('2026-11-01T03:00:00Z'), 'America/New_York')).toEqual(
      at('2026-11-01T13:00:00Z'),
    );
    // 01:30 twice: EDT (05:30Z) and EST (06:30Z), both → 13:00Z.
    expect(smsSendTime(at('2026-11-01T05:30:00Z'), 'America/New_York')).toEqual(
      at('2026-11-01T13:00:00Z'),
    );
    expect(smsSendTime(at('2026-11-01T06:30:00Z'), 'America/New_York')).toEqual(
      at('2026-11-01T13:00:00Z'),
    );
  });

  it('is right when Auckland ends daylight time (2026-04-05)', () => {
    // 22:00 NZDT (UTC+13) on the 4th → 08:00 NZST (UTC+12) on the 5th.
    expect(smsSendTime(at('2026-04-04T09:00:00Z'), 'Pacific/Auckland')).toEqual(
      at('2026-04-04T20:00:00Z'),
    );
    // 02:30 NZST, after the clocks went back.
    expect(smsSendTime(at('2026-04-04T14:30:00Z'), 'Pacific/Auckland')).toEqual(
      at('2026-04-04T20:00:00Z'),
    );
  });

  it('finds a wall-clock time of a day in a zone', () => {
    expect(instantAt('2026-03-08', 8, 'America/New_York')).toEqual(at('2026-03-08T12:00:00Z'));
    expect(instantAt('2026-03-07', 8, 'America/New_York')).toEqual(at('2026-03-07T13:00:00Z'));
    expect(instantAt('2026-01-15', 8, 'Asia/Tokyo')).toEqual(at('2026-01-14T23:00:00Z'));
    expect(instantAt('2026-09-27', 8, 'Pacific/Auckland')).toEqual(at('2026-09-26T19:00:00Z'));
  });
});
