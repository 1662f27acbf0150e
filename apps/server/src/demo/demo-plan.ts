import { addDays, clockIn, weekdayOf } from '@slotwise/shared/dates';
import { CATEGORIES, PROVIDERS } from './demo-catalogue';

/**
 * The demo plan, computed before anything is written: which slots every provider offers around
 * today, and which of them the demo clients booked, canceled or moved (deterministic: the same
 * demo on every fresh start).
 */

/** Days of slots before today (history) and from today on. */
const PAST_DAYS = 2;
const FUTURE_DAYS = 14;

/** The wall clock at an instant in one zone. */
export function wallClock(instant: Date, timeZone: string): { day: string; time: string } {
  const { today, time } = clockIn(timeZone, instant);
  return { day: today, time };
}

function hhmmss(minutes: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00`;
}

/** Deterministic pseudo-random numbers (mulberry32): the same demo on every fresh start. */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

export interface PlannedSlot {
  provider: number;
  day: string;
  startTime: string;
  endTime: string;
  type: string;
  /** Started before the seeding moment (wall-clock comparison in the zone). */
  past: boolean;
}

/**
 * Opening hours: weekdays 09:00–17:00 (every other provider, the demo provider among them, open
 * late until 20:00, so an evening search finds someone: docs/product.md §14.2), Saturdays
 * 10:00–14:00, and every third provider also on Sundays 11:00–15:00 (so the demo provider and a
 * few others have slots every day).
 */
function hoursOn(day: string, providerIndex: number): [number, number] | null {
  const wd = weekdayOf(day);
  if (wd >= 1 && wd <= 5) return [9 * 60, (providerIndex % 2 === 0 ? 20 : 17) * 60];
  if (wd === 6) return [10 * 60, 14 * 60];
  return providerIndex % 3 === 0 ? [11 * 60, 15 * 60] : null;
}

export function planSlots(today: string, nowTime: string): PlannedSlot[] {
  const slots: PlannedSlot[] = [];
  PROVIDERS.forEach((provider, index) => {
    const category = CATEGORIES[provider.specialty]!;
    for (let offset = -PAST_DAYS; offset < FUTURE_DAYS; offset++) {
      const day = addDays(today, offset);
      const hours = hoursOn(day, index);
      if (!hours) continue;
      for (let start = hours[0]; start + category.minutes <= hours[1]; start += category.minutes) {
        const startTime = hhmmss(start);
        slots.push({
          provider: index,
          day,
          startTime,
          endTime: hhmmss(start + category.minutes),
          type: category.services[(start / category.minutes + index) % category.services.length]!,
          past: day < today || (day === today && startTime <= nowTime),
        });
      }
    }
  });
  return slots;
}

type Status = 'booked' | 'canceled';

export interface PlannedAppointment {
  client: number;
  slot: number;
  status: Status;
  canceledBy?: 'client' | 'provider';
  /** Reschedule: the slot it was first booked on (free again now). */
  movedFrom?: number;
}

/**
 * Who booked what: hand-picked appointments for the demo client and the demo provider (today,
 * upcoming, past, canceled by either side, one rescheduled), then about one slot in five booked
 * by the other two clients, never two appointments of one client at the same time.
 */
export function planAppointments(slots: PlannedSlot[], today: string): PlannedAppointment[] {
  const rand = random(2025);
  const used = new Set<number>();
  const busy = new Map<number, Set<string>>();
  const planned: PlannedAppointment[] = [];
  const key = (s: PlannedSlot) => `${s.day} ${s.startTime.slice(0, 2)}`;
  const free = (client: number, index: number) =>
    !used.has(index) && !busy.get(client)?.has(key(slots[index]!));
  const take = (appointment: PlannedAppointment) => {
    for (const index of [appointment.slot, appointment.movedFrom]) {
      if (index !== undefined) used.add(index);
    }
    if (appointment.status === 'booked') {
      const hours = busy.get(appointment.client) ?? new Set<string>();
      hours.add(key(slots[appointment.slot]!));
      busy.set(appointment.client, hours);
    }
    planned.push(appointment);
  };
  const find = (client: number, test: (s: PlannedSlot) => boolean, from = 0): number => {
    for (let i = from; i < slots.length; i++) {
      if (test(slots[i]!) && free(client, i)) return i;
    }
    return -1;
  };
  const pick = (client: number, test: (s: PlannedSlot) => boolean): number | undefined => {
    // A pseudo-random start, wrapping around, so picks spread over providers.
    const from = Math.floor(rand() * slots.length);
    const found = find(client, test, from);
    const index = found >= 0 ? found : find(client, test);
    return index >= 0 ? index : undefined;
  };
  const add = (
    client: number,
    test: (s: PlannedSlot) => boolean,
    extra: Partial<PlannedAppointment> = {},
  ) => {
    const slot = pick(client, test);
    if (slot !== undefined) take({ client, slot, status: 'booked', ...extra });
  };

  const DEMO_CLIENT = 0;
  const DEMO_PROVIDER = 0;
  const isToday = (s: PlannedSlot) => s.day === today;
  const upcoming = (s: PlannedSlot) => !s.past && s.day > today && s.day <= addDays(today, 6);

  // The demo client: today with the demo provider and with someone else, upcoming, history.
  add(DEMO_CLIENT, (s) => isToday(s) && s.provider === DEMO_PROVIDER && !s.past);
  add(DEMO_CLIENT, (s) => isToday(s) && s.provider === DEMO_PROVIDER);
  add(DEMO_CLIENT, (s) => isToday(s) && s.provider !== DEMO_PROVIDER);
  for (let i = 0; i < 3; i++) add(DEMO_CLIENT, (s) => upcoming(s) && s.provider !== DEMO_PROVIDER);
  add(DEMO_CLIENT, (s) => s.past && s.day < today);
  add(DEMO_CLIENT, upcoming, { status: 'canceled', canceledBy: 'client' });
  add(DEMO_CLIENT, upcoming, { status: 'canceled', canceledBy: 'provider' });
  const movedFrom = pick(DEMO_CLIENT, (s) => upcoming(s) && s.provider === 3);
  if (movedFrom !== undefined) {
    used.add(movedFrom);
    const from = slots[movedFrom]!;
    add(DEMO_CLIENT, (s) => !s.past && s.provider === from.provider && s.day > from.day, {
      movedFrom,
    });
  }
  // The demo provider's day: the other clients too, one canceled by the provider.
  add(1, (s) => isToday(s) && s.provider === DEMO_PROVIDER);
  add(2, (s) => isToday(s) && s.provider === DEMO_PROVIDER);
  add(2, (s) => s.provider === DEMO_PROVIDER && upcoming(s), {
    status: 'canceled',
    canceledBy: 'provider',
  });

  // Everyone else's calendar fills up a little.
  slots.forEach((_slot, index) => {
    if (rand() >= 0.2) return;
    const client = 1 + Math.floor(rand() * 2);
    if (free(client, index)) take({ client, slot: index, status: 'booked' });
  });
  return planned;
}
