import { beforeAll, describe, expect, it } from 'vitest';
import { eslintProbe } from '../../../scripts/eslint-probe';

const probe = eslintProbe('server-boundaries/module-boundaries');
/** The boundary-rule messages for `code` as if it were the (not existing) file `file`. */
const boundaryErrors = probe.errors;

beforeAll(() => probe.warmUp('apps/server/src/lib/warm-up.ts'), 120_000);

describe(
  'server module boundaries (eslint.config.js, apps/server/eslint/module-boundaries.js)',
  { timeout: 30_000 },
  () => {
    it('refuses a module importing a module of a later layer, so no two can import each other', async () => {
      // appointments (layer 1) ← email (layer 5): email may import appointments, never back.
      const errors = await boundaryErrors(
        'apps/server/src/modules/appointments/boundary-probe.ts',
        "import { appointmentMailConsumer } from '../email/appointment-mail-consumer';\nexport { appointmentMailConsumer };\n",
      );
      expect(errors).toEqual([
        'modules/appointments (layer 1) may import only modules of earlier layers; modules/email is in layer 5 (MODULE_LAYERS, apps/server/eslint/module-boundaries.js). (../email/appointment-mail-consumer)',
      ]);
    });

    it('refuses a module of the same layer, also as a type import or a re-export', async () => {
      const errors = await boundaryErrors(
        'apps/server/src/modules/discovery/nested/boundary-probe.ts',
        [
          "import type { Stats } from '../../stats/service';",
          "export { trustFigures } from '../../stats/trust-figures';",
          'export type { Stats };',
        ],
      );
      expect(errors).toHaveLength(2);
    });

    it('allows a module its own files, earlier modules and the infrastructure', async () => {
      const errors = await boundaryErrors('apps/server/src/modules/email/boundary-probe.ts', [
        "import { changeOf } from '../appointments/notice';",
        "import { createPasswordResetToken } from '../accounts/password-reset';",
        "import { getPreferences } from './preferences';",
        "import { authenticated } from '../../plugins/authenticate';",
        "import { jobRecords } from '../../jobs/job-queue';",
        "import { NotFoundError } from '../../errors';",
        'export { changeOf, createPasswordResetToken, getPreferences, authenticated };',
        'export { jobRecords, NotFoundError };',
      ]);
      expect(errors).toEqual([]);
    });

    it('refuses infrastructure importing a module, and anything below importing the composition', async () => {
      const fromLib = await boundaryErrors(
        'apps/server/src/lib/boundary-probe.ts',
        "export { toClientView } from '../modules/appointments/views';\n",
      );
      const fromPush = await boundaryErrors(
        'apps/server/src/push/boundary-probe.ts',
        "import type { AppointmentChange } from '../modules/appointments/change';\nexport type { AppointmentChange };\n",
      );
      const fromModule = await boundaryErrors(
        'apps/server/src/modules/stats/boundary-probe.ts',
        "export { buildApp } from '../../app';\n",
      );
      const fromPlugin = await boundaryErrors(
        'apps/server/src/plugins/boundary-probe.ts',
        "export { routesPlugin } from '../app/routes';\n",
      );
      expect([fromLib, fromPush, fromModule, fromPlugin].map((e) => e.length)).toEqual([
        1, 1, 1, 1,
      ]);
      expect(fromLib[0]).toMatch(/^Infrastructure .* never imports a module/);
    });

    it('lets the composition import any module, and infrastructure import infrastructure', async () => {
      const fromApp = await boundaryErrors(
        'apps/server/src/app/boundary-probe.ts',
        "export { calendarFeedRoutes } from '../modules/calendar/routes';\nexport { pushPlugin } from '../push/push-plugin';\n",
      );
      const fromPlugin = await boundaryErrors(
        'apps/server/src/plugins/boundary-probe.ts',
        "export { Revocations } from '../push/revocations';\n",
      );
      expect([...fromApp, ...fromPlugin]).toEqual([]);
    });

    it('refuses a module folder without a layer, and a file directly in modules/', async () => {
      const undeclared = await boundaryErrors(
        'apps/server/src/modules/loyalty/boundary-probe.ts',
        'export const probe = 1;\n',
      );
      const loose = await boundaryErrors(
        'apps/server/src/modules/boundary-probe.ts',
        'export const probe = 1;\n',
      );
      expect(undeclared).toEqual([
        'modules/loyalty has no layer: add it to MODULE_LAYERS (apps/server/eslint/module-boundaries.js).',
      ]);
      expect(loose).toHaveLength(1);
    });
  },
);
