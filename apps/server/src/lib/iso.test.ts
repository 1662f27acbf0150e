import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/database';
import { queryRows } from '../db/client';
import { isoMicrosTextOf, isoTextOf, toIso } from './iso';

describe('toIso', () => {
  it('writes a Date or a timestamp text as Date#toISOString() does', () => {
    expect(toIso(new Date(Date.UTC(2026, 2, 14, 15, 0, 0, 120)))).toBe('2026-03-14T15:00:00.120Z');
    expect(toIso('2026-03-14 11:00:00.12-04')).toBe('2026-03-14T15:00:00.120Z');
    expect(toIso('2026-03-14T15:00:00Z')).toBe('2026-03-14T15:00:00.000Z');
  });
});

describe('ISO text built in SQL', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.drop());

  it('agrees with toIso of what the driver reads, whatever the session time zone', async () => {
    const at = sql`'2026-03-14T15:00:00.123456Z'::timestamptz`;
    const [row] = await test.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Pacific/Kiritimati'`);
      return queryRows<{ value: Date | string; text: string; micros: string }>(
        tx,
        sql`select ${at} as value, ${isoTextOf(at)} as text, ${isoMicrosTextOf(at)} as micros`,
      );
    });
    expect(row!.text).toBe('2026-03-14T15:00:00.123Z');
    expect(row!.text).toBe(toIso(row!.value));
    expect(row!.micros).toBe('2026-03-14T15:00:00.123456Z');
  });
});
