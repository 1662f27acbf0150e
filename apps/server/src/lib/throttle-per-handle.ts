/**
 * `run(handle)` at most once every `everyMs` per handle (a database handle, per process): a
 * check that costs a scan rides along with requests without running on each of them.
 */
export function throttledPerHandle<H extends object>(
  everyMs: number,
  run: (handle: H) => Promise<unknown>,
): (handle: H) => Promise<void> {
  const lastRun = new WeakMap<H, number>();
  return async (handle) => {
    const now = Date.now();
    const last = lastRun.get(handle);
    if (last !== undefined && now - last < everyMs) return;
    lastRun.set(handle, now);
    await run(handle);
  };
}
