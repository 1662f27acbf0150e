import { describe, expect, it } from 'vitest';
import { batchedNotifier } from './batched-notifier';
import { PushBarrier } from './push-barrier';
import { ProviderWindowCache } from './provider-window-cache';

const P = '11111111-1111-4111-8111-111111111111';
const Q = '22222222-2222-4222-8222-222222222222';

/** A cache whose barrier is synchronous (PGlite's) and whose clock the test moves. */
async function liveCache() {
  const barrier = new PushBarrier();
  barrier.attach(null);
  let now = 1_000;
  const cache = new ProviderWindowCache(barrier, () => now);
  await cache.up();
  return { cache, tick: (ms: number) => (now += ms), at: () => now };
}

describe('ProviderWindowCache (docs/decisions/057)', () => {
  it('serves what was stored, per kind, provider and window', async () => {
    const { cache, at } = await liveCache();
    cache.store('week', P, '2027-01-04|2027-01-10', 'a', cache.mark(), at());
    expect(await cache.get('week', P, '2027-01-04|2027-01-10', at())).toBe('a');
    expect(await cache.get('week', P, '2027-01-11|2027-01-17', at())).toBeNull();
    expect(await cache.get('available', P, '2027-01-04|2027-01-10', at())).toBeNull();
    expect(await cache.get('week', Q, '2027-01-04|2027-01-10', at())).toBeNull();
    // A capitalised id in a path is the same provider.
    expect(await cache.get('week', P.toUpperCase(), '2027-01-04|2027-01-10', at())).toBe('a');
  });

  it('a read that began before an invalidation does not store its answer (the race rule)', async () => {
    const { cache, at } = await liveCache();
    const mark = cache.mark();
    // …the read is on its way to the database when the provider's slot changes…
    cache.message(`w ${P}`);
    cache.store('week', P, 'x|y', 'stale', mark, at());
    expect(cache.size).toBe(0);
    expect(await cache.get('week', P, 'x|y', at())).toBeNull();
    // Another provider's change counts too (one counter): at worst a read is not kept.
    const second = cache.mark();
    cache.message(`w ${Q}`);
    cache.store('week', P, 'x|y', 'maybe stale', second, at());
    expect(cache.size).toBe(0);
    // A read begun after it stores.
    cache.store('week', P, 'x|y', 'fresh', cache.mark(), at());
    expect(await cache.get('week', P, 'x|y', at())).toBe('fresh');
  });

  it('keeps a replica’s answer only when the replica has every change heard of (decision 077)', async () => {
    const { cache, tick, at } = await liveCache();
    // The replica replayed a primary position read at `replayedUpTo` (the probe's instant).
    let replayedUpTo = at();
    const keeps = (heardAt: number) => replayedUpTo > heardAt;
    const loads: string[] = [];
    const load = (body: string) => async () => {
      loads.push(body);
      return body;
    };
    tick(10);
    cache.message(`w ${P}`); // a change heard after the replica's position: it may lack it
    tick(10);
    expect(await cache.answer('available', P, '-|-', at(), load('maybe old'), keeps)).toBe(
      'maybe old',
    );
    expect(cache.size).toBe(0);
    // The probe then sees the replica past a position read after the change: kept.
    replayedUpTo = at();
    tick(10);
    expect(await cache.answer('available', P, '-|-', at(), load('current'), keeps)).toBe('current');
    expect(await cache.answer('available', P, '-|-', at(), load('not read'), keeps)).toBe(
      'current',
    );
    expect(loads).toEqual(['maybe old', 'current']);
    // Without a rule (the primary) a load begun after the change is kept at once.
    cache.message(`w ${P}`);
    expect(await cache.answer('available', P, '-|-', at(), load('primary'))).toBe('primary');
    expect(await cache.get('available', P, '-|-', at())).toBe('primary');
  });

  it('drops one provider’s answers on `w <id>`, everyone’s on `w *`', async () => {
    const { cache, at } = await liveCache();
    cache.store('week', P, 'a|b', '1', cache.mark(), at());
    cache.store('available', P, '-|-', '2', cache.mark(), at());
    cache.store('week', Q, 'a|b', '3', cache.mark(), at());
    cache.message(`w ${P}`);
    expect(await cache.get('week', P, 'a|b', at())).toBeNull();
    expect(await cache.get('available', P, '-|-', at())).toBeNull();
    expect(await cache.get('week', Q, 'a|b', at())).toBe('3');
    cache.message('s some-slot');
    expect(cache.size).toBe(1);
    cache.message('w *');
    expect(cache.size).toBe(0);
  });

  it('a business answer is dropped by any of its staff members’ changes, and expires after a second', async () => {
    const { cache, at, tick } = await liveCache();
    const B = '33333333-3333-4333-8333-333333333333';
    const load = (body: string) => async () => ({ body, providerIds: [P, Q.toUpperCase()] });
    expect(await cache.answerOf('business', B, 's|d', at(), load('merged'))).toBe('merged');
    // Cached: the next load is not asked.
    expect(await cache.answerOf('business', B, 's|d', at(), load('again'))).toBe('merged');
    // Q's change (any capitalisation) drops it; P's own answers are not the business's.
    cache.store('available', P, 'w', 'own', cache.mark(), at());
    cache.message(`w ${Q}`);
    expect(await cache.get('business', B, 's|d', at())).toBeNull();
    expect(await cache.get('available', P, 'w', at())).toBe('own');
    expect(await cache.answerOf('business', B, 's|d', at(), load('fresh'))).toBe('fresh');
    cache.message(`w ${P}`);
    expect(cache.size).toBe(0);
    await cache.answerOf('business', B, 's|d', at(), load('later'));
    tick(1_000);
    expect(await cache.get('business', B, 's|d', at())).toBeNull();
  });

  it('available slots and list pages expire after a second (they depend on the clock); the week does not', async () => {
    const { cache, at, tick } = await liveCache();
    cache.store('available', P, '-|-', 'slots', cache.mark(), at());
    cache.store('list', P, '-|20', 'page', cache.mark(), at());
    cache.store('week', P, 'a|b', 'week', cache.mark(), at());
    tick(999);
    expect(await cache.get('available', P, '-|-', at())).toBe('slots');
    expect(await cache.get('list', P, '-|20', at())).toBe('page');
    tick(1);
    expect(await cache.get('available', P, '-|-', at())).toBeNull();
    expect(await cache.get('list', P, '-|20', at())).toBeNull();
    tick(3_600_000);
    expect(await cache.get('week', P, 'a|b', at())).toBe('week');
  });

  it('serves and stores nothing while the channel is down, and starts empty after `up`', async () => {
    const { cache, at } = await liveCache();
    cache.store('week', P, 'a|b', '1', cache.mark(), at());
    const mark = cache.mark();
    cache.down();
    expect(await cache.get('week', P, 'a|b', at())).toBeNull();
    cache.store('week', P, 'a|b', '2', cache.mark(), at());
    expect(cache.size).toBe(0);
    await cache.up();
    // A read begun before the reconnect may have missed a change: not kept.
    cache.store('week', P, 'a|b', '3', mark, at());
    expect(cache.size).toBe(0);
  });

  it('nothing is served before the barrier has come back', async () => {
    const barrier = new PushBarrier();
    const cache = new ProviderWindowCache(barrier);
    await cache.up();
    cache.store('week', P, 'a|b', '1', cache.mark(), performance.now());
    // No listener attached: the barrier cannot be passed.
    expect(await cache.get('week', P, 'a|b', performance.now())).toBeNull();
    const sent: string[] = [];
    barrier.attach(async (payload) => {
      sent.push(payload);
      // The invalidation committed before the request arrives first, then the marker.
      cache.message(`w ${P}`);
      barrier.message(payload);
    });
    expect(await cache.get('week', P, 'a|b', performance.now())).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it('keeps at most 5,000 answers, the oldest dropped first', async () => {
    const { cache, at } = await liveCache();
    for (let i = 0; i < 5_001; i++) cache.store('week', P, `${i}|b`, 'x', cache.mark(), at());
    expect(cache.size).toBe(5_000);
    expect(await cache.get('week', P, '0|b', at())).toBeNull();
    expect(await cache.get('week', P, '5000|b', at())).toBe('x');
    cache.forget(P);
    expect(cache.size).toBe(0);
  });
});

describe('batchedNotifier', () => {
  it('sends the payloads that arrive while a statement is on its way as one next statement', async () => {
    const statements: string[][] = [];
    let release: () => void = () => {};
    const notify = batchedNotifier(async (payloads) => {
      statements.push(payloads);
      await new Promise<void>((resolve) => (release = resolve));
    });
    const first = notify(['w a']);
    await Promise.resolve();
    await Promise.resolve();
    const second = notify(['w b']);
    const third = notify(['w c', 'w b']);
    expect(statements).toEqual([['w a']]);
    release();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(statements).toEqual([['w a'], ['w b', 'w c']]);
    release();
    await Promise.all([second, third]);
  });

  it('a failed statement rejects its callers only', async () => {
    let fail = true;
    const notify = batchedNotifier(async () => {
      if (fail) throw new Error('down');
    });
    await expect(notify(['w a'])).rejects.toThrow('down');
    fail = false;
    await expect(notify(['w b'])).resolves.toBeUndefined();
  });
});
