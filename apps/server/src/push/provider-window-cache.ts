import type { ChannelHandlers } from './push-channel';
import type { PushBarrier } from './push-barrier';

/**
 * What is cached: the provider's own week view, a client's available slots of a provider, and
 * the first page of the provider's own appointment list.
 */
export type WindowKind = 'week' | 'available' | 'list' | 'business' | 'page';

/** At most this many answers (the oldest goes first)… */
const MAX_ENTRIES = 5_000;
/** …and at most this many characters of them in all (a 14-day window is ~42 KB). */
const MAX_CHARS = 32 * 1024 * 1024;
/**
 * How long an answer is served. The available slots depend on now() (slots that started or
 * came within the minimum notice drop out, the provider's today is the default start), and so
 * does the list (a booked appointment whose end passed is 'completed' and moves from upcoming
 * to past), which no notification announces. The week view does not (no now() in window.ts):
 * no expiry.
 */
const TTL_MS: Record<WindowKind, number> = {
  week: Infinity,
  available: 1_000,
  list: 1_000,
  // A business's merged available slots (docs/product.md §13.1): like `available`, and it is
  // also how long a staff member joining or leaving (which no notification announces) may
  // take to show.
  business: 1_000,
  // A search engine page (docs/decisions/075-search-engine-pages.md): no clock in it, and 0025
  // announces whatever it shows that 0015 does not.
  page: Infinity,
};

interface Entry {
  /** The providers whose changes drop it: the one it shows, or a business's staff. */
  providerIds: string[];
  body: string;
  /** performance.now() when the read that produced it began. */
  storedAt: number;
}

/**
 * Whether a load from a source other than the primary (a read replica) may be kept: given the
 * instant the last invalidation was heard, true when the source has already replayed every
 * commit announced before it (docs/decisions/077-read-replica-and-pgbouncer.md). Without one,
 * the source is the primary, which has every commit whose invalidation was heard.
 */
export type KeepRule = (lastInvalidationHeardAt: number) => boolean;

/** The payload that tells every instance to drop a provider's answers ('*': everyone's). */
export const windowInvalidation = (providerId: string) => `w ${providerId}`;

/**
 * Answers of GET /timeslots/view?from&to, GET /search/providers/:id/available-slots and the
 * first page of GET /appointment/provider/view, per provider and variant (window, filter), kept correct like the taken-slot hints (docs/decisions/057):
 *
 * - every change the answers show is announced on the push channel (`w <provider>`, `w *`): by
 *   the 0015 triggers for any SQL, and for a slot's claim by this instance after commit
 *   (`claimed`: announced to all instances before the answer leaves); on arrival the
 *   provider's answers are dropped;
 * - an answer is served only once the push barrier shows every change committed before the
 *   request arrived has been heard of;
 * - while the channel is down (or reloading) nothing is served or stored;
 * - a read that began before some invalidation may not store what it saw (`mark`).
 */
export class ProviderWindowCache implements ChannelHandlers {
  private readonly entries = new Map<string, Entry>();
  /** The keys of each provider's entries, for a per-provider drop. */
  private readonly byProvider = new Map<string, Set<string>>();
  private chars = 0;
  private live = false;
  /** Counts invalidations: a read started at mark m stores only if nothing was dropped since. */
  private forgets = 0;
  /** this.now() of the last invalidation heard (or of the channel coming up). */
  private lastForgetAt = -Infinity;
  /** Sends invalidation payloads to every instance (null: none to tell, e.g. in unit tests). */
  announce: ((payloads: string[]) => Promise<void>) | null = null;

