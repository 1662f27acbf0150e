import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';

/**
 * Clocks of the database and of the instances differ a little, and a token signed right as a
 * password reset commits may carry the old generation: entries are kept this much longer than
 * strictly needed.
 */
const CLOCK_MARGIN_MS = 60 * 60 * 1000;

interface Generation {
  generation: number;
  /** After this instant every token of an older generation has expired (ms since the epoch). */
  until: number;
}

/**
 * This instance's copy of what the revocation tables say (docs/decisions/056): logged-out token
 * ids, and the session generation of accounts whose password was reset. Complete only while
 * `live`: loaded after LISTEN started and kept current by the notifications since. While not
 * live (starting, listener down, reloading), the caller asks the database instead.
 *
 * Bounded: a revoked token id is dropped once the token has expired anyway, a generation once
 * every token issued before it has.
 */
export class Revocations {
  private readonly revoked = new Map<string, number>();
  private readonly generations = new Map<string, Generation>();
  /** Bumped by every `down`: a reload that began before it must not declare the set live. */
  private epoch = 0;
  private isLive = false;
  private listening = false;

  constructor(
    private readonly db: Db,
    private readonly tokenTtlMs: number,
  ) {}

  get live(): boolean {
    return this.isLive;
  }

  get size(): { tokens: number; accounts: number } {
    return { tokens: this.revoked.size, accounts: this.generations.size };
  }

  /** Refused by what this instance knows (always consulted; conclusive only while `live`). */
  refuses(jti: string, userId: string, generation: number, now = Date.now()): boolean {
    const expires = this.revoked.get(jti);
    if (expires !== undefined && expires > now) return true;
    const current = this.generations.get(userId);
    return current !== undefined && current.until > now && current.generation > generation;
  }

  addToken(jti: string, expiresAtMs: number): void {
    const known = this.revoked.get(jti);
    if (known === undefined || known < expiresAtMs) this.revoked.set(jti, expiresAtMs);
  }

  addGeneration(userId: string, generation: number, updatedAtMs: number): void {
    const known = this.generations.get(userId);
    if (known && known.generation >= generation) return;
    this.generations.set(userId, {
      generation,
      until: updatedAtMs + this.tokenTtlMs + CLOCK_MARGIN_MS,
    });
  }

  /** A notification of the push channel; an unreadable revocation makes the set untrustworthy. */
  message(payload: string): void {
    if (!payload.startsWith('r ') && !payload.startsWith('g ')) return;
    const parts = payload.split(' ');
    if (parts[0] === 'r' && parts.length === 3 && Number.isFinite(Number(parts[2]))) {
      this.addToken(parts[1]!, Number(parts[2]) * 1000);
      return;
    }
    if (
      parts[0] === 'g' &&
      parts.length === 4 &&
      Number.isInteger(Number(parts[2])) &&
      Number.isFinite(Number(parts[3]))
    ) {
      this.addGeneration(parts[1]!, Number(parts[2]), Number(parts[3]));
      return;
    }
    // Never guess: ask the database until a reload has made the set complete again.
    this.isLive = false;
    if (this.listening) void this.reload().catch(() => {});
  }

  /** The listener stopped: notifications may be lost from now on. */
  down(): void {
    this.listening = false;
    this.epoch++;
    this.isLive = false;
  }

  /** The listener (re)started: notifications arrive from now on; load what came before. */
  async up(): Promise<void> {
    this.listening = true;
    await this.reload();
  }

  /** Loads every entry that can still refuse a token, then trusts the set (if still listening). */
  private async reload(): Promise<void> {
    const epoch = ++this.epoch;
    const margin = sql.raw(`interval '${CLOCK_MARGIN_MS / 1000} seconds'`);
    const tokens = await queryRows<{ jti: string; expires: string | number }>(
      this.db,
      sql`select jti, floor(extract(epoch from expires_at) * 1000)::float8 as expires
          from revoked_tokens where expires_at > now() - ${margin}`,
    );
    const accounts = await queryRows<{
      user_id: string;
      generation: number;
      updated: string | number;
    }>(
      this.db,
      sql`select user_id, generation, floor(extract(epoch from updated_at) * 1000)::float8 as updated
          from session_generations
          where updated_at > now() - ${sql.raw(`interval '${this.tokenTtlMs / 1000} seconds'`)} - ${margin}`,
    );
    for (const row of tokens) this.addToken(row.jti, Number(row.expires));
    for (const row of accounts)
      this.addGeneration(row.user_id, row.generation, Number(row.updated));
    this.sweep();
    if (epoch === this.epoch && this.listening) this.isLive = true;
  }

  /** Drops what can no longer refuse anything (the token would be refused as expired). */
  sweep(now = Date.now()): void {
    for (const [jti, expires] of this.revoked) if (expires <= now) this.revoked.delete(jti);
    for (const [userId, { until }] of this.generations) {
      if (until <= now) this.generations.delete(userId);
    }
  }
}
