import { describe, expect, it } from 'vitest';
import { PushBarrier } from './push-barrier';

/**
 * The barrier's bookkeeping on its own (docs/decisions/056); with real PostgreSQL it is proven by
 * test/scale-out/pushed-revocation.test.ts. Here the "channel" hands each marker back when the
 * test says so, as the listener would once PostgreSQL delivered it.
 */
function channel() {
  const sent: string[] = [];
  const barrier = new PushBarrier();
  barrier.attach(async (payload) => {
    sent.push(payload);
  });
  const deliver = (index: number) => barrier.message(sent[index]!);
  return { barrier, sent, deliver };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('push barrier', () => {
  it('is always caught up where delivery is synchronous (PGlite)', () => {
    const barrier = new PushBarrier();
    barrier.attach(null);
    expect(barrier.caughtUp()).toBe(true);
  });

  it('is never caught up without a listener', () => {
    expect(new PushBarrier().caughtUp()).toBe(false);
  });

  it('a request waits for a marker sent after it arrived, and one marker serves many', async () => {
    const { barrier, sent, deliver } = channel();
    const first = barrier.caughtUp(performance.now());
    const second = barrier.caughtUp(performance.now());
    await tick();
    expect(sent).toHaveLength(1);
    // A request arriving now: the marker in flight may predate it, so it needs the next one.
    await new Promise((resolve) => setTimeout(resolve, 2));
    const arrivedLater = performance.now();
    const later = barrier.caughtUp(arrivedLater);
    deliver(0);
    expect(await first).toBe(true);
    expect(await second).toBe(true);
    await tick();
    expect(sent).toHaveLength(2);
    let laterDone = false;
    void Promise.resolve(later).then(() => (laterDone = true));
    await tick();
    expect(laterDone).toBe(false);
    deliver(1);
    expect(await later).toBe(true);
    // Anything that arrived before the last marker was sent needs no new one.
    expect(barrier.caughtUp(arrivedLater)).toBe(true);
  });

  it('a marker that never comes back means "ask the database", and so does a reconnect', async () => {
    const { barrier, sent, deliver } = channel();
    const pending = barrier.caughtUp();
    await tick();
    expect(sent).toHaveLength(1);
    expect(await pending).toBe(false); // after the 1 s deadline
    const since = performance.now();
    const next = barrier.caughtUp(since);
    await tick();
    deliver(1);
    expect(await next).toBe(true);
    barrier.down();
    expect(barrier.caughtUp(since)).not.toBe(true);
  });
});
