/**
 * Bookings of a slot in flight on this instance (docs/decisions/058). In a rush every slot is
 * wanted by several requests at once; instead of each reading the slot and running the claim
 * statement (which then waits on the first one's row lock and finds it booked), the later ones
 * wait for the first one's outcome. If it booked the slot, they are answered 409 SLOT_TAKEN: the
 * slot was taken while they were in flight, which is what the database would have said. If it
 * did not (refused, failed, raced elsewhere), they go to the database themselves. The database
 * still decides every booking (docs/decisions/029); this only spares it the doomed attempts.
 */
export class ClaimsInFlight {
  private readonly claims = new Map<string, Promise<boolean>>();

  get size(): number {
    return this.claims.size;
  }

  /** True once a claim of the slot that was in flight here booked it; false if none did. */
  async takenByOneAhead(slotId: string): Promise<boolean> {
    for (let ahead = this.claims.get(slotId); ahead; ahead = this.claims.get(slotId)) {
      if (await ahead) return true;
    }
    return false;
  }

  /**
   * Announces an attempt on the slot; the returned `settle(booked)` must be called once it is
   * known whether it booked the slot (calling it again does nothing).
   */
  start(slotId: string): (booked: boolean) => void {
    let resolve!: (booked: boolean) => void;
    const claim = new Promise<boolean>((r) => (resolve = r));
    this.claims.set(slotId, claim);
    return (booked) => {
      resolve(booked);
      if (this.claims.get(slotId) === claim) this.claims.delete(slotId);
    };
  }
}
