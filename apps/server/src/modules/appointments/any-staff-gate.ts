/**
 * The "any staff" bookings of one time asked on this instance (docs/decisions/085): at most
 * `width` at once go to the database; the others wait here in their order. When one of them
 * learns that nobody is free at that time (its choice statement saw no free staff slot, locked
 * or not), everyone waiting who arrived before that statement was sent gets the same answer at
 * once: they were all asking while the statement's snapshot was taken, and an answer true of that
 * instant is a true answer to them. Whoever arrived later asks the database as usual. So a rush
 * of 200 on 10 staff costs about the 10 bookings and a few answers of "nobody free", not 200
 * transactions queued for 10 connections.
 */

/** The answer a booking that found nobody free gives those who waited behind it. */
export type ShareNobodyFree = (answer: unknown, askedAt: number) => void;

interface Waiter {
  arrivedAt: number;
  go: () => void;
  refuse: (answer: unknown) => void;
}

interface Gate {
  inFlight: number;
  waiting: Waiter[];
}

export class AnyStaffGate {
  private readonly gates = new Map<string, Gate>();

  constructor(private readonly width: number) {}

  /** Times with bookings in flight or waiting here. */
  get size(): number {
    return this.gates.size;
  }

  /**
   * Runs `book` once fewer than `width` bookings of `time` are in flight; rejects with the shared
   * answer instead when, while it waited, a booking sent after its arrival found nobody free.
   */
  async pass<T>(time: string, book: (share: ShareNobodyFree) => Promise<T>): Promise<T> {
    const arrivedAt = performance.now();
    let gate = this.gates.get(time);
    if (!gate) this.gates.set(time, (gate = { inFlight: 0, waiting: [] }));
    const entered = gate;
    if (entered.inFlight < this.width && entered.waiting.length === 0) entered.inFlight++;
    else {
      // Its place is counted by whoever wakes it (`leave`).
      await new Promise<void>((go, refuse) => entered.waiting.push({ arrivedAt, go, refuse }));
    }
    try {
      return await book((answer, askedAt) => {
        const answered = entered.waiting.filter((w) => w.arrivedAt < askedAt);
        if (answered.length === 0) return;
        entered.waiting = entered.waiting.filter((w) => w.arrivedAt >= askedAt);
        for (const waiter of answered) waiter.refuse(answer);
      });
    } finally {
      this.leave(time, entered);
    }
  }

  private leave(time: string, gate: Gate): void {
    gate.inFlight--;
    while (gate.inFlight < this.width && gate.waiting.length > 0) {
      gate.inFlight++;
      gate.waiting.shift()!.go();
    }
    if (gate.inFlight === 0 && gate.waiting.length === 0 && this.gates.get(time) === gate) {
      this.gates.delete(time);
    }
  }
}
