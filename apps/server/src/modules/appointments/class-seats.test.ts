import { describe, expect, it } from 'vitest';
import { ConflictError } from '../../errors';
import { ClassSeats, type SeatHints, type SeatPass } from './class-seats';

/** Hints a test sets by hand: a slot known taken, and whether the barrier lets it be trusted. */
function fakeHints() {
  const taken = new Set<string>();
  const hints: SeatHints & { trusted: boolean; taken: Set<string> } = {
    taken,
    trusted: true,
    isTaken: (slotId) => taken.has(slotId),
    knownTaken: async (slotId) => hints.trusted && taken.has(slotId),
  };
  return hints;
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A booking the test finishes by hand: `started` once past the gate. */
function booking(seats: ClassSeats, slotId = 'class') {
  let pass: SeatPass | null = null;
  let finish!: (seated: boolean) => void;
  const done = new Promise<boolean>((resolve) => (finish = resolve));
  const answer = seats
    .pass(slotId, 0, async (p) => {
      pass = p;
      return done;
    })
    .then(
      (seated) => (seated ? 'seated' : 'refused by its read'),
      (error: unknown) => (error instanceof ConflictError ? error.code : 'failed'),
    );
  return {
    answer,
    get started() {
      return pass !== null;
    },
    /** Its read saw `free` seats left. */
    read: (free: number) => pass!.seen(free),
    /** Its claim gave it a seat. */
    seat: () => {
      pass!.seated();
      finish(true);
    },
    /** It ended without a seat (its read's own answer). */
    refuse: () => finish(false),
  };
}

describe('the seat gate of a class (docs/decisions/082)', () => {
  it('lets one through until a read says how many seats are left, then that many', async () => {
    const seats = new ClassSeats(fakeHints());
    const all = Array.from({ length: 6 }, () => booking(seats));
    await tick();
    expect(all.map((b) => b.started)).toEqual([true, false, false, false, false, false]);
    all[0]!.read(3);
    await tick();
    expect(all.map((b) => b.started)).toEqual([true, true, true, false, false, false]);
    all[0]!.seat();
    await tick();
    // Two seats believed left, two in flight: nobody more.
    expect(all.map((b) => b.started)).toEqual([true, true, true, false, false, false]);
    expect(await all[0]!.answer).toBe('seated');
  });

  it('a class seen full: those waiting are answered 409 SLOT_TAKEN from the hints, unread', async () => {
    const hints = fakeHints();
    const seats = new ClassSeats(hints);
    seats.note('class', 2);
    const all = Array.from({ length: 10 }, () => booking(seats));
    await tick();
    expect(all.filter((b) => b.started)).toHaveLength(2);
    all[0]!.seat();
    all[1]!.seat();
    await tick();
    // No seat believed left: one more goes, to read whether the class is full.
    expect(all.filter((b) => b.started)).toHaveLength(3);
    hints.taken.add('class');
    all[2]!.read(0);
    all[2]!.refuse();
    const answers = await Promise.all(all.map((b) => b.answer));
    expect(answers).toEqual([
      'seated',
      'seated',
      'refused by its read',
      ...Array.from({ length: 7 }, () => 'SLOT_TAKEN'),
    ]);
    expect(all.filter((b) => b.started)).toHaveLength(3);
    expect(seats.size).toBe(0);
  });

  it('a full class without a trusted hint: everyone waiting goes on to read for itself', async () => {
    const hints = fakeHints();
    hints.trusted = false;
    const seats = new ClassSeats(hints);
    seats.note('class', 0);
    const all = Array.from({ length: 5 }, () => booking(seats));
    await tick();
    expect(all.filter((b) => b.started)).toHaveLength(1);
    hints.taken.add('class');
    all[0]!.read(0);
    all[0]!.refuse();
    await tick();
    await tick();
    expect(all.every((b) => b.started)).toBe(true);
    for (const b of all.slice(1)) b.refuse();
    expect(new Set(await Promise.all(all.map((b) => b.answer)))).toEqual(
      new Set(['refused by its read']),
    );
    expect(seats.size).toBe(0);
  });

  it('a booking that fails leaves the gate; classes have gates of their own', async () => {
    const seats = new ClassSeats(fakeHints());
    const failing = seats.pass('a', 0, async () => {
      throw new Error('boom');
    });
    const other = booking(seats, 'b');
    const after = booking(seats, 'a');
    await expect(failing).rejects.toThrow('boom');
    await tick();
    expect(other.started).toBe(true);
    expect(after.started).toBe(true);
    other.refuse();
    after.refuse();
    await Promise.all([other.answer, after.answer]);
    expect(seats.size).toBe(0);
  });
});
