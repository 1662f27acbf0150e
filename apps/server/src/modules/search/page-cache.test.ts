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

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('PageCache: first pages reused for ttlMs, then stale while one caller reloads', () => {
  it('shares one load between concurrent callers and reuses the answer within the ttl', async () => {
    let now = 0;
    const cache = new PageCache<string>(1000, 10, () => now);
    const loads = controlledLoads();
    const first = cache.get('k', loads.load);
    const second = cache.get('k', loads.load);
    now = 5000; // a slow first load is still shared
    const third = cache.get('k', loads.load);
    expect(loads.calls()).toBe(1);
    loads.pending[0]!.resolve('a');
    await expect(Promise.all([first, second, third])).resolves.toEqual(['a', 'a', 'a']);
    now = 5999; // the answer arrived at 5000
    await expect(cache.get('k', loads.load)).resolves.toBe('a');
    expect(loads.calls()).toBe(1);
  });

  it('after the ttl: answers the old page at once and reloads it once in the background', async () => {
    let now = 0;
    const cache = new PageCache<string>(1000, 10, () => now);
    const loads = controlledLoads();
    const first = cache.get('k', loads.load);
    loads.pending[0]!.resolve('old');
    await first;
    now = 1500;
    await expect(cache.get('k', loads.load)).resolves.toBe('old');
    await expect(cache.get('k', loads.load)).resolves.toBe('old');
    expect(loads.calls()).toBe(2);
    loads.pending[1]!.resolve('new');
    await flush();
    await expect(cache.get('k', loads.load)).resolves.toBe('new');
    expect(loads.calls()).toBe(2);
  });

  it('an answer older than twice the ttl is never served: the caller waits for a fresh one', async () => {
    let now = 0;
    const cache = new PageCache<string>(1000, 10, () => now);
    const loads = controlledLoads();
    const first = cache.get('k', loads.load);
    loads.pending[0]!.resolve('old');
    await first;
    now = 2000;
    const fresh = cache.get('k', loads.load);
    loads.pending[1]!.resolve('new');
    await expect(fresh).resolves.toBe('new');
  });

  it('a failed reload keeps the old page; a failed first load is not kept', async () => {
    let now = 0;
    const cache = new PageCache<string>(1000, 10, () => now);
    const loads = controlledLoads();
    const failing = cache.get('k', loads.load);
    loads.pending[0]!.reject(new Error('database down'));
    await expect(failing).rejects.toThrow('database down');
    const retried = cache.get('k', loads.load);
    loads.pending[1]!.resolve('old');
    await expect(retried).resolves.toBe('old');
    now = 1500;
    await expect(cache.get('k', loads.load)).resolves.toBe('old');
    loads.pending[2]!.reject(new Error('database down'));
    await flush();
    await expect(cache.get('k', loads.load)).resolves.toBe('old');
    expect(loads.calls()).toBe(4); // the next caller after the failure tries again
  });

  it('with a ttl of 0 every call loads', async () => {
    const cache = new PageCache<string>(0);
    let calls = 0;
    const load = async () => `answer ${++calls}`;
    await cache.get('k', load);
    await expect(cache.get('k', load)).resolves.toBe('answer 2');
  });
});
