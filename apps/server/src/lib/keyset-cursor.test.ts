import { describe, expect, it } from 'vitest';
import { decodeKeysetCursor, encodeKeysetCursor } from './keyset-cursor';

const id = '0b5a3c2e-7d4f-4e1a-9c3b-2f6d8e9a1b0c';
const at = '2026-03-14T15:00:00.123456Z';
const forged = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

describe('keyset cursors', () => {
  it('decode what they encode, tags first', () => {
    expect(decodeKeysetCursor(encodeKeysetCursor({ at, id }))).toEqual({ tags: [], at, id });
    const tagged = encodeKeysetCursor({ at, id }, ['a1', '0']);
    expect(tagged).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeKeysetCursor(tagged, 2)).toEqual({ tags: ['a1', '0'], at, id });
  });

  it('are base64url of the parts joined by |', () => {
    expect(encodeKeysetCursor({ at, id }, ['a1'])).toBe(forged(`a1|${at}|${id}`));
  });

  it('read an upper-case id as the same row', () => {
    expect(decodeKeysetCursor(forged(`${at}|${id.toUpperCase()}`))?.id).toBe(id);
  });

  it('refuse anything this server did not make', () => {
    for (const cursor of [
      '',
      'junk',
      'not base64!',
      "' or 1=1 --",
      `${encodeKeysetCursor({ at, id })}=`,
      forged(`${at}|${id}|extra`),
      forged(`x|${at}|${id}`),
      forged(`${at}`),
      forged(`${at}|not-a-uuid`),
      forged(`2026-13-45T00:00:00.000000Z|${id}`),
      forged(`2026-02-30T00:00:00.000000Z|${id}`),
      forged(`2026-01-01T24:00:00.000000Z|${id}`),
      forged(`0000-01-01T00:00:00.000000Z|${id}`),
      forged(`2026-01-01T00:00:00Z|${id}`),
      forged(`2026-01-01T00:00:00.000Z|${id}`),
      forged(`2026-01-01 00:00:00.000000+00|${id}`),
    ]) {
      expect(decodeKeysetCursor(cursor), cursor).toBeNull();
    }
    expect(decodeKeysetCursor(forged(`a1|${at}|${id}`), 2)).toBeNull();
  });
});
