import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { DISCOVERY_MESSAGES, type SearchSort } from '@slotwise/shared/discovery-schemas';
import { ValidationError } from '../../errors';

/**
 * The opaque `cursor` of GET /search/providers (docs/decisions/048-public-discovery.md): the
 * last row's sort key values, the instant and marketplace mean of the first page (so a rating
 * order stays the one of the first page while reviews land), and a digest of the filters, signed
 * with a key derived from the token secret. Anything altered, foreign or expired is a 400 on
 * `cursor`, never a query.
 */

export type KeyValue = string | number | null;

export interface CursorState {
  /** The sort it continues. */
  sort: SearchSort;
  /** Digest of the normalised filters it was made for. */
  filters: string;
  /** The last row's key values, in the sort's key order. */
  keys: KeyValue[];
  /** ISO instant (UTC, microseconds) of the first page: ratings are ranked as of then. */
  asOf: string;
  /** The cached marketplace mean at the first page. */
  mean: number;
  /** Rows already served (the answer's `page` for SPEC's counter). */
  served: number;
  /** The first page's capped count (later pages do not count again). */
  total: number;
}

/** A cursor older than this is refused: the rating history it needs is pruned after it. */
export const CURSOR_MAX_AGE_MS = 60 * 60_000;

const VERSION = 1;

function invalid(): ValidationError {
  return ValidationError.field('cursor', DISCOVERY_MESSAGES.cursorInvalid);
}

export class CursorCodec {
  private readonly key: Buffer;

  constructor(secret: Uint8Array) {
    this.key = createHash('sha256').update('slotwise-search-cursor:').update(secret).digest();
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url').slice(0, 27);
  }

  encode(state: CursorState): string {
    const payload = Buffer.from(
      JSON.stringify([
        VERSION,
        state.sort,
        state.filters,
        state.keys,
        state.asOf,
        state.mean,
        state.served,
        state.total,
      ]),
    ).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** The cursor's state, or 400 fieldErrors.cursor (tampered, foreign, for other filters, expired). */
  decode(cursor: string, expected: { sort: SearchSort; filters: string }, now: Date): CursorState {
    const [payload, signature, extra] = cursor.split('.');
    if (!payload || !signature || extra !== undefined) throw invalid();
    const want = Buffer.from(this.sign(payload));
    const got = Buffer.from(signature);
    if (want.length !== got.length || !timingSafeEqual(want, got)) throw invalid();
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw invalid();
    }
    if (!Array.isArray(parsed) || parsed.length !== 8 || parsed[0] !== VERSION) throw invalid();
    const [, sort, filters, keys, asOf, mean, served, total] = parsed as unknown[];
    if (sort !== expected.sort || filters !== expected.filters) throw invalid();
    if (!Array.isArray(keys) || !keys.every(isKeyValue)) throw invalid();
    if (
      typeof asOf !== 'string' ||
      typeof mean !== 'number' ||
      typeof served !== 'number' ||
      typeof total !== 'number'
    ) {
      throw invalid();
    }
    const at = Date.parse(asOf);
    if (Number.isNaN(at) || now.getTime() - at > CURSOR_MAX_AGE_MS) throw invalid();
    return { sort, filters, keys, asOf, mean, served, total } as CursorState;
  }
}

function isKeyValue(value: unknown): value is KeyValue {
  return (
    value === null ||
    (typeof value === 'string' && value.length <= 200) ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

/** A short digest of the normalised filters (cursor ↔ query match, cache keys). */
export function filtersDigest(filters: unknown): string {
  return createHash('sha256').update(JSON.stringify(filters)).digest('base64url').slice(0, 16);
}
