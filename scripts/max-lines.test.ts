import { describe, expect, it } from 'vitest';
import { eslintProbe } from './eslint-probe';

const maxLinesErrors = eslintProbe('max-lines').errors;

/** A module of `lines` lines (the last one ends with a newline, as files here do). */
function moduleOf(lines: number): string {
  return (
    Array.from({ length: lines }, (_, i) => `export const value${i} = ${i};`).join('\n') + '\n'
  );
}

describe('ESLint max-lines (400 lines of source)', () => {
  it.each([
    'apps/server/src/modules/appointments/planted.ts',
    'apps/web/src/features/appointments/planted.tsx',
    'packages/shared/src/planted-schemas.ts',
    'bench/src/planted.ts',
    'e2e/harness/planted.ts',
  ])('refuses a 401-line %s', async (file) => {
    expect(await maxLinesErrors(file, moduleOf(401))).toEqual([
      'File has too many lines (401). Maximum allowed is 400.',
    ]);
  });

  it('counts blank lines and comments too', async () => {
    const text = moduleOf(300) + '\n'.repeat(50) + '// a comment\n'.repeat(51);
    expect(await maxLinesErrors('apps/server/src/lib/planted.ts', text)).toHaveLength(1);
  });

  it('accepts 400 lines', async () => {
    expect(await maxLinesErrors('apps/server/src/lib/planted.ts', moduleOf(400))).toEqual([]);
  });

  it.each([
    'apps/server/src/modules/appointments/planted.test.ts',
    'apps/web/src/features/appointments/planted.test.tsx',
    'apps/server/test/helpers/planted.ts',
    'e2e/planted.test.ts',
    'apps/server/src/demo/planted-catalogue.ts',
  ])('leaves tests, test helpers and demo data alone: %s', async (file) => {
    expect(await maxLinesErrors(file, moduleOf(600))).toEqual([]);
  });
});
