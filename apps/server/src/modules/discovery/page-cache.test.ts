import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache';

/** A load whose answer the test releases by hand. */
function controlledLoads() {
  const pending: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  let calls = 0;
  const load = () => {
    calls += 1;
    return new Promise<string>((resolve, reject) => pending.push({ resolve, reject }));
  };
  return { load, pending, calls: () => calls };
}

/** A cache of ttl 1000 on a hand-moved clock (starting at 0), loading 'k' by controlled loads. */
function cacheOnClock() {
  let now = 0;
  const cache = new PageCache<string>(1000, { maxEntries: 10, now: () => now });
  const loads = controlledLoads();
  return {
    loads,
    get: () => cache.get('k', loads.load),
    setNow: (ms: number) => {
      now = ms;
    },
  };
}

/** A clock-driven cache whose first load has answered 'old' at time 0. */
async function cacheHoldingOld() {
  const cached = cacheOnClock();
  const first = cached.get();
  cached.loads.pending[0]!.resolve('old');
  await first;
  return cached;
}

/** A clock-driven cache (ttl 1000) whose keys 'a' and 'b' were loaded at time 0. */
async function twoKeysHolding(a: string, b: string) {
  let now = 0;
  const cache = new PageCache<string>(1000, { now: () => now });
  const loads = controlledLoads();
  const get = (key: string) => cache.get(key, loads.load);
  const firsts = [get('a'), get('b')];
  loads.pending[0]!.resolve(a);
  loads.pending[1]!.resolve(b);
  await Promise.all(firsts);
  return {
    loads,
    get,
    setNow: (ms: number) => {
      now = ms;
    },
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('PageCache: first pages reused for ttlMs, then stale while one caller reloads', () => {
  it('shares one load between concurrent callers and reuses the answer within the ttl', async () => {
    const { loads, get, setNow } = cacheOnClock();
    const first = get();
    const second = get();
    setNow(5000); // a slow first load is still shared
    const third = get();
    expect(loads.calls()).toBe(1);
    loads.pending[0]!.resolve('a');
    await expect(Promise.all([first, second, third])).resolves.toEqual(['a', 'a', 'a']);
    setNow(5999); // the answer arrived at 5000
    await expect(get()).resolves.toBe('a');
    expect(loads.calls()).toBe(1);
  });

  it('after the ttl: answers the old page at once and reloads it once in the background', async () => {
    const { loads, get, setNow } = await cacheHoldingOld();
    setNow(1500);
    await expect(get()).resolves.toBe('old');
    await expect(get()).resolves.toBe('old');
    expect(loads.calls()).toBe(2);
    loads.pending[1]!.resolve('new');
    await flush();
    await expect(get()).resolves.toBe('new');
    expect(loads.calls()).toBe(2);
  });

  it('an answer older than twice the ttl is never served: the caller waits for a fresh one', async () => {
    const { loads, get, setNow } = await cacheHoldingOld();
    setNow(2000);
    const fresh = get();
    loads.pending[1]!.resolve('new');
    await expect(fresh).resolves.toBe('new');
  });

  it('a failed reload keeps the old page; a failed first load is not kept', async () => {
    const { loads, get, setNow } = cacheOnClock();
    const failing = get();
    loads.pending[0]!.reject(new Error('database down'));
    await expect(failing).rejects.toThrow('database down');
    const retried = get();
    loads.pending[1]!.resolve('old');
    await expect(retried).resolves.toBe('old');
    setNow(1500);
    await expect(get()).resolves.toBe('old');
    loads.pending[2]!.reject(new Error('database down'));
    await flush();
    await expect(get()).resolves.toBe('old');
    expect(loads.calls()).toBe(4); // the next caller after the failure tries again
  });

  it('reloads in the background one key at a time: the others are served stale meanwhile', async () => {
    const { loads, get, setNow } = await twoKeysHolding('a0', 'b0');
    setNow(1500); // both stale: 'a' takes the one lane, 'b' waits for it
    await expect(get('a')).resolves.toBe('a0');
    await expect(get('b')).resolves.toBe('b0');
    await expect(get('b')).resolves.toBe('b0');
    expect(loads.calls()).toBe(3);
    loads.pending[2]!.resolve('a1');
    await flush();
    await expect(get('b')).resolves.toBe('b0'); // the lane is free: b's reload starts now
    expect(loads.calls()).toBe(4);
    loads.pending[3]!.resolve('b1');
    await flush();
    await expect(Promise.all([get('a'), get('b')])).resolves.toEqual(['a1', 'b1']);
  });

  it('a key left stale by a busy lane is loaded by its caller once twice the ttl old', async () => {
    const { loads, get, setNow } = await twoKeysHolding('a0', 'b0');
    setNow(1500);
    await expect(get('a')).resolves.toBe('a0'); // a's reload holds the lane and never ends
    setNow(2000);
    const fresh = get('b');
    expect(loads.calls()).toBe(4);
    loads.pending[3]!.resolve('b1');
    await expect(fresh).resolves.toBe('b1');
  });

  it('a failed background reload frees its lane', async () => {
    const { loads, get, setNow } = await twoKeysHolding('a0', 'b0');
    setNow(1500);
    await get('a');
    loads.pending[2]!.reject(new Error('database down'));
    await flush();
    await expect(get('b')).resolves.toBe('b0');
    expect(loads.calls()).toBe(4); // b's reload got the lane
  });

  it('with a ttl of 0 every call loads', async () => {
    const cache = new PageCache<string>(0);
    let calls = 0;
    const load = async () => `answer ${++calls}`;
    await cache.get('k', load);
    await expect(cache.get('k', load)).resolves.toBe('answer 2');
  });
});
