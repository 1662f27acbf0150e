import { randomUUID } from 'node:crypto';
import type { ChannelHandlers } from './push-channel';

/** A barrier that does not come back within this is a failure: callers ask the database. */
const BARRIER_TIMEOUT_MS = 1_000;

/**
 * "Has this instance heard everything committed before time t?" (docs/decisions/056). PostgreSQL
 * delivers notifications to a listener in commit order, so when the listener hears its own
 * marker NOTIFY, sent after t, every notification committed before t (a logout through another
 * instance, a slot freed there) has arrived before it. One marker serves every request that
 * arrived before it was sent: under load that is one tiny statement per batch, on the listening
 * connection (not the pool), instead of a lookup per request.
 */
export class PushBarrier implements ChannelHandlers {
  private send: ((payload: string) => Promise<void>) | null = null;
  private synchronous = false;
  /** performance.now() at which the latest barrier that came back was sent. */
  private coveredUntil = -Infinity;
  private inFlight: { sentAt: number; done: Promise<boolean> } | null = null;
  private queued: Promise<boolean> | null = null;
  private readonly waiting = new Map<string, () => void>();
  private readonly prefix = `x ${randomUUID()} `;
  private seq = 0;

  /** `notify` of the listener; null where delivery is synchronous (PGlite). */
  attach(notify: ((payload: string) => Promise<void>) | null): void {
    this.send = notify;
    this.synchronous = notify === null;
  }

  /**
   * True once every notification committed before `since` (a performance.now() instant, by
   * default now) has been received; false if that cannot be known now (listener down, slow).
   */
  caughtUp(since = performance.now()): Promise<boolean> | boolean {
    if (this.synchronous) return true;
    if (!this.send) return false;
    if (this.coveredUntil >= since) return true;
    if (this.inFlight && this.inFlight.sentAt >= since) return this.inFlight.done;
    // The barrier in flight may have been sent before `since`: wait for the next one.
    this.queued ??= (this.inFlight?.done ?? Promise.resolve(true)).then(() => {
      this.queued = null;
      return this.start();
    });
    return this.queued;
  }

  private start(): Promise<boolean> {
    const payload = `${this.prefix}${++this.seq}`;
    const sentAt = performance.now();
    const send = this.send;
    const done = new Promise<boolean>((resolve) => {
      const finish = (ok: boolean) => {
        clearTimeout(timer);
        this.waiting.delete(payload);
        if (ok && sentAt > this.coveredUntil) this.coveredUntil = sentAt;
        resolve(ok);
      };
      const timer = setTimeout(() => finish(false), BARRIER_TIMEOUT_MS);
      this.waiting.set(payload, () => finish(true));
      if (!send) finish(false);
      else send(payload).catch(() => finish(false));
    });
    this.inFlight = { sentAt, done };
    void done.then(() => {
      if (this.inFlight?.done === done) this.inFlight = null;
    });
    return done;
  }

  message(payload: string): void {
    if (payload.startsWith('x ')) this.waiting.get(payload)?.();
  }

  async up(): Promise<void> {}

  down(): void {
    // Nothing from before a reconnect counts: the subscribers reload instead.
    this.coveredUntil = -Infinity;
  }
}
