import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ianaZoneOf } from './ics-zones';
import { busyFromIcs, DEFAULT_PARSE_LIMITS } from './parse-ics';
import { CalendarReadError } from './source';

/**
 * The ICS parser on feeds shaped like Google, Outlook and Apple exports, and on hostile ones
 * (docs/decisions/071-calendar-sync.md "Parsing", docs/product.md §18.2). Tests run under
 * TZ=America/New_York: all-day events must follow the calendar's zone, not the server's.
 */

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/calendars/${name}`, import.meta.url), 'utf8');

const spring = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-06-01T00:00:00Z') };

const intervals = (blocks: { startsAt: Date; endsAt: Date }[]) =>
  blocks
    .map((b) => `${b.startsAt.toISOString()} ${b.endsAt.toISOString()}`)
    .sort((a, b) => a.localeCompare(b));

const calendar = (...body: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Slotwise tests//EN',
    ...body,
    'END:VCALENDAR',
    '',
  ].join('\r\n');

const event = (uid: string, ...lines: string[]) => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  'DTSTAMP:20260101T000000Z',
  ...lines,
  'END:VEVENT',
];

async function refusal(promise: Promise<unknown>): Promise<CalendarReadError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CalendarReadError);
  return error as CalendarReadError;
}

describe('busyFromIcs on real-world-shaped feeds', () => {
  it('Google: weekly across DST keeps its wall time, EXDATE and a moved instance, UNTIL, an all-day day in New York', async () => {
    const text = fixture('google.ics');
    expect(text).toContain('\r\n '); // folded long lines, CRLF
    expect(intervals(await busyFromIcs(text, spring))).toEqual([
      // 09:00 New York: EST before 8 March, EDT after — the instant moves by an hour.
      '2026-03-02T14:00:00.000Z 2026-03-02T14:30:00.000Z',
      // 9 March moved to 11:00 (RECURRENCE-ID); 16 March excluded (EXDATE).
      '2026-03-09T15:00:00.000Z 2026-03-09T15:30:00.000Z',
      '2026-03-23T13:00:00.000Z 2026-03-23T13:30:00.000Z',
      // Daily until 3 April.
      '2026-04-01T11:00:00.000Z 2026-04-01T12:00:00.000Z',
      '2026-04-02T11:00:00.000Z 2026-04-02T12:00:00.000Z',
      '2026-04-03T11:00:00.000Z 2026-04-03T12:00:00.000Z',
      // All-day 10 April: midnight to midnight in New York (X-WR-TIMEZONE). Cancelled and
      // transparent events block nothing.
      '2026-04-10T04:00:00.000Z 2026-04-11T04:00:00.000Z',
    ]);
  });

  it("Outlook: a Windows zone name, a cancelled occurrence, an all-day day in the calendar's VTIMEZONE", async () => {
    expect(intervals(await busyFromIcs(fixture('outlook.ics'), spring))).toEqual([
      // 10:00 "Pacific Standard Time" on Thursdays: PST, then PDT after 8 March.
      '2026-03-05T18:00:00.000Z 2026-03-05T19:00:00.000Z',
      // 12 March cancelled through its override.
      '2026-03-19T17:00:00.000Z 2026-03-19T18:00:00.000Z',
      // All-day 15 April in Los Angeles (no X-WR-TIMEZONE: the calendar's VTIMEZONE); the
      // FREE/transparent hold is ignored.
      '2026-04-15T07:00:00.000Z 2026-04-16T07:00:00.000Z',
    ]);
  });

  it('Apple in Europe/Berlin: all-day days are Berlin days, also across the EU DST change', async () => {
    expect(intervals(await busyFromIcs(fixture('apple.ics'), spring))).toEqual([
      // 20 March in Berlin (CET), not in New York.
      '2026-03-19T23:00:00.000Z 2026-03-20T23:00:00.000Z',
      // 18:00 Berlin on 26 March (CET) and 2 April (CEST).
      '2026-03-26T17:00:00.000Z 2026-03-26T18:00:00.000Z',
      // 28–29 March: the second day is 23 hours long (29 March starts CET, ends CEST).
      '2026-03-27T23:00:00.000Z 2026-03-29T22:00:00.000Z',
      '2026-04-02T16:00:00.000Z 2026-04-02T17:00:00.000Z',
      // A weekly all-day event: 1 May (CEST); 8 May excluded by a DATE EXDATE.
      '2026-04-30T22:00:00.000Z 2026-05-01T22:00:00.000Z',
    ]);
  });

  it('an all-day event follows its own TZID, else UTC when the calendar names no zone', async () => {
    const text = calendar(
      ...event(
        'own-zone',
        'DTSTART;TZID=Asia/Tokyo;VALUE=DATE:20260402',
        'DTEND;TZID=Asia/Tokyo;VALUE=DATE:20260403',
      ),
      ...event('no-zone', 'DTSTART;VALUE=DATE:20260405', 'DTEND;VALUE=DATE:20260406'),
      // No DTEND: one day.
      ...event('no-end', 'DTSTART;VALUE=DATE:20260407'),
    );
    expect(intervals(await busyFromIcs(text, spring))).toEqual([
      '2026-04-01T15:00:00.000Z 2026-04-02T15:00:00.000Z',
      '2026-04-05T00:00:00.000Z 2026-04-06T00:00:00.000Z',
      '2026-04-07T00:00:00.000Z 2026-04-08T00:00:00.000Z',
    ]);
  });

  it('LF line ends, an unending weekly rule cut at the horizon, an occurrence moved in from outside it', async () => {
    const text = calendar(
      ...event(
        'weekly',
        'DTSTART;TZID=Europe/Berlin:20250106T080000',
        'DTEND;TZID=Europe/Berlin:20250106T090000',
        'RRULE:FREQ=WEEKLY;BYDAY=MO',
      ),
      // The 8 June occurrence (after the range) moved to 20 May.
      ...event(
        'weekly',
        'RECURRENCE-ID;TZID=Europe/Berlin:20260608T080000',
        'DTSTART;TZID=Europe/Berlin:20260520T150000',
        'DTEND;TZID=Europe/Berlin:20260520T160000',
      ),
    ).replace(/\r\n/g, '\n');
    const range = { from: new Date('2026-05-01T00:00:00Z'), to: new Date('2026-06-01T00:00:00Z') };
    expect(intervals(await busyFromIcs(text, range))).toEqual([
      '2026-05-04T06:00:00.000Z 2026-05-04T07:00:00.000Z',
      '2026-05-11T06:00:00.000Z 2026-05-11T07:00:00.000Z',
      '2026-05-18T06:00:00.000Z 2026-05-18T07:00:00.000Z',
      '2026-05-20T13:00:00.000Z 2026-05-20T14:00:00.000Z',
      '2026-05-25T06:00:00.000Z 2026-05-25T07:00:00.000Z',
    ]);
  });

  it('maps zone names the way calendars write them', () => {
    expect(ianaZoneOf('America/New_York')).toBe('America/New_York');
    expect(ianaZoneOf('Pacific Standard Time')).toBe('America/Los_Angeles');
    expect(ianaZoneOf('W. Europe Standard Time')).toBe('Europe/Berlin');
    expect(ianaZoneOf('Nowhere/Zone')).toBeNull();
  });
});

describe('busyFromIcs on hostile feeds: refused in words', () => {
  it('blocks nested too deeply', async () => {
    const text = calendar(
      ...Array<string>(10_000).fill('BEGIN:VEVENT'),
      ...Array<string>(10_000).fill('END:VEVENT'),
    );
    expect((await refusal(busyFromIcs(text, spring))).message).toMatch(/nested too deeply/);
  });

  it('a rule every minute without end', async () => {
    const text = calendar(
      ...event(
        'minutely',
        'DTSTART:20260301T000000Z',
        'DTEND:20260301T000030Z',
        'RRULE:FREQ=MINUTELY',
      ),
    );
    expect((await refusal(busyFromIcs(text, spring))).message).toMatch(/repeats too often/);
  });

  it('100,000 occurrences in the horizon from a few hourly rules without end', async () => {
    const text = calendar(
      ...Array.from({ length: 50 }, (_, i) =>
        event(
          `hourly-${i}`,
          'DTSTART:20260301T000000Z',
          'DTEND:20260301T001000Z',
          'RRULE:FREQ=HOURLY',
        ),
      ).flat(),
    );
    expect((await refusal(busyFromIcs(text, spring))).message).toBe(
      `The calendar has more than ${DEFAULT_PARSE_LIMITS.maxInstances} events in the next months and was not read`,
    );
  });

  it('garbage lines, binary data, a feed cut short, an END out of place', async () => {
    const garbage = calendar(
      ...Array.from({ length: 1000 }, (_, i) => `garbage ${i} no colon here`),
    );
    expect((await refusal(busyFromIcs(garbage, spring))).message).toMatch(/not calendar lines/);
    const binary = calendar(...event('x', 'DTSTART:20260401T090000Z\u0000\u0001'));
    expect((await refusal(busyFromIcs(binary, spring))).message).toMatch(/binary/);
    const cut = calendar(
      ...event('x', 'DTSTART:20260401T090000Z', 'DTEND:20260401T100000Z'),
    ).replace('END:VCALENDAR', '');
    expect((await refusal(busyFromIcs(cut, spring))).message).toMatch(/ends before END:VCALENDAR/);
    const misplaced = calendar('BEGIN:VEVENT', 'UID:x', 'END:VTODO');
    expect((await refusal(busyFromIcs(misplaced, spring))).message).toMatch(
      /END:VTODO out of place/,
    );
    expect((await refusal(busyFromIcs('<html>Sign in</html>', spring))).message).toBe(
      'This address did not answer a calendar (no BEGIN:VCALENDAR)',
    );
  });

  it('a few broken lines in a real calendar are skipped', async () => {
    const text = calendar(
      'this line is junk',
      ...event('ok', 'DTSTART:20260401T090000Z', 'DTEND:20260401T100000Z'),
      ...Array.from({ length: 20 }, (_, i) =>
        event(`filler-${i}`, 'DTSTART:20200101T090000Z'),
      ).flat(),
    );
    expect(intervals(await busyFromIcs(text, spring))).toEqual([
      '2026-04-01T09:00:00.000Z 2026-04-01T10:00:00.000Z',
    ]);
  });

  it('more work than the budget is refused', async () => {
    const text = calendar(
      ...Array.from({ length: 300 }, (_, i) =>
        event(
          `e${i}`,
          'DTSTART;TZID=America/New_York:20260401T090000',
          'DTEND;TZID=America/New_York:20260401T100000',
        ),
      ).flat(),
    );
    const limits = { ...DEFAULT_PARSE_LIMITS, maxWorkMs: 0, sliceMs: 0, batchEvents: 10 };
    expect((await refusal(busyFromIcs(text, spring, limits))).message).toMatch(
      /would take too long/,
    );
  });

  it('a large feed gives the event loop back while it is parsed', async () => {
    const text = calendar(
      ...Array.from({ length: 3_000 }, (_, i) =>
        event(
          `e${i}`,
          `DTSTART;TZID=America/New_York:202604${String((i % 28) + 1).padStart(2, '0')}T090000`,
          `DTEND;TZID=America/New_York:202604${String((i % 28) + 1).padStart(2, '0')}T100000`,
          `SUMMARY:Event ${i}`,
        ),
      ).flat(),
    );
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      const blocks = await busyFromIcs(text, spring, { ...DEFAULT_PARSE_LIMITS, sliceMs: 5 });
      expect(blocks).toHaveLength(3_000);
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(0);
  });
});
