import { afterAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/helpers/app';
import { useFakeNow } from '../../../test/helpers/clock';
import { createProvider } from '../../../test/helpers/factories';
import { expectNoOverlap, minutesOf, saveOk, slotsOf } from '../../../test/helpers/weekly-hours';

/**
 * Weekly hours across daylight-saving changes in the provider's zone
 * (docs/decisions/040-weekly-hours-and-time-off.md): no missing and no doubled slot, and the
 * rule 01:30–03:30 on the change days does what the record says. The app clock is faked per
 * block; the tests run under TZ=America/New_York and the providers live there too.
 */

const t = useTestApp();
afterAll(() => vi.useRealTimers());

/** The wall-clock starts of 00:00–06:00 in 30-minute slots: '00:00', '00:30', … '05:30'. */
const NIGHT_STARTS = Array.from(
  { length: 12 },
  (_, i) => `0${Math.floor(i / 2)}:${i % 2 === 0 ? '00' : '30'}`,
);

/** A new provider's Sundays 00:00–06:00 in 30-minute slots: the save's generation and `sunday`'s slots. */
async function sundayNightInHalfHours(sunday: string) {
  const provider = await createProvider(t.app);
  const { generation } = await saveOk(t.app, provider, [
    { weekday: 7, start: '00:00', end: '06:00', slotMinutes: 30 },
  ]);
  return { generation, day: await slotsOf(t.app, provider, sunday) };
}

describe('daylight saving in America/New_York: spring forward, Sunday 2026-03-08', () => {
  // Monday 2026-03-02 10:00 EST: the horizon of one week ends on the spring-forward Sunday.
  const NOW = new Date('2026-03-02T15:00:00Z');
  useFakeNow(NOW);

  it('00:00–06:00 in 30-minute slots: the missing hour has no slot, the others cover real time once', async () => {
    const { generation, day } = await sundayNightInHalfHours('2026-03-08');
    // 12 wall-clock slots, 02:00 and 02:30 do not exist that day.
    expect(day.map((s) => s.start_time.slice(0, 5))).toEqual(
      NIGHT_STARTS.filter((start) => !start.startsWith('02:')),
    );
    expect(generation).toMatchObject({ created: 10, skippedNonexistent: 2, skippedClashes: 0 });
    // Contiguous in real time: 05:00Z (00:00 EST) to 10:00Z (06:00 EDT), each slot 30 minutes.
    expect(day[0]!.starts_at).toBe('2026-03-08T05:00Z');
    expect(day.at(-1)!.ends_at).toBe('2026-03-08T10:00Z');
    for (let i = 1; i < day.length; i++) expect(day[i]!.starts_at).toBe(day[i - 1]!.ends_at);
    expect(day.every((s) => minutesOf(s) === 30 && s.source === 'weekly')).toBe(true);
  });

  it('the rule 01:30–03:30 on that day makes 01:30–02:00 and 03:00–03:30 only (decision 040)', async () => {
    const provider = await createProvider(t.app);
    const { generation } = await saveOk(t.app, provider, [
      { weekday: 7, start: '01:30', end: '03:30', slotMinutes: 30 },
    ]);
    const day = await slotsOf(t.app, provider, '2026-03-08');
    expect(day.map((s) => [s.start_time, s.end_time, s.starts_at, s.ends_at])).toEqual([
      ['01:30:00', '02:00:00', '2026-03-08T06:30Z', '2026-03-08T07:00Z'],
      ['03:00:00', '03:30:00', '2026-03-08T07:00Z', '2026-03-08T07:30Z'],
    ]);
    expect(generation).toMatchObject({ created: 2, skippedNonexistent: 2 });
  });

  it('a slot spanning the missing hour is skipped (01:30–02:30 would last from 01:30 to 03:30 on the clock)', async () => {
    const provider = await createProvider(t.app);
    const { generation } = await saveOk(t.app, provider, [
      { weekday: 7, start: '00:30', end: '04:30', slotMinutes: 60 },
    ]);
    const day = await slotsOf(t.app, provider, '2026-03-08');
    expect(day.map((s) => s.start_time.slice(0, 5))).toEqual(['00:30', '03:30']);
    expect(generation.skippedNonexistent).toBe(2);
    expectNoOverlap(day);
  });

  it('09:00 every day for two weeks is 09:00 on the wall clock before and after the change', async () => {
    const provider = await createProvider(t.app);
    const rules = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      start: '09:00',
      end: '10:00',
      slotMinutes: 60,
    }));
    const { generation } = await saveOk(t.app, provider, rules, 2);
    const slots = await slotsOf(t.app, provider);
    // Today's 09:00 has passed (it is 10:00): 13 days remain, no day missing, none twice.
    expect(generation.created).toBe(13);
    expect(slots.map((s) => s.day)).toEqual(
      Array.from({ length: 13 }, (_, i) => `2026-03-${String(3 + i).padStart(2, '0')}`),
    );
    for (const slot of slots) {
      const utcHour = slot.day < '2026-03-08' ? '14' : '13';
      expect(slot.starts_at).toBe(`${slot.day}T${utcHour}:00Z`);
      expect(minutesOf(slot)).toBe(60);
    }
  });
});

describe('daylight saving in America/New_York: fall back, Sunday 2026-11-01', () => {
  const NOW = new Date('2026-10-26T14:00:00Z');
  useFakeNow(NOW);

  it('00:00–06:00 in 30-minute slots: one slot per wall-clock time, none doubled, none overlapping', async () => {
    const { generation, day } = await sundayNightInHalfHours('2026-11-01');
    const starts = day.map((s) => s.start_time.slice(0, 5));
    expect(starts).toEqual(NIGHT_STARTS);
    expect(new Set(starts).size).toBe(12);
    expect(generation).toMatchObject({ created: 12, skippedNonexistent: 0 });
    expect(day.every((s) => minutesOf(s) === 30)).toBe(true);
    expectNoOverlap(day);
    // 00:30 EDT ends at the first 01:00 (05:00Z); the repeated 01:00 is read as EST (06:00Z).
    expect(day[1]!.ends_at).toBe('2026-11-01T05:00Z');
    expect(day[2]!.starts_at).toBe('2026-11-01T06:00Z');
    expect(day.at(-1)!.ends_at).toBe('2026-11-01T11:00Z');
  });

  it('the rule 01:30–03:30 that day makes four slots, each once', async () => {
    const provider = await createProvider(t.app);
    await saveOk(t.app, provider, [{ weekday: 7, start: '01:30', end: '03:30', slotMinutes: 30 }]);
    const day = await slotsOf(t.app, provider, '2026-11-01');
    expect(day.map((s) => [s.start_time.slice(0, 5), s.starts_at])).toEqual([
      ['01:30', '2026-11-01T06:30Z'],
      ['02:00', '2026-11-01T07:00Z'],
      ['02:30', '2026-11-01T07:30Z'],
      ['03:00', '2026-11-01T08:00Z'],
    ]);
  });

  it('a re-save after the change day creates nothing twice', async () => {
    const provider = await createProvider(t.app);
    const rules = [{ weekday: 7, start: '00:00', end: '06:00', slotMinutes: 30 }];
    await saveOk(t.app, provider, rules);
    const before = await slotsOf(t.app, provider);
    const again = await saveOk(t.app, provider, rules);
    expect(again.generation).toMatchObject({ created: 0, kept: 12, removed: 0 });
    expect(await slotsOf(t.app, provider)).toEqual(before);
  });
});
