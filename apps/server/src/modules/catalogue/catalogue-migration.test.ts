import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app';
import { createProvider } from '../../../test/helpers/factories';
import { providers } from '../../db/schema';

/** The 0004_catalogue statement that guesses existing providers' categories, run for real. */
async function categoryGuessStatement(): Promise<string> {
  const file = fileURLToPath(new URL('../../db/migrations/0004_catalogue.sql', import.meta.url));
  const statements = (await fs.readFile(file, 'utf8')).split('--> statement-breakpoint');
  const guess = statements.find((s) => s.includes('UPDATE "providers" SET "category"'));
  if (!guess) throw new Error('no category guess in 0004_catalogue.sql');
  return guess;
}

describe('migration 0004: categories of existing providers', () => {
  const t = useTestApp();

  it('guesses a category from the specialty, else leaves it null (unlisted)', async () => {
    const cases: [string | null, string | null][] = [
      ['Barber', 'barber'],
      ['Hair stylist', 'barber'],
      ['Private driver', 'driver'],
      ['Math tutor', 'tutor'],
      ['Piano lessons', 'tutor'],
      ['Wedding photographer', 'photographer'],
      ['Auto mechanic', 'mechanic'],
      ['Plumbing & drains', 'plumber'],
      ['Licensed electrician', 'electrician'],
      ['House cleaning', 'cleaner'],
      ['Astrologer', null],
      [null, null],
    ];
    const ids: string[] = [];
    for (const [specialty] of cases) {
      ids.push((await createProvider(t.app, { specialty })).providerId!);
    }
    await t.app.database.db.execute(sql.raw(await categoryGuessStatement()));
    for (const [i, [specialty, expected]] of cases.entries()) {
      const [row] = await t.app.database.db
        .select({ category: providers.category })
        .from(providers)
        .where(eq(providers.id, ids[i]!));
      expect(row!.category, String(specialty)).toBe(expected);
    }
  });
});
