import { addDays, secondsOf, timeOf, weekdayOf } from '@slotwise/shared/dates';
import type { WindowSlot } from '../api/get-timeslot-window';

/**
 * The week calendar's geometry, free of React: the visible days, the hour rows, which slots
 * start in which hour cell, the free time of a cell, and the order keyboard focus walks.
 */

/** Rows shown even for an empty week; slots outside widen the range. */
export const DEFAULT_FIRST_HOUR = 8;
export const DEFAULT_LAST_HOUR = 18;

/** The Monday of the week holding `day` (weeks run Monday to Sunday). */
export function mondayOf(day: string): string {
  return addDays(day, -((weekdayOf(day) + 6) % 7));
}

/** The visible days: the week of `anchor`, or only `anchor` in the day view. */
export function visibleDays(anchor: string, mode: 'week' | 'day'): string[] {
  if (mode === 'day') return [anchor];
  const monday = mondayOf(anchor);
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** Seconds of an end time; '00:00:00' as an end is midnight at the end of the day. */
export function endSeconds(time: string): number {
  const seconds = secondsOf(time);
  return seconds === 0 ? 24 * 3600 : seconds;
}

export const cellKey = (day: string, hour: number) => `cell:${day}:${hour}`;
export const slotKey = (slot: Pick<WindowSlot, 'id'>) => `slot:${slot.id}`;

export interface HourCell {
  day: string;
  hour: number;
  key: string;
  /** Slots starting in this hour, earliest first. */
  starting: WindowSlot[];
  /** Quarter-hour starts ('HH:MM') not covered by a slot. */
  freeQuarters: string[];
  /** The first of them, or null when the hour is full. */
  freeStart: string | null;
}

export interface WeekLayout {
  days: string[];
  hours: number[];
  /** cells[hourIndex][dayIndex]. */
  cells: HourCell[][];
  /** Focus targets per day column, top to bottom: a cell's free time, then its slots. */
  columns: string[][];
}

const QUARTER = 15 * 60;

/**
 * Linear in slots + cells (a week is laid out on every page turn and is part of the measured
 * render): each slot's times are parsed once, bucketed by day and start hour, and marks the
 * quarter-hours it covers in its day's 96-quarter map.
 */
export function layoutWeek(days: readonly string[], slots: readonly WindowSlot[]): WeekLayout {
  const dayIndex = new Map(days.map((day, index) => [day, index] as const));
  const placed: { slot: WindowSlot; day: number; start: number; end: number }[] = [];
  for (const slot of slots) {
    const day = dayIndex.get(slot.day);
    if (day === undefined) continue;
    placed.push({ slot, day, start: secondsOf(slot.start_time), end: endSeconds(slot.end_time) });
  }
  placed.sort((a, b) => a.start - b.start);

  let first = DEFAULT_FIRST_HOUR;
  let last = DEFAULT_LAST_HOUR;
  const covered = days.map(() => new Uint8Array(96));
  for (const { day, start, end } of placed) {
    first = Math.min(first, Math.floor(start / 3600));
    last = Math.max(last, Math.ceil(end / 3600));
    // Quarters q with [q, q + 15 min) overlapping [start, end).
    const quarters = covered[day]!;
    for (let q = Math.floor(start / QUARTER); q * QUARTER < end && q < 96; q += 1) quarters[q] = 1;
  }
  const hours = Array.from({ length: last - first }, (_, index) => first + index);

  const cells = hours.map((hour) =>
    days.map((day, index): HourCell => {
      const quarters = covered[index]!;
      const freeQuarters: string[] = [];
      for (let quarter = hour * 4; quarter < hour * 4 + 4; quarter += 1) {
        if (!quarters[quarter]) freeQuarters.push(timeOf(quarter * QUARTER).slice(0, 5));
      }
      return {
        day,
        hour,
        key: cellKey(day, hour),
        starting: [],
        freeQuarters,
        freeStart: freeQuarters[0] ?? null,
      };
    }),
  );
  // Earliest first within a cell: `placed` is sorted by start.
  for (const { slot, day, start } of placed) {
    cells[Math.floor(start / 3600) - first]![day]!.starting.push(slot);
  }

  const columns = days.map((_, index) =>
    cells.flatMap((row) => {
      const cell = row[index]!;
      return [...(cell.freeStart ? [cell.key] : []), ...cell.starting.map(slotKey)];
    }),
  );
  return { days: [...days], hours, cells, columns };
}

/** Where a focus target sits: its column and its position in it. */
export function positionOf(layout: WeekLayout, key: string): { column: number; index: number } {
  for (let column = 0; column < layout.columns.length; column += 1) {
    const index = layout.columns[column]!.indexOf(key);
    if (index >= 0) return { column, index };
  }
  return { column: -1, index: -1 };
}

/** The hour a target belongs to (the cell's, or the slot's start hour). */
function hourOfTarget(key: string, slots: ReadonlyMap<string, WindowSlot>): number {
  if (key.startsWith('cell:')) return Number(key.split(':')[2]);
  const slot = slots.get(key);
  return slot ? Math.floor(secondsOf(slot.start_time) / 3600) : 0;
}

/**
 * The target an arrow key leads to: Up/Down walk the column, Left/Right go to the neighbour
 * day at the nearest hour, Home/End to the top and bottom of the column. Null: nowhere to go.
 */
export function nextTarget(
  layout: WeekLayout,
  slots: ReadonlyMap<string, WindowSlot>,
  key: string,
  direction: 'up' | 'down' | 'left' | 'right' | 'home' | 'end',
): string | null {
  const { column, index } = positionOf(layout, key);
  if (column < 0) return null;
  const targets = layout.columns[column]!;
  switch (direction) {
    case 'up':
      return targets[index - 1] ?? null;
    case 'down':
      return targets[index + 1] ?? null;
    case 'home':
      return targets[0] ?? null;
    case 'end':
      return targets.at(-1) ?? null;
    default: {
      const step = direction === 'left' ? -1 : 1;
      const hour = hourOfTarget(key, slots);
      for (let other = column + step; other >= 0 && other < layout.columns.length; other += step) {
        const candidates = layout.columns[other]!;
        if (candidates.length === 0) continue;
        let best = candidates[0]!;
        for (const candidate of candidates) {
          const distance = Math.abs(hourOfTarget(candidate, slots) - hour);
          if (distance < Math.abs(hourOfTarget(best, slots) - hour)) best = candidate;
        }
        return best;
      }
      return null;
    }
  }
}
