import type { ChannelHandlers } from './push-channel';
import type { PushBarrier } from './push-barrier';
import { ClaimsInFlight } from './claims-in-flight';

/** At most this many slots are remembered (the oldest goes first). */
const MAX_HINTS = 20_000;
/** A slot about to start is asked of the database: it must answer INVALID_STATE, not SLOT_TAKEN. */
const START_MARGIN_MS = 5_000;

/**
 * Slots this instance saw booked (docs/decisions/056), so the losers of a rush are answered 409
 * SLOT_TAKEN without a query. Only ever a hint that a slot is TAKEN: a slot not in it goes to the
 * real statement, and an entry is dropped the moment its slot may be free again:
 *
 * - every slot freed anywhere is announced by the 0014 trigger (`s <id>`, on cancel, reschedule,
 *   delete, or any SQL) and forgotten on arrival; a freeing on this instance is also forgotten
 *   by its appointment change consumer (app/appointment-changes.ts) before its answer leaves;
 * - a request is answered from it only once the push barrier shows that every slot freed before
 *   the request arrived has been heard of;
 * - while the push channel is down (or reloading) nothing is answered from it, and it starts
 *   empty again after every reconnect (frees announced meanwhile were missed);
 * - a read that began before some slot was freed may not record what it saw (`mark`).
 */
export class TakenSlotHints implements ChannelHandlers {
  private readonly taken = new Map<string, number>();
  private live = false;
  /** Counts forgets: a read started at mark m records only if nothing was forgotten since. */
  private forgets = 0;
  /** Bookings of a slot in flight here: the later ones share the first one's outcome. */
  readonly inFlight = new ClaimsInFlight();

  get size(): number {
    return this.taken.size;
  }

  /** Call before reading a slot whose answer may be `remember`ed. */
  mark(): number {
    return this.forgets;
  }

  constructor(private readonly barrier: PushBarrier) {}

  /**
   * Taken, for a request that arrived at `since` (performance.now()): only when the instance has
   * heard every slot freed before then (a cancel through another instance a moment ago).
   */
  async knownTaken(slotId: string, since: number): Promise<boolean> {
    if (!this.isTaken(slotId)) return false;
    return (await this.barrier.caughtUp(since)) && this.isTaken(slotId);
  }

  /** In the set and trusted (a hint that can only err towards asking the database). */
  isTaken(slotId: string, now = Date.now()): boolean {
    if (!this.live) return false;
    const startsAt = this.taken.get(slotId);
    if (startsAt === undefined) return false;
    if (startsAt - START_MARGIN_MS <= now) {
      this.taken.delete(slotId);
      return false;
    }
    return true;
  }

  /** The database said (a read or a claim begun at `mark`) that the slot is booked. */
  remember(slotId: string, startsAt: Date | string, mark: number): void {
    if (!this.live || mark !== this.forgets) return;
    if (this.taken.size >= MAX_HINTS && !this.taken.has(slotId)) {
      this.taken.delete(this.taken.keys().next().value!);
    }
    this.taken.set(slotId, new Date(startsAt).getTime());
  }

  forget(slotId: string): void {
    this.forgets++;
    this.taken.delete(slotId);
  }

  message(payload: string): void {
    if (payload.startsWith('s ')) this.forget(payload.slice(2));
  }

  async up(): Promise<void> {
    this.forgets++;
    this.taken.clear();
    this.live = true;
  }

  down(): void {
    this.live = false;
    this.forgets++;
    this.taken.clear();
  }
}
