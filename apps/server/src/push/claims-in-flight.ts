/**
 * Bookings of a slot in flight on this instance (docs/decisions/058). In a rush every slot is
 * wanted by several requests at once; instead of each reading the slot and running the claim
 * statement (which then waits on the first one's row lock and finds it booked), the later ones
 * wait for the first one's outcome. If it booked the slot, they are answered 409 SLOT_TAKEN: the
 * slot was taken while they were in flight, which is what the database would have said. If the
 * database refused it because the slot's resource was held then (docs/product.md §13.3), they
 * are answered 409 RESOURCE_BUSY: the same time and the same resource, held while they were in
 * flight. If neither (refused otherwise, failed, raced elsewhere), they go to the database
 * themselves. The database still decides every booking (docs/decisions/029); this only spares
 * it the doomed attempts.
 */

/** How a claim in flight ended: it booked the slot (true), its resource was held, or neither. */
export type ClaimOutcome = boolean | 'resource-busy';

/** How many classes' ids are kept (a bound, not a cache policy: past it the set starts over). */
const MAX_SEATED = 10_000;

export class ClaimsInFlight {
  private readonly claims = new Map<string, Promise<ClaimOutcome>>();
  /**
   * Slots seen to seat several clients (docs/decisions/067-seats-and-series.md): one booking's
   * success does not answer another's, so their bookings never wait here.
   */
  private readonly seated = new Set<string>();

  markSeated(slotId: string): void {
    if (this.seated.size >= MAX_SEATED) this.seated.clear();
    this.seated.add(slotId);
  }

  isSeated(slotId: string): boolean {
    return this.seated.has(slotId);
  }

  get size(): number {
    return this.claims.size;
  }

  /**
   * Bookings on this instance between their arrival and their answer, of any slot and kind (a
   * class's and "any staff" bookings too, which never wait in `claims`): background work yields
   * to a rush of any of them (jobs/worker.ts).
   */
  private inHand = 0;

  get bookings(): number {
    return this.inHand;
  }

  /** Counts `book` among the bookings in hand while it runs. */
  async during<T>(book: () => Promise<T>): Promise<T> {
    this.inHand++;
    try {
      return await book();
    } finally {
      this.inHand--;
    }
  }

  /**
   * The outcome of a claim of the slot that was in flight here, when it answers the later
   * bookings too: it booked the slot (true) or its resource was held ('resource-busy'); false
   * when none was in flight or each ended otherwise.
   */
  async outcomeOfOneAhead(slotId: string): Promise<ClaimOutcome> {
    for (let ahead = this.claims.get(slotId); ahead; ahead = this.claims.get(slotId)) {
      const outcome = await ahead;
      if (outcome !== false) return outcome;
    }
    return false;
  }

  /**
   * Announces an attempt on the slot; the returned `settle(outcome)` must be called once it is
   * known whether it booked the slot (calling it again does nothing).
   */
  start(slotId: string): (outcome: ClaimOutcome) => void {
    let resolve!: (outcome: ClaimOutcome) => void;
    const claim = new Promise<ClaimOutcome>((r) => (resolve = r));
    this.claims.set(slotId, claim);
    return (outcome) => {
      resolve(outcome);
      if (this.claims.get(slotId) === claim) this.claims.delete(slotId);
    };
  }
}
