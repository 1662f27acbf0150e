import { BOOKING_MESSAGES } from '@slotwise/shared/appointments-booking-schemas';
import { ConflictError } from '../../errors';

/**
 * The seat gate of a class on this instance (docs/decisions/082-series-and-class-speed.md). A
 * plain slot's rush is answered mostly from memory: the bookings behind the first one in flight
 * share its outcome (push/claims-in-flight.ts, docs/decisions/058). A class cannot share one
 * booking's outcome (one seat taken is not the class full), so without a gate every booking of a
 * rush on a class of 100 read the slot, built its appointment, texts and mail jobs, joined a
 * claim statement, and 900 of 1,000 then read again to learn the class was full.
 *
 * The gate lets through, per class, about as many bookings at once as it has seats left (as the
 * latest read said, less the seats claimed here since; at least one): the others wait here. A
 * waiting booking never gets an answer from the gate itself: when it may go on, it is either
 * answered from the taken-slot hints (a read saw the class full; push/taken-slot-hints.ts, the
 * rules of docs/decisions/056: the push barrier first, any freed seat drops the hint) or it
 * reads and claims like any booking. So every seat is still given by the claim statement, and
 * every SLOT_TAKEN by the database's own answer (decisions 029, 067).
 *
 * What a rush on a full class then costs: about as many reads and claims as there were seats,
 * one read that finds it full, and a hint for everyone else.
 */

/** What the gate needs of the taken-slot hints (push/taken-slot-hints.ts). */
export interface SeatHints {
  isTaken(slotId: string): boolean;
  knownTaken(slotId: string, since: number): Promise<boolean>;
}

/** How a waiting booking is woken: it may go on (its place is kept), or the class may be full. */
type Wake = 'enter' | 'check';

interface Gate {
  /** Bookings of this class past the gate and not yet settled. */
  inFlight: number;
  /** Seats believed free: the latest read's, less the seats claimed here since; null: unknown. */
  free: number | null;
  /** The latest read found the class full (so those waiting need not go one at a time). */
  fullSeen: boolean;
  /** Bookings waiting, first come first served. */
  waiting: ((wake: Wake) => void)[];
  /** Bookings woken because the class may be full, still asking the hints. */
  checking: number;
}

/** One booking's passage through the gate: what its read saw, and its seat once claimed. */
export interface SeatPass {
  /** The read saw `free` seats left (capacity less those taken). */
  seen(free: number): void;
  /** The claim gave it a seat: the gate lets the next one through (before the fan-out). */
  seated(): void;
}

/** How many classes' seat counts read outside a gate are kept (a bound: past it, start over). */
const MAX_NOTED = 10_000;

export class ClassSeats {
  private readonly gates = new Map<string, Gate>();
  /** Seats left as read by a booking outside the gate (the first of a rush), for its gate. */
  private readonly noted = new Map<string, number>();

  constructor(private readonly hints: SeatHints) {}

  /** Classes with bookings past or waiting at their gate. */
  get size(): number {
    return this.gates.size;
  }

  /**
   * Runs `book` once the gate of `slotId` lets it through; answers 409 SLOT_TAKEN instead when,
   * while it waited, the class became known full (for a booking that arrived at `since`).
   */
  async pass<T>(slotId: string, since: number, book: (pass: SeatPass) => Promise<T>): Promise<T> {
    const gate = this.gateOf(slotId);
    for (;;) {
      if (gate.waiting.length === 0 && this.mayEnter(gate)) {
        gate.inFlight++;
        break;
      }
      const wake = await new Promise<Wake>((resolve) => gate.waiting.push(resolve));
      if (wake === 'enter') break; // its place was counted when it was woken
      const full = await this.hints.knownTaken(slotId, since);
      gate.checking--;
      if (full) {
        this.release(slotId, gate);
        throw new ConflictError('SLOT_TAKEN', BOOKING_MESSAGES.slotTaken);
      }
    }
    let open = true;
    const leave = () => {
      if (!open) return;
      open = false;
      gate.inFlight--;
      this.release(slotId, gate);
    };
    try {
      return await book({
        seen: (free) => this.seen(slotId, gate, free),
        seated: () => {
          if (open && gate.free !== null) gate.free = Math.max(0, gate.free - 1);
          leave();
        },
      });
    } finally {
      leave();
    }
  }

  /**
   * A booking that was not at the gate read the class (the first of a rush, before the slot was
   * known to seat several): the seats it saw left open the gate that wide for those behind it.
   */
  note(slotId: string, free: number): void {
    const gate = this.gates.get(slotId);
    if (gate) return this.seen(slotId, gate, free);
    if (this.noted.size >= MAX_NOTED) this.noted.clear();
    this.noted.set(slotId, Math.max(0, free));
  }

  private gateOf(slotId: string): Gate {
    let gate = this.gates.get(slotId);
    if (!gate) {
      const free = this.noted.get(slotId) ?? null;
      gate = { inFlight: 0, free, fullSeen: false, waiting: [], checking: 0 };
      this.noted.delete(slotId);
      this.gates.set(slotId, gate);
    }
    return gate;
  }

  private seen(slotId: string, gate: Gate, free: number): void {
    gate.free = Math.max(0, free);
    gate.fullSeen = free <= 0;
    this.wake(slotId, gate);
  }

  /**
   * Until a read said how many seats are left, one at a time; then as many as are left (at
   * least one, which reads whether the class is full). A read that found it full but left no
   * hint (the push channel down, a seat freed meanwhile): everyone, each to read for itself.
   */
  private mayEnter(gate: Gate): boolean {
    return gate.fullSeen || gate.inFlight < Math.max(1, gate.free ?? 1);
  }

  /**
   * Wakes whoever may go on now: when the class is known full, everyone, to be answered from the
   * hints; else as many as there is room for, in their order.
   */
  private wake(slotId: string, gate: Gate): void {
    if (gate.waiting.length === 0) return;
    if (this.hints.isTaken(slotId)) {
      const woken = gate.waiting.splice(0);
      gate.checking += woken.length;
      for (const resolve of woken) resolve('check');
      return;
    }
    while (gate.waiting.length > 0 && this.mayEnter(gate)) {
      gate.inFlight++;
      gate.waiting.shift()!('enter');
    }
  }

  /** A booking left the gate (or stopped waiting): the next may go; an idle gate is dropped. */
  private release(slotId: string, gate: Gate): void {
    this.wake(slotId, gate);
    const idle = gate.inFlight === 0 && gate.waiting.length === 0 && gate.checking === 0;
    if (idle && this.gates.get(slotId) === gate) this.gates.delete(slotId);
  }
}

const gates = new WeakMap<SeatHints, ClassSeats>();

/** The instance's seat gates, one set per taken-slot hints (one per app). */
export function classSeatsOf(hints: SeatHints): ClassSeats {
  let seats = gates.get(hints);
  if (!seats) {
    seats = new ClassSeats(hints);
    gates.set(hints, seats);
  }
  return seats;
}
