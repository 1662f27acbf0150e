/**
 * A few seconds of reuse for hot pages of public search (docs/decisions/048): the same
 * normalised query (and cursor, for a later page) within `ttlMs` gets the same answer. The
 * answer is the same for every caller (no per-user field in a listing), and a booking still
 * checks the slot itself, so a "next available" a few seconds old is harmless.
 *
 * When an answer expires, one caller reloads it while the others keep getting the expired one
 * for up to another `ttlMs` (stale-while-revalidate): without that, every request of a hot
 * query queued behind the one slow reload at each expiry, and that wait was the p99.
 *
 * Background reloads run `maxBackgroundReloads` at a time (default 1): answers loaded together
 * expire together, and a dozen reloads started at once took the database's cores from the
 * requests being answered (docs/decisions/061-discovery-reloads.md). A stale key that finds no
 * free lane is served stale and tries again on its next request; once it is older than twice the
 * ttl its caller loads it, as a miss does.
 */
export class PageCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly maxEntries: number;
  private readonly maxBackgroundReloads: number;
  private readonly now: () => number;
  private backgroundReloads = 0;

  constructor(
    private readonly ttlMs: number,
    options: { maxEntries?: number; maxBackgroundReloads?: number; now?: () => number } = {},
  ) {
    this.maxEntries = options.maxEntries ?? 1000;
    this.maxBackgroundReloads = options.maxBackgroundReloads ?? 1;
    this.now = options.now ?? Date.now;
  }

  /** The cached answer for `key`, or `load()`'s (concurrent callers share one load). */
  async get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit) {
      // A first load still under way is shared, however long it takes.
      if (!hit.settled) return hit.value;
      const age = now - hit.at;
      if (age < this.ttlMs) return hit.value;
      if (age < 2 * this.ttlMs) {
        if (!hit.reloading && this.backgroundReloads < this.maxBackgroundReloads) {
          hit.reloading = true;
          this.backgroundReloads += 1;
          this.start(key, load)
            .catch(() => {
              // A failed reload keeps the old answer until it is too old; the next caller retries.
              hit.reloading = false;
            })
            .finally(() => {
              this.backgroundReloads -= 1;
            });
        }
        return hit.value;
      }
    }
    this.evictIfFull(now);
    return this.start(key, load);
  }

  /** Loads `key` and keeps the answer once it has arrived (a failed load is not kept). */
  private start(key: string, load: () => Promise<T>): Promise<T> {
    const entry: Entry<T> = { at: this.now(), value: load(), settled: false, reloading: false };
    const previous = this.entries.get(key);
    // The first load of a key is shared at once; a reload replaces the stale entry only on success.
    if (!previous?.settled) this.entries.set(key, entry);
    entry.value.then(
      () => {
        entry.settled = true;
        entry.at = this.now();
        this.entries.set(key, entry);
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.value;
  }

  private evictIfFull(now: number): void {
    if (this.entries.size < this.maxEntries) return;
    for (const [key, entry] of this.entries) {
      if (entry.settled && now - entry.at >= 2 * this.ttlMs) this.entries.delete(key);
    }
    if (this.entries.size >= this.maxEntries) this.entries.clear();
  }
}

interface Entry<T> {
  /** When the answer arrived (when the load started, until then). */
  at: number;
  value: Promise<T>;
  settled: boolean;
  reloading: boolean;
}