  constructor(
    private readonly barrier: PushBarrier,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** Call before the database read whose answer may be `store`d. */
  mark(): number {
    return this.forgets;
  }

  /**
   * The cached answer for a request that arrived at `since` (performance.now()), or null: only
   * when this instance has heard every change committed before then.
   */
  async get(
    kind: WindowKind,
    providerId: string,
    variant: string,
    since: number,
  ): Promise<string | null> {
    const key = keyOf(kind, providerId.toLowerCase(), variant);
    if (!this.fresh(kind, key)) return null;
    if (!(await this.barrier.caughtUp(since))) return null;
    // Looked up again: an invalidation may have arrived while waiting for the barrier.
    return this.fresh(kind, key)?.body ?? null;
  }

  /**
   * The answer for a request that arrived at `since`: the cached one, else `load()`'s, kept
   * unless a change was heard while it was read. A load that throws stores nothing.
   */
  async answer(
    kind: WindowKind,
    providerId: string,
    variant: string,
    since: number,
    load: () => Promise<string>,
    keeps?: KeepRule,
  ): Promise<string> {
    return this.answerOf(
      kind,
      providerId,
      variant,
      since,
      async () => ({ body: await load(), providerIds: [providerId] }),
      keeps,
    );
  }

  /**
   * `answer` for an answer that shows several providers (a business's merged slots, keyed by
   * the business): `load` also says whose changes drop it.
   */
  async answerOf(
    kind: WindowKind,
    key: string,
    variant: string,
    since: number,
    load: () => Promise<{ body: string; providerIds: string[] }>,
    keeps?: KeepRule,
  ): Promise<string> {
    const cached = await this.get(kind, key, variant, since);
    if (cached !== null) return cached;
    const mark = this.mark();
    const startedAt = this.now();
    // Asked before the read: what the source had replayed then is what the read may see.
    const keep = keeps ? keeps(this.lastForgetAt) : true;
    const { body, providerIds } = await load();
    if (keep) this.storeFor(kind, key, providerIds, variant, body, mark, startedAt);
    return body;
  }

  private fresh(kind: WindowKind, key: string): Entry | null {
    if (!this.live) return null;
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (this.now() - entry.storedAt >= TTL_MS[kind]) {
      this.remove(key);
      return null;
    }
    return entry;
  }

  /** The database's answer, read from `startedAt` on after `mark()` gave `mark`. */
  store(
    kind: WindowKind,
    providerId: string,
    variant: string,
    body: string,
    mark: number,
    startedAt: number,
  ): void {
    this.storeFor(kind, providerId, [providerId], variant, body, mark, startedAt);
  }

  private storeFor(
    kind: WindowKind,
    key: string,
    providerIds: string[],
    variant: string,
    body: string,
    mark: number,
    startedAt: number,
  ): void {
    if (!this.live || mark !== this.forgets || body.length > MAX_CHARS) return;
    const entryKey = keyOf(kind, key.toLowerCase(), variant);
    this.remove(entryKey);
    while (
      this.entries.size > 0 &&
      (this.entries.size >= MAX_ENTRIES || this.chars + body.length > MAX_CHARS)
    ) {
      this.remove(this.entries.keys().next().value!);
    }
    const owners = [...new Set(providerIds.map((id) => id.toLowerCase()))];
    this.entries.set(entryKey, { providerIds: owners, body, storedAt: startedAt });
    this.chars += body.length;
    for (const providerId of owners) {
      let keys = this.byProvider.get(providerId);
      if (!keys) this.byProvider.set(providerId, (keys = new Set()));
      keys.add(entryKey);
    }
  }

  /** Drops the provider's answers ('*': all). */
  forget(providerId: string): void {
    this.forgets++;
    this.lastForgetAt = this.now();
    if (providerId === '*') return this.clear();
    const keys = this.byProvider.get(providerId);
    if (!keys) return;
    for (const key of [...keys]) this.remove(key);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.chars -= entry.body.length;
    for (const providerId of entry.providerIds) {
      const keys = this.byProvider.get(providerId);
      keys?.delete(key);
      if (keys?.size === 0) this.byProvider.delete(providerId);
    }
  }

  private clear(): void {
    this.entries.clear();
    this.byProvider.clear();
    this.chars = 0;
  }

  message(payload: string): void {
    if (payload.startsWith('w ')) this.forget(payload.slice(2));
  }

  async up(): Promise<void> {
    this.forgets++;
    // Changes committed while the channel was down were never heard: count them as heard now.
    this.lastForgetAt = this.now();
    this.clear();
    this.live = true;
  }

  down(): void {
    this.live = false;
    this.forgets++;
    this.clear();
  }

  /**
   * A slot's claim (booking, reschedule), which no trigger announces (see 0015): the provider's
   * answers are dropped here at once and every other instance is told, before the answer
   * leaves (app/appointment-changes.ts calls it after commit). A freed slot is announced by the
   * trigger, in its transaction.
   */
  async claimed(providerId: string): Promise<void> {
    this.forget(providerId);
    await this.announce?.([windowInvalidation(providerId)]);
  }
}

/** `providerId` lower-cased as the database writes it (the path may spell a UUID in capitals). */
function keyOf(kind: WindowKind, providerId: string, variant: string): string {
  return `${kind}|${providerId}|${variant}`;
}

/** The variant of a from–to window: its raw query values, `-` when absent. */
export function windowVariant(window: { from?: string; to?: string }): string {
  return `${window.from ?? '-'}|${window.to ?? '-'}`;
}
