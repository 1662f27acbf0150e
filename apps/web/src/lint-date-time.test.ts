import { beforeAll, describe, expect, it } from 'vitest';
import { eslintProbe } from '../../../scripts/eslint-probe';

/** docs/product.md §14.5: one date and time format, enforced by eslint.config.js. */
const properties = eslintProbe('no-restricted-properties');
const imports = eslintProbe('no-restricted-imports');
const MESSAGE =
  'Format dates and times with apps/web/src/lib/date-time-format.ts (docs/product.md §14.5).';

beforeAll(() => properties.warmUp('apps/web/src/warm-up.ts'), 120_000);

describe('one date and time format (eslint.config.js)', { timeout: 30_000 }, () => {
  it('refuses Intl date formatters and toLocale*String outside lib/date-time-format.ts', async () => {
    const errors = await properties.errors('apps/web/src/features/accounts/date-probe.tsx', [
      "const day = new Intl.DateTimeFormat('en-US').format(new Date());",
      "const ago = new Intl.RelativeTimeFormat('en').format(-1, 'day');",
      'const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;',
      'const a = new Date().toLocaleDateString();',
      'const b = new Date().toLocaleTimeString();',
      'const c = new Date().toLocaleString();',
      'export { day, ago, zone, a, b, c };',
    ]);
    expect(errors).toHaveLength(6);
    for (const error of errors) expect(error).toContain(MESSAGE);
  });

  it('refuses the old formatters lib/format-slot and lib/calendar-day-format', async () => {
    const fromFeature = await imports.errors('apps/web/src/features/messages/date-probe.ts', [
      "import { formatSlot } from '../../lib/format-slot';",
      "import { calendarDayFormatter } from '../../lib/calendar-day-format';",
      'export { formatSlot, calendarDayFormatter };',
    ]);
    const fromLib = await imports.errors(
      'apps/web/src/lib/date-probe.ts',
      "export { formatSlot } from './format-slot';\n",
    );
    const fromApp = await imports.errors(
      'apps/web/src/app/date-probe.ts',
      "export { formatSlot } from '../lib/format-slot';\n",
    );
    expect([fromFeature.length, fromLib.length, fromApp.length]).toEqual([2, 1, 1]);
    expect(fromLib[0]).toContain(MESSAGE);
  });

  it('keeps the other forbidden imports in the same files', async () => {
    const errors = await imports.errors(
      'apps/web/src/features/messages/date-probe.ts',
      "import { z } from 'zod';\nexport { z };\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('lets lib/date-time-format.ts use Intl, and others use its functions', async () => {
    const inFormatter = await properties.errors(
      'apps/web/src/lib/date-time-format.ts',
      "export const f = new Intl.DateTimeFormat('en-US');\n",
    );
    const user = await imports.errors(
      'apps/web/src/features/messages/date-probe.ts',
      "export { formatDate } from '../../lib/date-time-format';\n",
    );
    expect([inFormatter, user]).toEqual([[], []]);
  });
});
