import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { busyFromIcs } from './parse-ics';
import { busyFromIcsOffThread } from './parse-ics-off-thread';
import { CalendarReadError } from './source';

/**
 * The parse on its thread (docs/decisions/090-calendar-parse-off-thread.md) gives what the parse
 * in this thread gives, feed by feed, and refuses what it refuses in the same words. Under
 * TZ=America/New_York, like every server test: the thread must not read the zone of its own.
 */

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/calendars/${name}`, import.meta.url), 'utf8');

const spring = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-06-01T00:00:00Z') };

const intervals = (blocks: { startsAt: Date; endsAt: Date }[]) =>
  blocks.map((b) => `${b.startsAt.toISOString()} ${b.endsAt.toISOString()}`);

describe('a calendar parsed on its own thread', () => {
  it.each(['google.ics', 'outlook.ics', 'apple.ics'])(
    '%s: the same busy time as a parse in this thread, in the same order',
    async (name) => {
      const text = fixture(name);
      const here = await busyFromIcs(text, spring);
      const there = await busyFromIcsOffThread(text, spring);
      expect(here.length).toBeGreaterThan(0);
      expect(intervals(there)).toEqual(intervals(here));
      expect(there.every((b) => b.startsAt instanceof Date && b.endsAt instanceof Date)).toBe(true);
    },
  );

  it('feeds asked at once each get their own answer', async () => {
    const names = ['google.ics', 'outlook.ics', 'apple.ics', 'google.ics', 'apple.ics'];
    const answers = await Promise.all(
      names.map((name) => busyFromIcsOffThread(fixture(name), spring)),
    );
    const expected = await Promise.all(names.map((name) => busyFromIcs(fixture(name), spring)));
    expect(answers.map(intervals)).toEqual(expected.map(intervals));
  });

  it('refuses what is not a calendar in the same words, as a CalendarReadError', async () => {
    const refusal = busyFromIcsOffThread('<html>Sign in</html>', spring);
    await expect(refusal).rejects.toBeInstanceOf(CalendarReadError);
    await expect(refusal).rejects.toThrow(
      'This address did not answer a calendar (no BEGIN:VCALENDAR)',
    );
    // A refusal leaves the thread able to read the next feed.
    const after = await busyFromIcsOffThread(fixture('google.ics'), spring);
    expect(after.length).toBeGreaterThan(0);
  });

  it('refuses a malformed feed as the parse in this thread does', async () => {
    const cut =
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART:20260401T100000Z\r\n';
    const here = await busyFromIcs(cut, spring).then(
      () => 'parsed',
      (error: unknown) => (error as Error).message,
    );
    expect(here).not.toBe('parsed');
    await expect(busyFromIcsOffThread(cut, spring)).rejects.toThrow(here);
  });
});
