import { isUuid } from './uuid';

/**
 * The opaque cursor of a keyset-paginated list: the last row a page showed, as base64url text of
 * `<tag>|…|<instant>|<id>` (docs/decisions/045-reviews-and-ratings.md,
 * docs/decisions/052-paginated-appointment-lists.md). The tags are the list's own (a version, a
 * segment); the instant keeps PostgreSQL's microseconds (`isoMicrosTextOf`), so the next page
 * starts exactly after the row and no two pages overlap or skip one. Cursors are short-lived and
 * never stored by clients: the format may change with the list.
 *
 * Decoding checks every part, so a cursor this server did not make is refused before it reaches
 * a query (the list answers 400, never a SQL error).
 */

export interface KeysetPosition {
  /** The row's instant, UTC with microseconds: `2026-03-14T15:00:00.123456Z`. */
  at: string;
  /** The row's id (a UUID, lower case). */
  id: string;
}

export interface DecodedKeysetCursor extends KeysetPosition {
  tags: string[];
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const INSTANT = /^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeKeysetCursor(position: KeysetPosition, tags: readonly string[] = []): string {
  return Buffer.from([...tags, position.at, position.id].join('|'), 'utf8').toString('base64url');
}

/** The tags (`tagCount` of them) and the position, or null for anything that is not such a cursor. */
export function decodeKeysetCursor(cursor: string, tagCount = 0): DecodedKeysetCursor | null {
  if (!BASE64URL.test(cursor)) return null;
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (parts.length !== tagCount + 2) return null;
  const id = parts.pop()!;
  const at = parts.pop()!;
  if (!INSTANT.test(at) || !isUuid(id) || !isCalendarInstant(at)) return null;
  return { tags: parts, at, id: id.toLowerCase() };
}

/** The pattern lets 2026-13-45 through; the calendar must agree to the second. */
function isCalendarInstant(at: string): boolean {
  const parsed = new Date(at);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 19) === at.slice(0, 19);
}
